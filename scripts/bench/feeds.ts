/**
 * `npm run bench:feeds`: how fast a 100,000-row price feed imports through the real pipeline
 * (functions/_shared/price-import: the file streamed through csv-parse, every row checked with
 * zod, staged through the Supabase API in chunks of 5,000 (stage_price_import_rows), applied by apply_price_import in one
 * transaction), on embedded PGlite and on a PostgreSQL server; then the same file again, which
 * must change nothing (every row a duplicate).
 *
 * For each database, in a process of its own (the functions' Supabase client is made once per
 * process): a fresh database (PGlite in memory; on the server its own database, created and
 * dropped), migrated, with a catalogue of 2,000 products and 5 platforms; the Supabase stand-in
 * over it; a feed file written to a temporary folder: 2,000 products × 5 platforms × 10 days
 * = 100,000 rows, of which 0.5% name an unknown product and 0.5% have a negative price (so the
 * rejections are exercised too). The peak resident memory is sampled to show the file is not held
 * in memory (the file is ~9 MB).
 *
 *   npm run bench:feeds
 *   npm run bench:feeds -- --only postgres --rows 20000
 *
 * Environment: BENCH_DATABASE_URL, the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Writes docs/benchmarks/feeds.md.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db.ts';
import { startStandIn } from '../../supabase/local/server.ts';
import { earlierRows } from './summary.ts';

type Kind = 'pglite' | 'postgres';
const KINDS: readonly Kind[] = ['pglite', 'postgres'];
const TARGET_SECONDS = 30;
const PRODUCTS = 2000;
const PLATFORMS = ['Amazon', 'Etsy', 'Noon', 'eBay', 'Walmart'];
const DAY_MS = 24 * 60 * 60_000;
const ROOT = new URL('../../', import.meta.url).pathname;

const { values } = parseArgs({
  options: { only: { type: 'string' }, rows: { type: 'string', default: '100000' }, child: { type: 'string' } },
});
const rows = Number(values.rows);

interface Run {
  kind: Kind;
  server: string;
  rows: number;
  fileMb: number;
  first: { seconds: number; imported: number; duplicates: number; rejected: number };
  again: { seconds: number; imported: number; duplicates: number; rejected: number };
  peakRssMb: number;
  load: { start: number; end: number };
}

const load1m = () => Math.round(loadavg()[0]! * 100) / 100;

async function openBenchDatabase(kind: Kind): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite();
    return { db, cleanup: () => db.close() };
  }
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `giftshop_feeds_bench_${process.pid}`;
  const admin = openPostgres(server, 1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.close();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 8);
  return {
    db,
    async cleanup() {
      await db.close().catch(() => undefined);
      const again = openPostgres(server, 1);
      await again.query(`drop database if exists ${name} with (force)`);
      await again.close();
    },
  };
}

/** The feed: every product on every platform on `days` days; every 200th row names an unknown product, every 200th (offset) a negative price. */
async function writeFeed(path: string, products: string[], count: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('product_id,platform,price,scraped_at,url\n');
  const days = Math.ceil(count / (products.length * PLATFORMS.length));
  // The last `days` days at 06:00 UTC, ending yesterday: the importer takes a year of history at most.
  const today = new Date();
  const firstDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 6);
  let n = 0;
  for (let day = 0; day < days && n < count; day++) {
    const at = new Date(firstDay + day * DAY_MS).toISOString();
    for (const product of products) {
      for (const platform of PLATFORMS) {
        if (n >= count) break;
        const id = n % 200 === 7 ? randomUUID() : product;
        const price = n % 200 === 100 ? '-1.00' : (5 + ((n * 37) % 9000) / 100).toFixed(2);
        if (!out.write(`${id},${platform},${price},${at},https://${platform.toLowerCase()}.example.com/p/${n}\n`)) await once(out, 'drain');
        n++;
      }
    }
  }
  out.end();
  await once(out, 'finish');
}

async function child(kind: Kind): Promise<Run> {
  const { db, cleanup } = await openBenchDatabase(kind);
  const dir = await mkdtemp(join(tmpdir(), 'giftshop-feeds-'));
  try {
    const standIn = await startStandIn({ port: 0, db });
    process.env.SUPABASE_URL = standIn.url;
    process.env.SUPABASE_SERVICE_ROLE_KEY = standIn.serviceKey;
    const { importPrices } = await import('../../functions/_shared/price-import/import.ts');
    for (const name of PLATFORMS) await db.query('insert into public.platforms (name) values ($1)', [name]);
    const products = (await db.query<{ id: string }>(
      `insert into public.products (name, price, image_url)
       select 'Feed bench product ' || g, 10 + g % 90, 'https://img.example.com/p' || g || '.jpg' from generate_series(1, ${PRODUCTS}) g returning id`,
    )).rows.map((r) => r.id);
    const server = (await db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
    const file = join(dir, 'feed.csv');
    await writeFeed(file, products, rows);
    const fileMb = (await stat(file)).size / 1024 / 1024;

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const load = { start: load1m(), end: 0 };
    const timed = async () => {
      const started = performance.now();
      const report = await importPrices(createReadStream(file), { source: 'upload', fileName: 'feed.csv' }, { deadlineMs: 600_000 });
      if (report.status !== 'imported') throw new Error(`the import failed: ${report.failure}`);
      const { imported, duplicates, rejected } = report;
      return { seconds: (performance.now() - started) / 1000, imported, duplicates, rejected };
    };
    const first = await timed();
    const again = await timed();
    load.end = load1m();
    clearInterval(sampler);
    await standIn.close();
    return { kind, server, rows, fileMb, first, again, peakRssMb: Math.round(peak / 1024 / 1024), load };
  } finally {
    await cleanup();
    await rm(dir, { recursive: true, force: true });
  }
}

if (values.child) {
  const run = await child(values.child as Kind);
  console.log(`RESULT ${JSON.stringify(run)}`);
  process.exit(0);
}

const kinds: readonly Kind[] = values.only ? [values.only as Kind] : KINDS;
const runs: Run[] = [];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
for (const kind of kinds) {
  console.log(`[${kind}] importing ${fmt(rows)} rows…`);
  const proc = spawn(process.execPath, [new URL(import.meta.url).pathname, '--child', kind, '--rows', String(rows)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(proc, 'close') as [number];
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) {
    console.error(`[${kind}] failed (exit ${code})\n${output}`);
    process.exit(1);
  }
  const run = JSON.parse(line.slice('RESULT '.length)) as Run;
  runs.push(run);
  console.log(`[${kind}] ${fmt(run.rows)} rows (${run.fileMb.toFixed(1)} MB) in ${run.first.seconds.toFixed(1)} s: ${fmt(run.rows / run.first.seconds)} rows/s — ` +
    `${fmt(run.first.imported)} imported, ${fmt(run.first.duplicates)} duplicates, ${fmt(run.first.rejected)} rejected`);
  console.log(`[${kind}] the same file again in ${run.again.seconds.toFixed(1)} s: ${fmt(run.again.imported)} imported, ${fmt(run.again.duplicates)} duplicates; peak memory ${run.peakRssMb} MB`);
}

const expectedRejected = (n: number) => Math.floor((n - 8) / 200) + 1 + Math.floor((n - 101) / 200) + 1;
const checks = runs.map((r) => r.again.imported === 0 && r.first.imported + r.first.rejected === r.rows && r.first.rejected === expectedRejected(r.rows));
const postgres = runs.find((r) => r.kind === 'postgres');
const met = postgres ? postgres.first.seconds < TARGET_SECONDS : undefined;
const summary = `bench:feeds ${runs.map((r) => `${r.kind} ${fmt(r.rows / r.first.seconds)} rows/s (${r.first.seconds.toFixed(1)} s)`).join(', ')}; ` +
  `re-import changes nothing: ${checks.every(Boolean) ? 'yes' : 'NO'}; target < ${TARGET_SECONDS} s on PostgreSQL: ${met === undefined ? 'not run' : met ? 'met' : 'NOT met'}`;
console.log(summary);

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const SUMMARY = join(ROOT, 'docs/benchmarks/feeds.md');
const previous = await readFile(SUMMARY, 'utf8').catch(() => '');
const row = (r: Run) => `| ${r.kind} (${r.server}) | ${when} | ${fmt(r.rows)} | ${r.fileMb.toFixed(1)} | ${r.first.seconds.toFixed(1)} | ${fmt(r.rows / r.first.seconds)} | ` +
  `${fmt(r.first.imported)} / ${fmt(r.first.duplicates)} / ${fmt(r.first.rejected)} | ${r.again.seconds.toFixed(1)} | ${fmt(r.again.imported)} / ${fmt(r.again.duplicates)} / ${fmt(r.again.rejected)} | ${r.peakRssMb} | ${r.load.start} → ${r.load.end} |`;
// A database this run left out (--only) keeps its row from the summary as it was.
const table = KINDS.flatMap((kind) => {
  const run = runs.find((r) => r.kind === kind);
  return run ? [row(run)] : earlierRows(previous, `| ${kind} (`);
});
await writeFile(SUMMARY, `# Price feed import benchmark

How fast a retailer price feed imports through the real pipeline (functions/_shared/price-import: the file streamed
through csv-parse, every row checked with zod, staged through the Supabase API in chunks of 5,000 (stage_price_import_rows), applied by
apply_price_import in one transaction), and that importing the same file again changes nothing. Written by
\`npm run bench:feeds\` (scripts/bench/feeds.ts, which says how it works; options \`--only pglite|postgres\`, \`--rows N\`).
The feed has 0.5% rows naming an unknown product and 0.5% with a negative price. The machine has ${cpus().length} cores
(${cpus()[0]?.model.trim() ?? 'unknown'}) and is shared: the stand-in, the database and the import all run on it; Node ${process.version}.

| database | run (UTC) | rows | file MB | first import s | rows/s | imported / duplicates / rejected | again s | again: imported / duplicates / rejected | peak RSS MB | load average |
| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | --- |
${table.join('\n')}

${summary}

Target: 100,000 rows in under ${TARGET_SECONDS} s on PostgreSQL. The load average is the one-minute load when timing began and
ended: other work on the shared machine is in the figures.
`);
console.log('wrote docs/benchmarks/feeds.md');
