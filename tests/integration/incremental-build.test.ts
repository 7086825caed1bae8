/**
 * An incremental build gives the site a full build gives. After each batch of random edits to the
 * demo shop (product fields, prices, a product's categories, a deleted product, a renamed or
 * hidden category, blogs), the shop's build — which carries over every page whose data did not
 * change — is compared page for page with a full build from an empty cache. The batches come from
 * a seeded generator; a failure prints its seed and the demo's moment (INCREMENTAL_SEED=…
 * INCREMENTAL_NOW=… reruns it).
 *
 * Each build of the demo takes 10-25 s, so the batches are few and each is broad.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildSite, type BuildOptions, type BuildResult } from '../../scripts/lib/builder.ts';
import { openDemoShop, SITE, type DemoShop } from '../support/demo-stand-in.ts';

const BATCHES = 3;
const BUILD_TIMEOUT_MS = 180_000;
const seed = Number(process.env.INCREMENTAL_SEED ?? Date.now() % 1_000_000);
/** The moment the demo is seeded as of: the test's start, unless a failure's is given again (INCREMENTAL_NOW=…). */
const seededAsOf = new Date(process.env.INCREMENTAL_NOW ?? Date.now());

let shop: DemoShop;
let work: string;
/** The shop's own output and cache, kept from build to build as `npm start` keeps them. */
let incremental: Required<BuildOptions>;

beforeAll(async () => {
  // As of the test's own start, not the fixed DEMO_NOW: the demo's prices lie whole hours before
  // the moment it is seeded as of, so with DEMO_NOW the last 90 days of 16-34 products' prices lose
  // one at half past every hour, and a full build just after that moment rightly differs from the
  // incremental build just before it. Seeded now, the first price leaves a window 33 hours on.
  shop = await openDemoShop({ now: seededAsOf });
  work = await mkdtemp(join(tmpdir(), 'giftshop-incremental-'));
  incremental = { outDir: join(work, 'site'), cacheDir: join(work, 'astro-cache') };
});

afterAll(async () => {
  await shop?.close();
  if (work && !process.env.KEEP) await rm(work, { recursive: true, force: true });
});

const build = async (options: BuildOptions): Promise<BuildResult> => {
  const result = await buildSite(
    { PUBLIC_SUPABASE_URL: shop.standIn.url, PUBLIC_SUPABASE_ANON_KEY: shop.standIn.anonKey, SITE_URL: SITE },
    options,
  );
  if (!result.ok) throw new Error(`The build failed:\n${result.output}`);
  return result;
};

/** A full build: its own output folder and an empty cache, so every page is rendered. */
async function fullBuild(name: string): Promise<string> {
  const outDir = join(work, name);
  const cacheDir = join(work, `${name}-cache`);
  await Promise.all([outDir, cacheDir].map((dir) => rm(dir, { recursive: true, force: true })));
  await build({ outDir, cacheDir });
  return outDir;
}

/**
 * A page without what differs between any two full builds: the moment of the build, which some
 * islands are handed (the product listing's NEW badges); the ids Astro derives from islands' props;
 * and React's island prefixes, numbered in the order a page's islands happen to finish rendering.
 */
const withoutBuildStamp = (text: string) =>
  text
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<build time>')
    .replace(/<astro-island uid="[^"]*" prefix="[^"]*"/g, '<astro-island');

/** Every file of a built site by path, as a hash of its bytes (its text without the build stamp for pages). */
async function site(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    const comparable = /\.(html|xml|json|txt)$|^_/.test(entry.name) ? withoutBuildStamp(bytes.toString('utf8')) : bytes;
    files.set(relative(dir, path), createHash('sha256').update(comparable).digest('hex'));
  }
  return files;
}

/** The paths whose files differ between two sites, or that only one has. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((path) => a.get(path) !== b.get(path)).sort();
}

/** Where a page of two builds first differs, a little of each side, so a failure says what went stale. */
async function firstDifference(dirA: string, dirB: string, path: string): Promise<string> {
  const [a, b] = await Promise.all([dirA, dirB].map(async (dir) =>
    withoutBuildStamp(await readFile(join(dir, path), 'utf8').catch(() => '(missing)'))));
  let at = 0;
  while (at < a!.length && a![at] === b![at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 80), at + 160));
  return `${path} first differs at character ${at}:\n  incremental ${around(a!)}\n  full        ${around(b!)}`;
}

const utcDay = () => new Date().toISOString().slice(0, 10);

/** A small seeded generator (mulberry32), so a failing batch can be run again. */
function generator(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

type Edit = (random: ReturnType<typeof generator>, batch: number) => Promise<string>;

const anyProduct = async (random: ReturnType<typeof generator>) =>
  random.pick(await shop.sql<{ id: string; name: string }>('select id, name from public.products order by id'));

/** The edits an admin makes, each answering what it did (for the failure message). */
const EDITS: Edit[] = [
  async (random, batch) => {
    const product = await anyProduct(random);
    await shop.sql('update public.products set name = $2 where id = $1', [product.id, `${product.name} (batch ${batch})`]);
    return `renamed product ${product.id}`;
  },
  async (random) => {
    const product = await anyProduct(random);
    await shop.sql('update public.products set price = round((price * 0.8 + 1)::numeric, 2), description = description || $2 where id = $1', [product.id, ' Now cheaper.']);
    return `changed the price and description of product ${product.id}`;
  },
  async (random) => {
    const product = await anyProduct(random);
    const [platform] = await shop.sql<{ platform: string }>('select platform from public.price_history where product_id = $1 order by id limit 1', [product.id]);
    await shop.sql('insert into public.price_history (product_id, platform, price, scraped_at) values ($1, $2, 1.99, now())', [product.id, platform?.platform ?? 'Amazon']);
    return `recorded a new price for product ${product.id}`;
  },
  async (random) => {
    const product = await anyProduct(random);
    const category = random.pick(await shop.sql<{ id: string }>("select id from public.categories where 'product' = any(type) order by id"));
    await shop.sql("update public.products set category_ids = array[$2::uuid], subcategory_ids = '{}' where id = $1", [product.id, category.id]);
    return `moved product ${product.id} to category ${category.id}`;
  },
  async (random) => {
    const product = await anyProduct(random);
    await shop.sql('delete from public.products where id = $1', [product.id]);
    return `deleted product ${product.id}`;
  },
  async (random, batch) => {
    const category = random.pick(await shop.sql<{ id: string; name: string }>('select id, name from public.categories where visible order by id'));
    await shop.sql('update public.categories set name = $2 where id = $1', [category.id, `${category.name} ${batch}`]);
    return `renamed category ${category.id}`;
  },
  async (random) => {
    const category = random.pick(await shop.sql<{ id: string }>('select id from public.categories where visible and not featured order by id'));
    await shop.sql('update public.categories set visible = false where id = $1', [category.id]);
    return `hid category ${category.id}`;
  },
  async (random, batch) => {
    const blog = random.pick(await shop.sql<{ id: string; title: string }>('select id, title from public.blogs order by id'));
    await shop.sql("update public.blogs set title = $2, content = content || E'\\n\\nOne more idea.' where id = $1", [blog.id, `${blog.title} ${batch}`]);
    return `edited blog ${blog.id}`;
  },
];

test(`after each batch of random edits the incremental build equals a full build, page for page (seed ${seed}, demo as of ${seededAsOf.toISOString()})`, async () => {
  const random = generator(seed);
  const first = await build(incremental);
  expect(first.pages.carried).toBe(0);

  for (let batch = 1; batch <= BATCHES; batch += 1) {
    const done: string[] = [];
    for (let i = 0; i < 3; i += 1) done.push(await random.pick(EDITS)(random, batch));

    // Both builds on one UTC day: a page shows facts of its day (the price chart's last day, the
    // day's popular lists), so builds either side of midnight rightly differ. Across midnight both
    // are built again, the incremental build from its pages of the day before.
    let full: string;
    let day: string;
    do {
      day = utcDay();
      await build(incremental);
      full = await fullBuild(`full-${batch}`);
    } while (utcDay() !== day);
    const differing = differences(await site(incremental.outDir), await site(full));
    // The first few paths and where the first one differs: a failure's report stays short enough
    // for CI's log to keep whole, even when every page differs.
    const where = differing[0] ? `\n${await firstDifference(incremental.outDir, full, differing[0])}\n` : '';
    const report = `INCREMENTAL_SEED=${seed} INCREMENTAL_NOW=${seededAsOf.toISOString()}, batch ${batch}: ${done.join('; ')}; ${differing.length} files differ${where}`;
    expect(differing.slice(0, 5), report).toEqual([]);
    await rm(full, { recursive: true, force: true });
  }
}, (1 + 2 * BATCHES) * BUILD_TIMEOUT_MS);

test("one product edit renders that product's page and the pages that list it, and carries the other product pages over", async () => {
  const first = await build(incremental);
  const [product] = await shop.sql<{ id: string; name: string }>('select id, name from public.products order by id desc limit 1');
  await shop.sql('update public.products set name = $2 where id = $1', [product!.id, 'Incrementally Renamed Gift']);

  const previous = join(dirname(incremental.outDir), await readlink(incremental.outDir));
  const after = await build(incremental);
  const pagePath = join('products', product!.id, 'index.html');
  expect(await readFile(join(incremental.outDir, pagePath), 'utf8')).toContain('Incrementally Renamed Gift');
  // The new page was written to a file of its own, not through the link it started as: the build
  // before, still being served until the swap, kept its page.
  const before = await readFile(join(previous, pagePath), 'utf8');
  expect(before).toContain('<h1');
  expect(before).not.toContain('Incrementally Renamed Gift');
  const productPages = (await readdir(join(incremental.outDir, 'products'), { withFileTypes: true })).filter((e) => e.isDirectory()).length;
  // The pages without a cache key (home, listings, categories…) render every time; of the product
  // pages, only the edited one and those that show it among their related products.
  expect(after.pages.carried).toBeGreaterThan(productPages * 0.8);
  expect(after.pages.rendered).toBeLessThan(first.pages.rendered + first.pages.carried - productPages * 0.8);
}, 2 * BUILD_TIMEOUT_MS);
