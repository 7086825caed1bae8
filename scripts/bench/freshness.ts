/**
 * `npm run bench:freshness`: how long an admin's change takes to reach the public site — from
 * the save to the first response of the product page that shows it — on the demo catalogue and on
 * the 10,000- and 100,000-product catalogues, with each rebuild's page counts (rendered, carried
 * over from the previous build) and its peak memory.
 *
 * For each catalogue, a complete shop of its own (startShop: stand-in, build, site server,
 * build hook; ports 8897/54398, its data, output and Astro cache folders under
 * .data/bench-freshness-<catalogue>/, never dist/ or the shared shop) is started in a child
 * process — the functions keep their environment for the life of a process. Then, a few times:
 * sign in as the demo admin through the stand-in's /auth/v1/token, rename a product through the
 * real admin function (PUT /api/admin/products with the admin's Bearer token), and poll the
 * public product page until the new name appears. The time includes the rebuilder's 1 s quiet
 * period, the click rollup, the incremental build, the publish and, when the build changed _redirects
 * or _headers, the site emulation's restart.
 * Prints the times with their median and max, writes bench-results/freshness.json and
 * docs/benchmarks/freshness.md.
 *
 *   npm run bench:freshness
 *   npm run bench:freshness -- --runs 5 --only demo
 *
 * Options: --runs N saves per catalogue (default 3), --only demo|10k|100k.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/demo.ts';
import type { PageCounts } from '../lib/builder.ts';
import { startShop, type BuildStatus, type Shop } from '../lib/shop.ts';
import { load1m } from './report.ts';
import { DATA_DIR, demoCatalogueIn, ROOT, scaleCatalogueIn } from './shop-data.ts';
import { percentile } from './stats.ts';
import { handWrittenNotes, NOTES_MARKER } from './summary.ts';

/** Save → page targets (issue 'Fresh at any size'); the demo's is the specification's. */
const CATALOGUES = {
  demo: { products: 0, targetSeconds: 30 },
  '10k': { products: 10_000, targetSeconds: 15 },
  '100k': { products: 100_000, targetSeconds: 60 },
} as const;
/** The most memory a rebuild may take (issue 'Fresh at any size'). */
const PEAK_MEMORY_TARGET_MB = 2048;
type CatalogueName = keyof typeof CATALOGUES;
const PORTS = { site: 8897, supabase: 54398 };
/** A save whose page has not changed after this long counts as failed. */
const GIVE_UP_MS = 600_000;
const POLL_MS = 250;
const RESULT_FILE = join(ROOT, 'bench-results', 'freshness.json');
const SUMMARY_FILE = join(ROOT, 'docs', 'benchmarks', 'freshness.md');
/** The child's last line: its result as JSON after this prefix. */
const RESULT_LINE = 'FRESHNESS-RESULT ';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    child: { type: 'string' },
  },
  strict: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs wants a whole number of at least 1, not '${values.runs}'.`);
  process.exit(2);
}
const isCatalogue = (name: string | undefined): name is CatalogueName => name !== undefined && name in CATALOGUES;
if (values.only !== undefined && !isCatalogue(values.only)) {
  console.error(`--only wants demo, 10k or 100k, not '${values.only}'.`);
  process.exit(2);
}

interface Save {
  /** From sending the save to the first page response showing it. */
  seconds: number;
  /** How long the admin function took to answer the save. */
  saveMs: number;
  /** The build that published it (from the shop's build status). */
  buildSeconds: number | null;
  /** That build's pages: rendered, and carried over unchanged from the build before. */
  pages: PageCounts | null;
  peakMemoryMb: number | null;
}

interface CatalogueResult {
  catalogue: CatalogueName;
  products: number;
  firstBuildSeconds: number;
  saves: Save[];
  medianSeconds: number;
  maxSeconds: number;
  targetSeconds: number;
  /** The largest peak memory of the rebuilds. */
  peakMemoryMb: number;
  met: boolean;
  load1m: { start: number; end: number };
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

// ---------------------------------------------------------------------------------------------
// The child: one catalogue, one shop
// ---------------------------------------------------------------------------------------------

interface ProductRow {
  id: string;
  name: string;
  description: string;
  price: number | string;
  image_url: string;
  category_ids: string[];
}

/** The demo admin's access token, as the admin page gets it: a password sign-in at the Auth API. */
async function adminToken(shop: Shop): Promise<string> {
  const response = await fetch(`${shop.standIn.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: shop.standIn.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`admin sign-in answered ${response.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The newest product, read as a visitor would: the one the bench renames. */
async function newestProduct(shop: Shop): Promise<ProductRow> {
  const url = `${shop.standIn.url}/rest/v1/products?select=id,name,description,price,image_url,category_ids&order=created_at.desc,id&limit=1`;
  const response = await fetch(url, { headers: { apikey: shop.standIn.anonKey } });
  const rows = (await response.json()) as ProductRow[];
  if (!response.ok || !rows[0]) throw new Error(`reading a product answered ${response.status}`);
  return rows[0];
}

/** Saves the product under a new name through the admin function; resolves when it answers. */
async function rename(shop: Shop, token: string, product: ProductRow, name: string): Promise<void> {
  const response = await fetch(`${shop.siteUrl}/api/admin/products`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: product.id, name, description: product.description, price: Number(product.price),
      image_url: product.image_url, category_ids: product.category_ids,
    }),
  });
  if (!response.ok) throw new Error(`PUT /api/admin/products answered ${response.status}: ${await response.text()}`);
}

/** Polls the public page until it shows `text`; resolves with the time it first did. */
async function waitForPage(url: string, text: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    try {
      const response = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
      if (response.ok && (await response.text()).includes(text)) return performance.now();
    } catch {
      // The emulation restarts after a build that changed _redirects or _headers; a refused connection means "not yet".
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} did not show "${text}" within ${GIVE_UP_MS / 1000} s`);
}

async function measureCatalogue(name: CatalogueName): Promise<CatalogueResult> {
  const log = (message: string) => console.log(`[${name}] ${message}`);
  const work = join(DATA_DIR, `bench-freshness-${name}`);
  const dataDir = join(work, 'pglite');
  const { products, targetSeconds } = CATALOGUES[name];
  if (products > 0) await scaleCatalogueIn(dataDir, products, log, () => undefined);
  else await demoCatalogueIn(dataDir, log);

  log('starting the shop (first build: cold)…');
  const firstBuild = performance.now();
  const shop = await startShop({
    sitePort: PORTS.site, supabasePort: PORTS.supabase, dataDir,
    outDir: join(work, 'dist'), cacheDir: join(work, 'astro-cache'), log,
  });
  const firstBuildSeconds = seconds(performance.now() - firstBuild);
  const loadStart = load1m();
  try {
    const token = await adminToken(shop);
    const product = await newestProduct(shop);
    const page = `${shop.siteUrl}/products/${product.id}`;
    log(`renaming "${product.name}" (${page}) ${runs} times`);
    const saves: Save[] = [];
    for (let run = 1; run <= runs; run += 1) {
      await shop.rebuilder.idle();
      // A token of plain characters marks the new name, so the page's HTML escaping cannot hide it.
      const mark = `edit-${run}-${Date.now()}`;
      const sent = performance.now();
      await rename(shop, token, product, `${product.name} ${mark}`);
      const saveMs = Math.round(performance.now() - sent);
      const shown = await waitForPage(page, mark);
      // The page changes when the new build is swapped in, a moment before the build is recorded.
      await shop.rebuilder.idle();
      const { last } = (await (await fetch(`${shop.siteUrl}/.netlify/build-status`)).json()) as BuildStatus;
      const save = {
        seconds: seconds(shown - sent),
        saveMs,
        buildSeconds: last ? seconds(last.finishedAt - last.startedAt) : null,
        pages: last?.pages ?? null,
        peakMemoryMb: last?.peakMemoryMb ?? null,
      };
      saves.push(save);
      log(`save ${run}: page updated after ${save.seconds} s (save answered in ${saveMs} ms; build ${save.buildSeconds} s, ` +
        `${save.pages?.rendered ?? '?'} pages rendered, ${save.pages?.carried ?? '?'} carried over, peak ${save.peakMemoryMb ?? '?'} MB)`);
    }
    const sorted = saves.map((s) => s.seconds).sort((a, b) => a - b);
    const maxSeconds = sorted.at(-1)!;
    const peakMemoryMb = Math.max(...saves.map((s) => s.peakMemoryMb ?? Infinity));
    const { rows } = await shop.standIn.db.query<{ n: number }>('select count(*)::int as n from public.products');
    return {
      catalogue: name, products: rows[0]!.n, firstBuildSeconds, saves,
      medianSeconds: percentile(sorted, 50), maxSeconds, targetSeconds, peakMemoryMb,
      met: maxSeconds <= targetSeconds && peakMemoryMb <= PEAK_MEMORY_TARGET_MB,
      load1m: { start: loadStart, end: load1m() },
    };
  } finally {
    await shop.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The parent: one child per catalogue, then the report
// ---------------------------------------------------------------------------------------------

function runChild(name: CatalogueName): Promise<CatalogueResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--child', name, '--runs', String(runs)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: CatalogueResult | undefined;
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith(RESULT_LINE)) result = JSON.parse(line.slice(RESULT_LINE.length)) as CatalogueResult;
        else console.log(line);
      }
    });
    child.on('close', (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the ${name} run ended with exit code ${code}`));
    });
  });
}

/** A rebuild's pages as 'rendered/carried over'. */
const pagesOf = (save: Save) => (save.pages ? `${save.pages.rendered}/${save.pages.carried}` : '?');

function table(results: CatalogueResult[]): string[] {
  return results.map((r) =>
    `| ${r.catalogue} | ${r.products.toLocaleString('en')} | ${r.saves.map((s) => s.seconds).join(', ')} | ${r.medianSeconds} | ${r.maxSeconds} | ` +
    `${r.saves.map((s) => s.buildSeconds ?? '?').join(', ')} | ${r.saves.map(pagesOf).join(', ')} | ${r.peakMemoryMb} | ${r.firstBuildSeconds} | ` +
    `≤ ${r.targetSeconds} s, ≤ ${PEAK_MEMORY_TARGET_MB} MB: ${r.met ? 'met' : 'missed'} | ${r.load1m.start} → ${r.load1m.end} |`);
}

async function writeSummary(results: CatalogueResult[], date: string): Promise<void> {
  const previous = await readFile(SUMMARY_FILE, 'utf8').catch(() => '');
  const notes = handWrittenNotes(previous);
  const text = [
    '# Freshness benchmark',
    '',
    'Seconds from an admin\'s save to the public product page showing it. A shop of the bench\'s own',
    '(stand-in, site built into its own folder, the site server with the functions and the build hook)',
    'is started per catalogue; the demo admin signs in through the Auth API and renames a product through',
    '`PUT /api/admin/products`; the bench polls `/products/{id}` every 250 ms until the new name appears.',
    'The time covers the admin function, the build hook, the rebuilder\'s 1 s quiet period, the click rollup,',
    'the incremental build (the content store of the previous build in place) and the swap into the served',
    'folder (and the site emulation\'s restart, when the build changed _redirects or _headers). "build s" is',
    'the rebuild alone; "pages" its pages rendered /',
    'carried over from the build before; "peak MB" the most resident memory of a rebuild\'s process;',
    '"first build s" the shop\'s cold start.',
    '',
    `Run ${date.slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}.`,
    'Command: `npm run bench:freshness` (options: `--runs N`, `--only demo|10k|100k`). The machine is shared: the',
    'load average shows how busy it was.',
    '',
    '| catalogue | products | save → page s | median s | max s | build s | pages | peak MB | first build s | target | load average (1 min) |',
    '| --- | ---: | --- | ---: | ---: | --- | --- | ---: | ---: | --- | --- |',
    ...table(results),
    '',
    NOTES_MARKER,
  ].join('\n');
  await mkdir(join(ROOT, 'docs', 'benchmarks'), { recursive: true });
  await writeFile(SUMMARY_FILE, text + notes);
}

if (isCatalogue(values.child)) {
  const result = await measureCatalogue(values.child);
  console.log(`${RESULT_LINE}${JSON.stringify(result)}`);
  process.exit(0);
} else {
  const names: CatalogueName[] = values.only ? [values.only as CatalogueName] : ['demo', '10k', '100k'];
  const results: CatalogueResult[] = [];
  let failed = false;
  for (const name of names) {
    try {
      results.push(await runChild(name));
    } catch (error) {
      failed = true;
      console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
    }
  }
  console.log('\ncatalogue  products  save → page s (each)  median  max  pages rendered/carried  peak MB  target');
  for (const r of results) {
    console.log(`${r.catalogue.padEnd(10)} ${String(r.products).padStart(8)}  ${r.saves.map((s) => s.seconds).join(', ').padEnd(20)}  ` +
      `${String(r.medianSeconds).padStart(6)}  ${String(r.maxSeconds).padStart(4)}  ${r.saves.map(pagesOf).join(', ').padEnd(22)}  ` +
      `${String(r.peakMemoryMb).padStart(7)}  ≤ ${r.targetSeconds} s, ≤ ${PEAK_MEMORY_TARGET_MB} MB ${r.met ? 'MET' : 'MISSED'}`);
  }
  const date = new Date().toISOString();
  await mkdir(join(ROOT, 'bench-results'), { recursive: true });
  await writeFile(RESULT_FILE, `${JSON.stringify({ date, cores: cpus().length, runs, results }, null, 2)}\n`);
  await writeSummary(results, date);
  console.log(`results: ${RESULT_FILE}, ${SUMMARY_FILE}`);
  process.exitCode = failed ? 1 : 0;
}
