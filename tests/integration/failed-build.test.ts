/**
 * A failed build leaves the previous site in place: buildSite builds the demo shop into a staging
 * folder of its own and points the output folder at it only when Astro succeeds. A build that
 * cannot reach Supabase answers ok: false with the build's output, leaves every file of the site
 * it would have replaced byte for byte, and leaves no half-built folder behind; the next build
 * that succeeds publishes the catalogue as it is by then.
 *
 * The builds go to an output folder and an Astro cache of this file's own, under a fresh tmp
 * folder, so dist/ and the shared cache are never touched. Each build of the demo takes some
 * 10-25 s; the tests run in order and share the site the first one builds.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, buildsFolder, type BuildOptions, type BuildResult } from '../../scripts/lib/builder.ts';
import { openDemoShop, SITE, type DemoShop } from '../support/demo-stand-in.ts';

const BUILD_TIMEOUT_MS = 120_000;

let shop: DemoShop;
let work: string;
let options: Required<BuildOptions>;
/** The product whose name the tests change, and the page it is on. */
let product: { id: string; name: string };
let productPage: string;

beforeAll(async () => {
  shop = await openDemoShop();
  work = await mkdtemp(join(tmpdir(), 'giftshop-failed-build-'));
  options = { outDir: join(work, 'site'), cacheDir: join(work, 'astro-cache') };
  const [first] = await shop.sql<{ id: string; name: string }>('select id, name from public.products order by id limit 1');
  if (!first) throw new Error('The demo shop has no products to build pages for');
  product = first;
  productPage = join('products', product.id, 'index.html');
});

afterAll(async () => {
  await shop?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The build environment `npm start` gives buildSite, pointed at a Supabase URL. */
const buildEnv = (supabaseUrl: string) => ({
  PUBLIC_SUPABASE_URL: supabaseUrl,
  PUBLIC_SUPABASE_ANON_KEY: shop.standIn.anonKey,
  SITE_URL: SITE,
});

/** Every file of a folder, by path relative to it, with a hash of its bytes. */
async function fingerprint(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), createHash('sha256').update(await readFile(path)).digest('hex'));
  }
  return files;
}

/** What lies beside the output folder: the output, the folder of its builds and the cache. */
const besideOutput = async () => (await readdir(work)).sort();
const BESIDE = ['.site-builds', 'astro-cache', 'site'];

/** The builds on disk, by folder name. */
const builds = async () => (await readdir(buildsFolder(options.outDir))).sort();

/** The build the output folder points at. */
const publishedBuild = async () => basename(await readlink(options.outDir));

/** A port on this machine that nothing listens on: bound for a moment, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const page = (path: string) => readFile(join(options.outDir, path), 'utf8');

/** The build's output in a failure message, so a red test shows why the build went the way it did. */
const explain = (result: BuildResult) => `ok: ${result.ok} after ${result.milliseconds} ms\n${result.output.slice(-3000)}`;

describe('buildSite when a build fails', () => {
  let published: Map<string, string>;
  let buildsAfterPublishing: string[];

  test('a first build publishes the demo shop into the output folder', async () => {
    const result = await buildSite(buildEnv(shop.standIn.url), options);
    expect(result.ok, explain(result)).toBe(true);
    expect(await besideOutput()).toEqual(BESIDE);
    buildsAfterPublishing = await builds();
    expect(buildsAfterPublishing).toEqual([await publishedBuild()]);
    expect(await page(productPage)).toContain(product.name);
    published = await fingerprint(options.outDir);
    expect(published.size).toBeGreaterThan(100);
    expect([...published.keys()]).toEqual(expect.arrayContaining(['index.html', '404.html', productPage]));
  }, BUILD_TIMEOUT_MS);

  /**
   * The checks after a failed build: ok: false with Supabase's failure in the output, no build
   * folder but the published one, the published site byte for byte, and no sign of the rename
   * made before the build.
   */
  async function expectPreviousSiteKept(result: BuildResult): Promise<void> {
    expect(result.ok, explain(result)).toBe(false);
    expect(result.output).toContain('fetch failed');
    expect(await besideOutput()).toEqual(BESIDE);
    expect(await builds()).toEqual(buildsAfterPublishing);
    const now = await fingerprint(options.outDir);
    expect(now.size).toBe(published.size);
    expect(now).toEqual(published);
    expect(await page(productPage)).not.toContain('(renamed)');
  }

  /** A change the failed build would publish if it swapped in. */
  const rename = () => shop.sql('update public.products set name = $2 where id = $1', [product.id, `${product.name} (renamed)`]);

  test('with the stand-in stopped before the build, answers ok: false and leaves the previous site byte for byte', async () => {
    await rename();
    await shop.standIn.suspend();
    try {
      await expectPreviousSiteKept(await buildSite(buildEnv(shop.standIn.url), options));
    } finally {
      await shop.standIn.resume();
    }
  }, BUILD_TIMEOUT_MS);

  test('with PUBLIC_SUPABASE_URL on a port nothing listens on, answers ok: false and leaves the previous site byte for byte', async () => {
    await rename();
    await expectPreviousSiteKept(await buildSite(buildEnv(`http://127.0.0.1:${await closedPort()}`), options));
  }, BUILD_TIMEOUT_MS);

  test('with the stand-in stopped once pages are being written, removes the half-built folder too', async () => {
    await rename();
    // The content is read first; files appear in the new build's folder when Astro starts writing
    // the site, before the pages that read click counts from Supabase are rendered.
    const writing = async () => {
      for (const name of await builds()) {
        if (!buildsAfterPublishing.includes(name) && (await readdir(join(buildsFolder(options.outDir), name))).length > 0) return true;
      }
      return false;
    };
    let building = true;
    const stopWhenStaging = (async () => {
      while (building) {
        if (await writing()) return void (await shop.standIn.suspend());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('buildSite never wrote a file into a new build folder');
    })();
    try {
      const result = await buildSite(buildEnv(shop.standIn.url), options).finally(() => (building = false));
      await stopWhenStaging;
      await expectPreviousSiteKept(result);
    } finally {
      await shop.standIn.resume();
    }
  }, BUILD_TIMEOUT_MS);

  test('the next build that succeeds swaps in the catalogue as it is now, with no moment without a site', async () => {
    // A reader as busy as a server under load, reading the home page until the build is done.
    let building = true;
    let reads = 0;
    const failures: string[] = [];
    const reader = (async () => {
      while (building) {
        await readFile(join(options.outDir, 'index.html')).then(() => reads++, (error: Error) => failures.push(error.message));
      }
    })();
    const result = await buildSite(buildEnv(shop.standIn.url), options).finally(() => (building = false));
    await reader;
    expect(result.ok, explain(result)).toBe(true);
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(100);
    expect(await besideOutput()).toEqual(BESIDE);
    // The new build is published; the one before stays until the next publish.
    const current = await publishedBuild();
    expect(await builds()).toEqual([...buildsAfterPublishing, current].sort());
    expect(await page(productPage)).toContain(`${product.name} (renamed)`);
    const now = await fingerprint(options.outDir);
    expect(now.get(productPage)).not.toBe(published.get(productPage));
    expect(now.get('favicon.svg')).toBe(published.get('favicon.svg'));
  }, BUILD_TIMEOUT_MS);
});
