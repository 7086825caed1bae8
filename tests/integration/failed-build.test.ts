/**
 * A failed build leaves the previous site in place: buildSite builds the demo shop into a staging
 * folder beside the output folder and swaps it in only when Astro succeeds. A build that cannot
 * reach Supabase answers ok: false with the build's output, leaves every file of the site it
 * would have replaced byte for byte, and leaves no staging folder behind; the next build that
 * succeeds publishes the catalogue as it is by then.
 *
 * The builds go to an output folder and an Astro cache of this file's own, under a fresh tmp
 * folder, so dist/ and the shared cache are never touched. Each build of the demo takes some
 * 10-25 s; the tests run in order and share the site the first one builds.
 */
import { createHash } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, type BuildOptions, type BuildResult } from '../../scripts/lib/builder.ts';
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

/** What lies beside the output folder: the output and the cache, and no staging or previous folder. */
const besideOutput = async () => (await readdir(work)).sort();

/** A port on this machine that nothing listens on: bound for a moment, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const exists = (path: string) => access(path).then(() => true, () => false);

const page = (path: string) => readFile(join(options.outDir, path), 'utf8');

/** The build's output in a failure message, so a red test shows why the build went the way it did. */
const explain = (result: BuildResult) => `ok: ${result.ok} after ${result.milliseconds} ms\n${result.output.slice(-3000)}`;

describe('buildSite when a build fails', () => {
  let published: Map<string, string>;

  test('a first build publishes the demo shop into the output folder', async () => {
    const result = await buildSite(buildEnv(shop.standIn.url), options);
    expect(result.ok, explain(result)).toBe(true);
    expect(await besideOutput()).toEqual(['astro-cache', 'site']);
    expect(await page(productPage)).toContain(product.name);
    published = await fingerprint(options.outDir);
    expect(published.size).toBeGreaterThan(100);
    expect([...published.keys()]).toEqual(expect.arrayContaining(['index.html', '404.html', productPage]));
  }, BUILD_TIMEOUT_MS);

  /**
   * The checks after a failed build: ok: false with Supabase's failure in the output, nothing
   * beside the output folder but the cache, the published site byte for byte, and no sign of the
   * rename made before the build.
   */
  async function expectPreviousSiteKept(result: BuildResult): Promise<void> {
    expect(result.ok, explain(result)).toBe(false);
    expect(result.output).toContain('fetch failed');
    expect(await besideOutput()).toEqual(['astro-cache', 'site']);
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

  test('with the stand-in stopped once pages are being written, removes the half-built staging folder too', async () => {
    await rename();
    // The content is read first; the staging folder appears when Astro starts writing the site,
    // before the pages that read click counts from Supabase are rendered.
    const staging = join(work, '.site-next');
    let building = true;
    const stopWhenStaging = (async () => {
      while (building) {
        if (await exists(staging)) return void (await shop.standIn.suspend());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`buildSite never made the staging folder ${staging}`);
    })();
    try {
      const result = await buildSite(buildEnv(shop.standIn.url), options).finally(() => (building = false));
      await stopWhenStaging;
      await expectPreviousSiteKept(result);
    } finally {
      await shop.standIn.resume();
    }
  }, BUILD_TIMEOUT_MS);

  test('the next build that succeeds swaps in the catalogue as it is now', async () => {
    const result = await buildSite(buildEnv(shop.standIn.url), options);
    expect(result.ok, explain(result)).toBe(true);
    expect(await besideOutput()).toEqual(['astro-cache', 'site']);
    expect(await page(productPage)).toContain(`${product.name} (renamed)`);
    const now = await fingerprint(options.outDir);
    expect(now.get(productPage)).not.toBe(published.get(productPage));
    expect(now.get('favicon.svg')).toBe(published.get('favicon.svg'));
  }, BUILD_TIMEOUT_MS);
});
