/**
 * What a search benchmark run leaves behind: the figures as JSON in bench-results/ (git-ignored)
 * and a markdown summary in docs/benchmarks/search.md made from the latest JSON of each database.
 */
import { cpus, loadavg } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LatencySummary } from './stats.ts';
import { earlierSection, handWrittenNotes, NOTES_MARKER } from './summary.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
export const RESULTS_DIR = join(ROOT, 'bench-results');
export const SUMMARY_FILE = join(ROOT, 'docs', 'benchmarks', 'search.md');

/** The search functions' target (issue 14): p95 at most 20 ms at 100,000 products on PostgreSQL. */
export const TARGET_P95_MS = 20;
/** The facet counts' target (issue 12): p95 at most 20 ms at 100,000 products on PostgreSQL. */
export const FACETS_TARGET_P95_MS = 20;
/** The header's suggestions' target (issue 14): p95 at most 10 ms at 100,000 products on PostgreSQL. */
export const SUGGESTIONS_TARGET_P95_MS = 10;

/** The functions timed; 'suggestions' is the header's two reads, not a stored procedure. */
export type SearchFunction = 'search_products_enhanced' | 'search_blogs_enhanced' | 'product_facets' | 'suggestions';
const SEARCH_FUNCTIONS: SearchFunction[] = ['search_products_enhanced', 'search_blogs_enhanced'];
export type CallPath = 'sql' | 'http';
export type DatabaseKind = 'pglite' | 'postgres';

export interface PathResult {
  fn: SearchFunction;
  path: CallPath;
  latency: LatencySummary;
}

export interface ShapeResult {
  fn: SearchFunction;
  shape: string;
  calls: number;
  /** Median matches before paging (total_count). */
  medianMatches: number;
  sql: LatencySummary;
}

export interface BenchResult {
  database: DatabaseKind;
  date: string;
  command: string;
  /** load1m: the one-minute load average when timing began and ended (other work on a shared machine). */
  machine: { cores: number; cpu: string; node: string; server?: string; load1m: { start: number; end: number } };
  catalogue: { products: number; blogs: number; origin: 'seeded' | 'cache'; preparedSeconds: number };
  iterations: number;
  warmup: number;
  results: PathResult[];
  byShape: ShapeResult[];
  /** The search functions' target (50 ms in runs before issue 14). */
  target: { p95Ms: number; met: boolean };
  /** product_facets' target (absent from runs before it was measured). */
  facetsTarget?: { p95Ms: number; met: boolean };
  /** The suggestions' target (absent from runs before they were measured). */
  suggestionsTarget?: { p95Ms: number; met: boolean };
  benchSeconds: number;
}

export const machine = (load1m: { start: number; end: number }, server?: string): BenchResult['machine'] => ({
  cores: cpus().length,
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  node: process.version,
  ...(server ? { server } : {}),
  load1m,
});

/** The one-minute load average, to two decimals. */
export const load1m = () => Math.round(loadavg()[0]! * 100) / 100;

/** A note when other work on the machine was busy enough to show in the figures, else ''. */
export function loadCaveat(m: BenchResult['machine']): string {
  const busiest = Math.max(m.load1m.start, m.load1m.end);
  return busiest > m.cores
    ? `measured under a load average of ${m.load1m.start} → ${m.load1m.end} on ${m.cores} cores: the figures include other work; rerun on a quiet machine`
    : '';
}

/** True when every listed function's p95 is within the target on both paths. */
const within = (results: PathResult[], fns: SearchFunction[], p95Ms: number) =>
  results.filter((r) => fns.includes(r.fn)).every((r) => r.latency.p95 <= p95Ms);

/** True when both search functions' p95 is within their target on both paths. */
export const meetsTarget = (results: PathResult[]) => within(results, SEARCH_FUNCTIONS, TARGET_P95_MS);

/** True when product_facets' p95 is within its target on both paths. */
export const meetsFacetsTarget = (results: PathResult[]) => within(results, ['product_facets'], FACETS_TARGET_P95_MS);

/** True when the suggestions' p95 is within their target on both paths. */
export const meetsSuggestionsTarget = (results: PathResult[]) => within(results, ['suggestions'], SUGGESTIONS_TARGET_P95_MS);

export async function writeResult(result: BenchResult): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `search-${result.database}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

async function readResult(database: DatabaseKind): Promise<BenchResult | null> {
  try {
    return JSON.parse(await readFile(join(RESULTS_DIR, `search-${database}.json`), 'utf8')) as BenchResult;
  } catch {
    return null;
  }
}

const ms = (n: number) => n.toFixed(1);
const TITLES: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite (embedded)' };
const PATHS: Record<CallPath, string> = { sql: 'SQL (adapter)', http: 'HTTP (supabase-js)' };

function section(r: BenchResult): string[] {
  const lines = [
    `## ${TITLES[r.database]}`,
    '',
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC · ${r.catalogue.products.toLocaleString('en')} products, ` +
      `${r.catalogue.blogs} blogs · ${r.iterations} calls per function and path after ${r.warmup} warm-up calls · ` +
      `${r.machine.cores} cores (${r.machine.cpu}), Node ${r.machine.node}${r.machine.server ? `, ${r.machine.server}` : ''} · ` +
      `load average ${r.machine.load1m.start} → ${r.machine.load1m.end} while timing`,
    '',
    '| function | path | calls | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.results.map((x) =>
      `| ${x.fn} | ${PATHS[x.path]} | ${x.latency.calls} | ${ms(x.latency.p50)} | ${ms(x.latency.p95)} | ${ms(x.latency.p99)} | ${ms(x.latency.max)} |`),
    '',
    `By query shape (SQL path):`,
    '',
    '| function | shape | calls | median matches | p50 ms | p95 ms | max ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.byShape.map((x) =>
      `| ${x.fn} | ${x.shape} | ${x.calls} | ${x.medianMatches} | ${ms(x.sql.p50)} | ${ms(x.sql.p95)} | ${ms(x.sql.max)} |`),
    '',
  ];
  if (r.database === 'postgres') {
    const caveat = loadCaveat(r.machine);
    const under = caveat ? ` (${caveat})` : '';
    const verdict = (what: string, target: { p95Ms: number; met: boolean } | undefined) => {
      if (target) lines.push(`Target p95 ≤ ${target.p95Ms} ms for ${what} on both paths: **${target.met ? 'met' : 'missed'}**${under}.`, '');
    };
    verdict('both search functions', r.target);
    verdict('product_facets', r.facetsTarget);
    verdict('suggestions', r.suggestionsTarget);
  }
  return lines;
}

/** Rewrites docs/benchmarks/search.md from the latest results of each database, keeping the hand-written notes. */
export async function writeSummary(): Promise<string> {
  const previous = await readFile(SUMMARY_FILE, 'utf8').catch(() => '');
  const databases = ['postgres', 'pglite'] as const;
  const results = await Promise.all(databases.map(readResult));
  const sections = databases.flatMap((database, i) => {
    const result = results[i];
    return result ? section(result) : earlierSection(previous, `## ${TITLES[database]}`);
  });
  const notes = handWrittenNotes(previous);
  const command = results.find((r) => r !== null)?.command ?? 'npm run bench:search';
  const text = [
    '# Search benchmark',
    '',
    'Latency of `search_products_enhanced`, `search_blogs_enhanced`, the facet counts of the product listings',
    '(`product_facets`) and the header\'s search suggestions over a 100,000-product catalogue (the demo catalogue topped up with the scale seed), called one',
    'after another — latency, not throughput. The search workload is drawn from the catalogue\'s own words: single words,',
    'two- and three-word phrases, prefixes (`head`, `cera`), typos (`hedphones`), whole product names and category names,',
    'a fifth to a quarter of them with a category, audience or price filter, every sort, pages 1–3 of 24. The facet',
    'workload is filter states as shoppers reach them on /products and from the category pages: a category, a',
    'subcategory, an audience, a price bucket, \'Price drops\', three or more of them together, no filter, and one call',
    'in fifty with a price range that is not a bucket (an edited address). The suggestions are the header search',
    'box\'s two reads (up to 5 products and 3 product categories whose name contains the text, `ilike \'%text%\'`)',
    'for text as a shopper types it, caught at any keystroke from the second character: the start of a word of a',
    'product name, a name typed past its first word, the start of a category name, a word with a slip of the finger.',
    'Each call is timed as SQL through the database adapter (as the anon role, in a transaction, like the stand-in',
    'runs it: the server-side latency; the suggestions\' two reads one after the other) and through supabase-js against',
    'the local stand-in over HTTP (`rpc()`, and for the suggestions the header\'s own `suggestionsFor`, its two',
    'reads at once: what a browser sees, minus the network).',
    '',
    `Command: \`${command}\` (options: \`--products N\`, \`--only pglite|postgres\`, \`--iterations N\`, \`--warmup N\`;`,
    'the PostgreSQL server is `BENCH_DATABASE_URL`, by default postgres://postgres@127.0.0.1:5432/postgres).',
    'The machine has 2 cores and is shared, so single runs are noisy: compare p50s, and p95s across several runs.',
    '',
    ...sections,
    NOTES_MARKER,
  ].join('\n');
  await mkdir(join(ROOT, 'docs', 'benchmarks'), { recursive: true });
  await writeFile(SUMMARY_FILE, text + notes);
  return SUMMARY_FILE;
}
