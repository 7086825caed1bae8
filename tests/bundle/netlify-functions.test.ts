/**
 * The functions as Netlify deploys them. Netlify's build reads netlify.toml with @netlify/config
 * and bundles the functions folder with its own bundler, @netlify/zip-it-and-ship-it, which finds
 * each function's routes and schedule by reading its `config` export without running it (static
 * analysis). What it cannot read, such as an imported constant, is left out of the manifest
 * without an error: the endpoint gets no URL, or the scheduled function never runs. So the
 * manifest must say what each function's `config` says when it runs.
 *
 * Slow (a real bundle of every function), hence its own vitest project.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { resolveConfig } from '@netlify/config';
import type { Config } from '@netlify/functions';
import {
  zipFunctions, type Config as BundlerConfig, type FunctionsManifest, type NodeBundlerName,
} from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { config as dailyRebuild } from '../../functions/daily-rebuild.ts';
import { config as priceFeedsDaily } from '../../functions/price-feeds-daily.ts';
import { config as sharedListPage } from '../../functions/shared-list-page.ts';
import { PRICE_FEEDS_CRON } from '../../functions/_shared/price-import/feeds.ts';
import { DAILY_REBUILD_CRON, msUntilDailyRebuild } from '../../functions/_shared/rebuild.ts';
import { SHARED_LIST_PATH } from '../../src/features/wishlist/shared-list.ts';

const root = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

let out: string;
let functionsDir: string;
let manifest: FunctionsManifest;
const bundled = (name: string) => {
  const found = manifest.functions.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in the functions manifest`);
  return found;
};

beforeAll(async () => {
  const { config } = await resolveConfig({ cwd: root, repositoryRoot: root, offline: true });
  functionsDir = config.functionsDirectory as string;
  const functionsConfig = config.functions as Record<string, { node_bundler?: string }>;
  out = await mkdtemp(join(tmpdir(), 'giftshop-functions-'));
  await zipFunctions([functionsDir], out, {
    archiveFormat: 'zip',
    basePath: root,
    repositoryRoot: root,
    manifest: join(out, 'manifest.json'),
    config: bundlerConfig(functionsConfig),
  });
  manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as FunctionsManifest;
}, 300_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

/**
 * netlify.toml's [functions] as Netlify's build hands it to the bundler: `esbuild` asks for
 * esbuild with zip-it-and-ship-it's own bundler as the fallback.
 */
function bundlerConfig(functions: Record<string, { node_bundler?: string }>): BundlerConfig {
  return Object.fromEntries(
    Object.entries(functions).map(([pattern, c]) => [
      pattern,
      {
        nodeBundler: (c.node_bundler === 'esbuild' ? 'esbuild_zisi' : c.node_bundler) as NodeBundlerName | undefined,
        includedFilesBasePath: root,
      },
    ]),
  );
}

/** The function files of functions/ (helpers live in functions/_shared, tests beside them). */
async function functionFiles(): Promise<string[]> {
  const entries = await readdir(functionsDir, { withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')).map((e) => e.name);
}

describe('functions as Netlify bundles them', () => {
  test('every function file is bundled into its own archive', async () => {
    const files = await functionFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(manifest.functions.map((f) => f.name).sort()).toEqual(files.map((f) => basename(f, '.ts')).sort());
    for (const f of manifest.functions) expect((await stat(f.path)).size, f.name).toBeGreaterThan(0);
  });

  test('each function gets the URL, methods and schedule its config gives when it runs', async () => {
    for (const file of await functionFiles()) {
      const name = basename(file, '.ts');
      const { config } = (await import(join(functionsDir, file))) as { config?: Config };
      const methods = config?.method === undefined ? undefined : [config.method].flat();
      const fromConfig = {
        routes: config?.path === undefined ? [] : [config.path].flat().map((path) => ({ pattern: path, literal: path, methods })),
        schedule: config?.schedule,
      };
      const { routes = [], schedule } = bundled(name);
      expect({ routes, schedule }, name).toEqual(fromConfig);
    }
  });

  test.each([
    ['admin-blogs', '/api/admin/blogs', ['POST', 'PUT', 'DELETE']],
    ['admin-categories', '/api/admin/categories', ['POST', 'PUT', 'DELETE']],
    ['admin-platforms', '/api/admin/platforms', ['POST', 'DELETE']],
    ['admin-prices', '/api/admin/prices', ['GET', 'POST', 'PUT']],
    ['admin-products', '/api/admin/products', ['POST', 'PUT', 'DELETE']],
    ['admin-quizzes', '/api/admin/quizzes', ['POST', 'PUT', 'DELETE']],
    ['price-alerts', '/api/price-alerts/unsubscribe', ['GET', 'POST']],
    ['shared-list-page', '/wishlist/shared/', ['GET']],
    ['track-click', '/api/track-click', ['POST']],
  ])('%s answers on %s to %j, and runs on no schedule', (name, path, methods) => {
    const f = bundled(name);
    expect(f.routes).toEqual([{ pattern: path, literal: path, methods }]);
    expect(f.schedule).toBeUndefined();
  });

  test('daily-rebuild runs daily at five past midnight UTC, and has no URL', () => {
    const f = bundled('daily-rebuild');
    expect(f.schedule).toBe('5 0 * * *');
    expect(f.routes ?? []).toEqual([]);
  });

  test('price-feeds-daily runs daily at 04:00 UTC, when npm start runs the feeds, and has no URL', () => {
    const f = bundled('price-feeds-daily');
    expect(f.schedule).toBe('0 4 * * *');
    expect(f.schedule).toBe(PRICE_FEEDS_CRON);
    expect(priceFeedsDaily.schedule).toBe(PRICE_FEEDS_CRON);
    expect(f.routes ?? []).toEqual([]);
  });

  test('shared-list-page answers at the address a shared list\'s link opens', () => {
    expect(bundled('shared-list-page').routes).toEqual([{ pattern: SHARED_LIST_PATH, literal: SHARED_LIST_PATH, methods: ['GET'] }]);
    expect(sharedListPage.path).toBe(SHARED_LIST_PATH);
  });

  test('npm start rebuilds daily when Netlify runs daily-rebuild', () => {
    expect(dailyRebuild.schedule).toBe(DAILY_REBUILD_CRON);
    const [minute, hour, ...everyDay] = DAILY_REBUILD_CRON.split(' ');
    expect(everyDay).toEqual(['*', '*', '*']);
    const atMidnight = msUntilDailyRebuild(new Date('2026-03-04T00:00:00Z'));
    expect(atMidnight).toBe((Number(hour) * 60 + Number(minute)) * 60_000);
  });
});
