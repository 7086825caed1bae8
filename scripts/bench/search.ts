/**
 * `npm run bench:search`: how fast search and the listings' facet counts answer over a
 * 100,000-product catalogue, on embedded PGlite and on a PostgreSQL server.
 *
 * For each database: seeds the catalogue (PGlite from a cached snapshot when one fits), vacuums
 * and analyzes it, warms up, then times search_products_enhanced, search_blogs_enhanced,
 * product_facets and the header's suggestions (its two reads, products and categories whose name
 * contains the typed text) one call after another over mixed workloads (see workload.ts) — each
 * call as SQL through the database adapter and through supabase-js against the stand-in over
 * HTTP. Prints a table per database, writes bench-results/search-<db>.json and
 * docs/benchmarks/search.md.
 *
 *   npm run bench:search
 *   npm run bench:search -- --products 10000 --only pglite --iterations 100
 *
 * Options: --products N (default 100000), --only pglite|postgres, --iterations N calls per
 * function and path (default 300), --warmup N (default 40).
 * Environment: BENCH_DATABASE_URL, the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres); a database giftshop_bench_<pid> is created on it
 * and dropped afterwards.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import type { Database as Schema } from '../../src/lib/database.types.ts';
import { suggestionsFor } from '../../src/features/search/suggestions.ts';
import { SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from '../../src/features/search/rules.ts';
import type { Database, Queryable, RequestAuth } from '../../supabase/local/db.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { pgliteCatalogue, postgresCatalogue, settle, type BenchCatalogue } from './catalogue.ts';
import {
  FACETS_TARGET_P95_MS, load1m, loadCaveat, machine, meetsFacetsTarget, meetsSuggestionsTarget, meetsTarget, SUGGESTIONS_TARGET_P95_MS,
  TARGET_P95_MS, writeResult, writeSummary,
  type BenchResult, type CallPath, type DatabaseKind, type PathResult, type SearchFunction, type ShapeResult,
} from './report.ts';
import { percentile, summarise, textTable } from './stats.ts';
import {
  buildFacetWorkload, buildSuggestionWorkload, buildWorkload,
  type BlogSearchArgs, type FacetArgs, type ProductSearchArgs, type SuggestionArgs, type WorkloadCall,
} from './workload.ts';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const CALL_PATHS: CallPath[] = ['sql', 'http'];
const ANON: RequestAuth = { role: 'anon', claims: { role: 'anon' } };

function usage(problem: string): never {
  console.error(`${problem}\nUsage: npm run bench:search -- [--products N] [--only pglite|postgres] [--iterations N] [--warmup N]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    only: { type: 'string' },
    iterations: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '40' },
  },
  strict: true,
});

const wholeNumber = (name: string, text: string, min: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) usage(`--${name} wants a whole number of at least ${min}, not '${text}'.`);
  return n;
};
const products = wholeNumber('products', values.products, 400);
const iterations = wholeNumber('iterations', values.iterations, 1);
const warmup = wholeNumber('warmup', values.warmup, 0);
if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') {
  usage(`--only wants pglite or postgres, not '${values.only}'.`);
}
const targets: DatabaseKind[] = values.only ? [values.only] : ['pglite', 'postgres'];
const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
const command = ['npm run bench:search', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');

/** Cleanups of what is open right now, run on Ctrl+C too, so no bench database is left behind. */
const open = new Set<() => Promise<void>>();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: cleaning up…`);
    // The forced drop of the bench database cuts the seed's connection; its error must not end the cleanup.
    process.on('uncaughtException', (error) => console.error(`(while stopping) ${error.message}`));
    void Promise.allSettled([...open].map((c) => c())).then(() => process.exit(130));
  });
}

const log = (db: DatabaseKind) => (message: string) => console.log(`[${db}] ${message}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Timed {
  sql: number;
  http: number;
  /** total_count (product_facets: its total), or null for a page past the end (which does not say it). */
  matches: number | null;
}

type RpcArgs = ProductSearchArgs | BlogSearchArgs | FacetArgs;
type SearchArgs = RpcArgs | SuggestionArgs;
type Rpc = Exclude<SearchFunction, 'suggestions'>;

/** How one function is called on each path: SQL through the adapter (what it matched), HTTP through supabase-js. */
interface Caller<A extends SearchArgs> {
  sql(args: A): Promise<{ ms: number; matches: number | null }>;
  http(args: A): Promise<number>;
}

/** What a call matched: a search's total_count (none on a page past the end), or the facet counts' total. */
function matchesOf(fn: Rpc, args: RpcArgs, rows: Record<string, unknown>[]): number | null {
  if (fn === 'product_facets') return Number(rows.find((r) => r.facet === 'total')?.product_count ?? 0);
  const first = rows[0];
  return first ? Number(first.total_count) : 'result_offset' in args && args.result_offset > 0 ? null : 0;
}

function callSql(fn: Rpc, args: RpcArgs): { sql: string; params: unknown[] } {
  const entries = Object.entries(args);
  return {
    sql: `select * from public.${fn}(${entries.map(([name], i) => `${name} => $${i + 1}`).join(', ')})`,
    params: entries.map(([, value]) => value),
  };
}

/** Statements timed alone, inside a transaction as anon, as the stand-in runs them. */
async function timeAsAnon<T>(db: Database, statements: (tx: Queryable) => Promise<T>): Promise<{ ms: number; value: T }> {
  return db.transaction(async (tx) => {
    const started = performance.now();
    const value = await statements(tx);
    return { ms: performance.now() - started, value };
  }, ANON);
}

type Client = ReturnType<typeof createClient<Schema>>;

function clientOf(standIn: StandIn): Client {
  return createClient<Schema>(standIn.url, standIn.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** A stored procedure: one `select * from fn(...)` over SQL, `rpc()` over HTTP. */
function rpcCaller<A extends RpcArgs>(db: Database, client: Client, fn: Rpc): Caller<A> {
  return {
    async sql(args) {
      const { sql, params } = callSql(fn, args);
      const { ms, value: rows } = await timeAsAnon(db, async (tx) => (await tx.query<Record<string, unknown>>(sql, params)).rows);
      return { ms, matches: matchesOf(fn, args, rows) };
    },
    async http(args) {
      const started = performance.now();
      const { data, error } = await client.rpc(fn, { ...args } as never);
      const ms = performance.now() - started;
      if (error) throw new Error(`${fn} over HTTP with ${JSON.stringify(args)}`, { cause: error });
      if (!Array.isArray(data)) throw new Error(`${fn} over HTTP answered ${JSON.stringify(data)}, not rows`);
      return ms;
    },
  };
}

/** PostgREST's ilike pattern for names containing the term, as the stand-in turns `*term*` into SQL. */
const containingPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The header's suggestions: over HTTP, suggestionsFor itself (its two reads at once); over SQL, the
 * same two reads one after the other, each as the statement's filter and limit. Matches: the
 * suggestions shown.
 */
function suggestionsCaller(db: Database, client: Client): Caller<SuggestionArgs> {
  return {
    async sql({ term }) {
      const pattern = containingPattern(term);
      const { ms, value } = await timeAsAnon(db, async (tx) => {
        const products = await tx.query('select id, name, image_url from public.products where name ilike $1 limit $2', [pattern, SUGGESTED_PRODUCTS]);
        const categories = await tx.query(
          `select id, name from public.categories where name ilike $1 and type @> '{product}' limit $2`, [pattern, SUGGESTED_CATEGORIES],
        );
        return products.rows.length + categories.rows.length;
      });
      return { ms, matches: value };
    },
    async http({ term }) {
      const started = performance.now();
      await suggestionsFor(client, term);
      return performance.now() - started;
    },
  };
}

async function measure<A extends SearchArgs>(caller: Caller<A>, calls: WorkloadCall<A, string>[]): Promise<Timed[]> {
  const timed: Timed[] = [];
  for (const [i, call] of calls.entries()) {
    // Alternating which path goes first, so neither always meets the other's warm caches.
    if (i % 2 === 0) {
      const sql = await caller.sql(call.args);
      const http = await caller.http(call.args);
      timed.push({ sql: sql.ms, http, matches: sql.matches });
    } else {
      const http = await caller.http(call.args);
      const sql = await caller.sql(call.args);
      timed.push({ sql: sql.ms, http, matches: sql.matches });
    }
  }
  return timed;
}

function byShape<A extends SearchArgs>(fn: SearchFunction, calls: WorkloadCall<A, string>[], timed: Timed[]): ShapeResult[] {
  const shapes = [...new Set(calls.map((c) => c.shape))].sort();
  type Pick = (c: WorkloadCall<A, string>) => boolean;
  const groups: { shape: string; pick: Pick }[] = [
    ...shapes.map((shape) => ({ shape, pick: (c: WorkloadCall<A, string>) => c.shape === shape })),
    ...(fn === 'product_facets' || fn === 'suggestions' ? [] : [
      { shape: 'any, filtered', pick: (c: WorkloadCall<A, string>) => c.filters !== '' },
      ...(['newest', 'lowToHigh', 'highToLow'] as const).map((sort) => ({
        shape: `any, sort ${sort}`, pick: (c: WorkloadCall<A, string>) => 'sort_by' in c.args && c.args.sort_by === sort,
      })),
      { shape: 'any, page 2–3', pick: (c: WorkloadCall<A, string>) => 'result_offset' in c.args && c.args.result_offset > 0 },
    ]),
  ];
  return groups.flatMap(({ shape, pick }) => {
    const mine = timed.filter((_, i) => pick(calls[i]!));
    if (mine.length === 0) return [];
    const matches = mine.map((t) => t.matches).filter((m): m is number => m !== null).sort((a, b) => a - b);
    return [{ fn, shape, calls: mine.length, medianMatches: percentile(matches, 50), sql: summarise(mine.map((t) => t.sql)) }];
  });
}

async function prepare(kind: DatabaseKind): Promise<BenchCatalogue> {
  const track = (cleanup: () => Promise<void>) => void open.add(cleanup);
  return kind === 'pglite' ? pgliteCatalogue(products, log(kind), track) : postgresCatalogue(serverUrl, products, log(kind), track);
}

async function bench(kind: DatabaseKind): Promise<BenchResult> {
  const started = performance.now();
  const say = log(kind);
  say(`preparing ${products.toLocaleString('en')} products…`);
  const catalogue = await prepare(kind);
  let standIn: StandIn | undefined;
  try {
    const { db } = catalogue;
    say(`catalogue ${catalogue.origin === 'cache' ? 'copied from the cache' : 'seeded'} in ${seconds(catalogue.preparedMs)} (${catalogue.where})`);
    const settled = performance.now();
    await settle(db);
    say(`vacuum analyze and checkpoint in ${seconds(performance.now() - settled)}`);
    const counts = (await db.query<{ products: number; blogs: number; server: string }>(
      `select (select count(*)::int from public.products) as products, (select count(*)::int from public.blogs) as blogs,
              current_setting('server_version') as server`,
    )).rows[0]!;

    standIn = await startStandIn({ port: 0, db });
    const client = clientOf(standIn);
    const workload = await buildWorkload(db, warmup + iterations);
    const facetWorkload = await buildFacetWorkload(db, warmup + iterations);
    const suggestionWorkload = await buildSuggestionWorkload(db, warmup + iterations);
    const benches = [
      { fn: 'search_products_enhanced', caller: rpcCaller<ProductSearchArgs>(db, client, 'search_products_enhanced'), calls: workload.products },
      { fn: 'search_blogs_enhanced', caller: rpcCaller<BlogSearchArgs>(db, client, 'search_blogs_enhanced'), calls: workload.blogs },
      { fn: 'product_facets', caller: rpcCaller<FacetArgs>(db, client, 'product_facets'), calls: facetWorkload },
      { fn: 'suggestions', caller: suggestionsCaller(db, client), calls: suggestionWorkload },
    ] as const;

    const loadAtStart = load1m();
    if (loadAtStart > cpus().length) say(`the load average is ${loadAtStart} on ${cpus().length} cores: other work will show in the figures`);
    say(`warming up (${warmup} calls per function and path)…`);
    for (const { caller, calls } of benches) await measure(caller as Caller<SearchArgs>, calls.slice(0, warmup));

    const results: PathResult[] = [];
    const shapes: ShapeResult[] = [];
    const run = async <A extends SearchArgs>(fn: SearchFunction, caller: Caller<A>, calls: WorkloadCall<A, string>[]) => {
      say(`timing ${fn}: ${calls.length} calls per path…`);
      const t = performance.now();
      const timed = await measure(caller, calls);
      say(`  done in ${seconds(performance.now() - t)}`);
      for (const path of CALL_PATHS) {
        results.push({ fn, path, latency: summarise(timed.map((x) => x[path])) });
      }
      shapes.push(...byShape(fn, calls, timed));
    };
    for (const { fn, caller, calls } of benches) await run(fn, caller as Caller<SearchArgs>, calls.slice(warmup));

    return {
      database: kind,
      date: new Date().toISOString(),
      command,
      machine: machine(
        { start: loadAtStart, end: load1m() },
        kind === 'postgres' ? `PostgreSQL ${counts.server}` : `PGlite (Postgres ${counts.server})`,
      ),
      catalogue: {
        products: counts.products, blogs: counts.blogs, origin: catalogue.origin,
        preparedSeconds: Math.round(catalogue.preparedMs / 100) / 10,
      },
      iterations,
      warmup,
      results,
      byShape: shapes,
      target: { p95Ms: TARGET_P95_MS, met: meetsTarget(results) },
      facetsTarget: { p95Ms: FACETS_TARGET_P95_MS, met: meetsFacetsTarget(results) },
      suggestionsTarget: { p95Ms: SUGGESTIONS_TARGET_P95_MS, met: meetsSuggestionsTarget(results) },
      benchSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await standIn?.close();
    await catalogue.cleanup();
    open.delete(catalogue.cleanup);
  }
}

function print(r: BenchResult): void {
  const title = r.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${title}: ${r.catalogue.products.toLocaleString('en')} products, ${r.catalogue.blogs} blogs (${r.machine.server}; ` +
    `load average ${r.machine.load1m.start} → ${r.machine.load1m.end} on ${r.machine.cores} cores)`,
  );
  console.log(textTable(
    ['function', 'path', 'calls', 'min', 'p50', 'p95', 'p99', 'max (ms)'],
    r.results.map((x) => [x.fn, x.path, String(x.latency.calls), x.latency.min, x.latency.p50, x.latency.p95, x.latency.p99, x.latency.max]),
  ));
  console.log('\nby query shape, SQL path:');
  console.log(textTable(
    ['function', 'shape', 'calls', 'median matches', 'p50', 'p95', 'max (ms)'],
    r.byShape.map((x) => [x.fn, x.shape, String(x.calls), String(x.medianMatches), x.sql.p50, x.sql.p95, x.sql.max]),
  ));
  const worst = (fns: SearchFunction[]) => Math.max(...r.results.filter((x) => fns.includes(x.fn)).map((x) => x.latency.p95));
  const verdict = (met: boolean | undefined) => (met ? 'MET' : 'MISSED');
  const verdicts = [
    `p95 ≤ ${TARGET_P95_MS} ms for both search functions on both paths: ${verdict(r.target.met)} ` +
      `(worst p95 ${worst(['search_products_enhanced', 'search_blogs_enhanced']).toFixed(1)} ms)`,
    `p95 ≤ ${FACETS_TARGET_P95_MS} ms for product_facets on both paths: ${verdict(r.facetsTarget?.met)} (worst p95 ${worst(['product_facets']).toFixed(1)} ms)`,
    `p95 ≤ ${SUGGESTIONS_TARGET_P95_MS} ms for suggestions on both paths: ${verdict(r.suggestionsTarget?.met)} (worst p95 ${worst(['suggestions']).toFixed(1)} ms)`,
  ];
  console.log(`\nload average ${r.machine.load1m.start} → ${r.machine.load1m.end} on ${r.machine.cores} cores while timing`);
  for (const line of verdicts) {
    console.log(r.database === 'postgres' ? `Target on PostgreSQL — ${line}` : `(for comparison; the target is for PostgreSQL) ${line}`);
  }
  const caveat = loadCaveat(r.machine);
  if (caveat) console.log(`Note: ${caveat}.`);
}

const started = performance.now();
let failed = false;
for (const kind of targets) {
  if (stopping) break;
  try {
    const result = await bench(kind);
    print(result);
    console.log(`results: ${await writeResult(result)} (${kind} took ${seconds(result.benchSeconds * 1000)})`);
  } catch (error) {
    failed = true;
    if (!stopping) console.error(`[${kind}] benchmark failed:`, error);
  }
}
console.log(`summary: ${await writeSummary()}`);
console.log(`whole bench: ${seconds(performance.now() - started)}`);
process.exitCode = failed ? 1 : 0;
