/**
 * `npm run bench:clicks`: how many clicks a second the click-tracking function records, and that
 * it records exactly the ones it acknowledged; then one shopper's concurrent likes, unlikes and
 * merges from several tabs, checked against a serial order. On embedded PGlite and on a
 * PostgreSQL server.
 *
 * For each database: a fresh database (PGlite in memory; on the server its own database,
 * created and dropped), migrated, with a small catalogue; the Supabase stand-in over it; the
 * track-click function's handler served by node:http in a worker thread (a warm function
 * instance); and the load in another worker thread: --connections clients (default 64), each
 * sending one click after another for --seconds (default 30, after --warmup seconds not timed),
 * every click from its own address (x-nf-client-connection-ip, the header Netlify's edge sets)
 * with a browser's user agent, so the per-client limit and the bot filter let all of them
 * through — the limit is still checked for every click, in the database, in the statement that
 * records its batch. Clients finish the click they are sending when time is up, so every request
 * has an answer.
 *
 * Then the rollup, and the analytics counters compared with the clicks answered `recorded: true`,
 * item by item: they must be equal. Then 200 like, unlike and merge calls by one user from 8 tabs
 * (supabase-js rpc against the stand-in), bursts of them at once, checked with serial-order.ts.
 * Exits non-zero when a count differs, a call fails or no serial order explains the likes.
 *
 * The function is served by node:http, not through @netlify/dev: the emulation starts a worker
 * thread and imports the function afresh for every request, which neither keeps the function's
 * state (its rate limiter, its batches) nor comes near the throughput (that is why `npm start`
 * runs the functions in process: scripts/lib/functions-router.ts). The bench measures the
 * emulation too, with a few clients for --emulation-seconds (default 5, 0 to skip), once per run.
 *
 *   npm run bench:clicks
 *   npm run bench:clicks -- --seconds 5 --only postgres
 *
 * Options: --seconds N, --warmup N, --connections N, --only pglite|postgres, --writes batched|single
 * (single: one database write per click, as a function instance answering one request at a time
 * writes), --emulation-seconds N.
 * Environment: BENCH_DATABASE_URL, the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres); the database giftshop_clicks_bench_<pid> is
 * created on it and dropped afterwards. Ports: 9100–9102 and 55100–55101.
 */
import { cpus } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Pool } from 'undici';
import type { Database as Schema } from '../../src/lib/database.types.ts';
import { likeProduct, likedProductIds, mergeGuestLikes, unlikeProduct } from '../../src/features/likes/queries.ts';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { load1m, loadCaveat, machine, RESULTS_DIR, type DatabaseKind } from './report.ts';
import { findSerialOrder, type LikeCall, type ObservedCall } from './serial-order.ts';
import { summarise, textTable, type LatencySummary } from './stats.ts';
import { earlierSection, handWrittenNotes, NOTES_MARKER } from './summary.ts';

const TARGET_CLICKS_PER_SECOND = 3000;
const TARGET_P95_MS = 50;
const SHOPPER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PORTS: Record<DatabaseKind, { fn: number; supabase: number }> = {
  pglite: { fn: 9100, supabase: 55100 },
  postgres: { fn: 9101, supabase: 55101 },
};
const EMULATION_PORT = 9102;
const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

// ---------------------------------------------------------------------------------------------
// What the threads say to each other
// ---------------------------------------------------------------------------------------------

type ClickType = 'product' | 'category' | 'blog' | 'quiz';
/** One item as the load clicks it: the body sent, and the analytics row it counts in. */
interface Target {
  body: string;
  /** `${click_type}:${item_id}:${affiliate}` */
  key: string;
}

interface LoadPlan {
  role: 'load';
  url: string;
  connections: number;
  warmupMs: number;
  measureMs: number;
  targets: Target[];
  /** Added to each client address, so runs in one process never share an address. */
  addressOffset: number;
}

interface LoadResult {
  /** Clicks answered 202 { recorded: true }, per target key (warm-up included). */
  recorded: Record<string, number>;
  /** Answers in the timed phase. */
  measured: { requests: number; recorded: number; elapsedMs: number };
  /** 202 { recorded: false }, by reason; 4xx by status; 5xx and failed requests. */
  notCounted: Record<string, number>;
  rejected: Record<string, number>;
  errors: number;
  firstError: string | null;
  latencies: Float64Array;
}

/** How the function writes: its batches, or one write per click (as one request per instance would). */
type Writes = 'batched' | 'single';

interface FunctionPlan {
  role: 'function';
  port: number;
  env: Record<string, string>;
  writes: Writes;
}

// ---------------------------------------------------------------------------------------------
// The function, served as a warm instance serves it
// ---------------------------------------------------------------------------------------------

function requestFrom(req: IncomingMessage, body: Buffer, port: number): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  return new Request(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
  });
}

/** One write per click: every click written at once on its own, however many are under way. */
const ONE_WRITE_PER_CLICK = { maxClicksPerWrite: 1, maxWritesInFlight: 100_000, maxClicksWaiting: 100_000 };

async function serveFunction(plan: FunctionPlan): Promise<void> {
  Object.assign(process.env, plan.env);
  const { default: batched, config, createTrackClick } = await import('../../functions/track-click.ts');
  const trackClick = plan.writes === 'batched' ? batched : createTrackClick(ONE_WRITE_PER_CLICK);
  const server: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.url?.split('?')[0] !== config.path) {
        res.writeHead(404).end();
        return;
      }
      const response = await trackClick(requestFrom(req, Buffer.concat(chunks), plan.port));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      res.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error('bench function server:', error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(plan.port, '127.0.0.1', resolve);
  });
  parentPort!.on('message', (message) => {
    if (message === 'stop') server.close(() => process.exit(0));
  });
  parentPort!.postMessage('ready');
}

// ---------------------------------------------------------------------------------------------
// The load
// ---------------------------------------------------------------------------------------------

/** 10.x.y.z from a counter: a distinct client address for each of 16 million clicks. */
const address = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

async function driveLoad(plan: LoadPlan): Promise<LoadResult> {
  const pool = new Pool(plan.url, { connections: plan.connections, pipelining: 1 });
  const recorded: Record<string, number> = {};
  const notCounted: Record<string, number> = {};
  const rejected: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let latencies = new Float64Array(1 << 16);
  let measuredRequests = 0;
  let measuredRecorded = 0;
  let sent = 0;

  const started = performance.now();
  const measureFrom = started + plan.warmupMs;
  const stopAt = measureFrom + plan.measureMs;
  const bump = (tally: Record<string, number>, key: string) => void (tally[key] = (tally[key] ?? 0) + 1);

  const client = async () => {
    while (performance.now() < stopAt) {
      const n = sent++;
      // A stride through the targets, so consecutive clicks land on different items.
      const target = plan.targets[(n * 7919) % plan.targets.length]!;
      const begun = performance.now();
      let ok = false;
      try {
        const response = await pool.request({
          path: '/api/track-click',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': SHOPPER_AGENT,
            'x-nf-client-connection-ip': address(plan.addressOffset + n),
          },
          body: target.body,
        });
        const text = await response.body.text();
        if (response.statusCode === 202) {
          const answer = JSON.parse(text) as { recorded: boolean; reason?: string };
          if (answer.recorded) {
            ok = true;
            bump(recorded, target.key);
          } else bump(notCounted, answer.reason ?? 'no reason');
        } else if (response.statusCode < 500) bump(rejected, String(response.statusCode));
        else {
          errors += 1;
          firstError ??= `${response.statusCode} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= String(error);
      }
      if (begun >= measureFrom) {
        if (measuredRequests === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[measuredRequests++] = performance.now() - begun;
        if (ok) measuredRecorded += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, client));
  const elapsedMs = performance.now() - measureFrom;
  await pool.close();
  return {
    recorded,
    measured: { requests: measuredRequests, recorded: measuredRecorded, elapsedMs },
    notCounted,
    rejected,
    errors,
    firstError,
    latencies: latencies.slice(0, measuredRequests),
  };
}

// ---------------------------------------------------------------------------------------------
// Worker threads: this same file, told its role (see the end of the file)
// ---------------------------------------------------------------------------------------------

function startWorker<T>(plan: FunctionPlan | LoadPlan): { worker: Worker; first: Promise<T> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: plan });
  const first = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${plan.role} worker stopped (exit code ${code}) before answering`)));
  });
  return { worker, first };
}

async function runLoad(plan: Omit<LoadPlan, 'role'>): Promise<LoadResult> {
  const { first } = startWorker<LoadResult>({ role: 'load', ...plan });
  return first;
}

// ---------------------------------------------------------------------------------------------
// The bench
// ---------------------------------------------------------------------------------------------

interface ClickFigures {
  requestsPerSecond: number;
  clicksPerSecond: number;
  latency: LatencySummary;
  requests: number;
  recorded: number;
  notCounted: Record<string, number>;
  rejected: Record<string, number>;
  errors: number;
  firstError: string | null;
  /** Clicks per database write, from the distinct transaction times of the events. */
  clicksPerWrite: number;
  /** Clients the database's limit remembered a counted click of (each click is its own client). */
  clientsRemembered?: number;
}

interface Exactness {
  items: number;
  acknowledged: number;
  counted: number;
  /** Items whose count differs: key, acknowledged, counted. */
  differences: [string, number, number][];
  exact: boolean;
}

interface LikesFigures {
  calls: number;
  tabs: number;
  maxInFlight: number;
  failed: number;
  firstFailure: string | null;
  latency: LatencySummary;
  serial: 'found' | 'no serial order' | 'search budget exhausted';
  finalMatches: boolean;
  finalLength: number;
}

interface EmulationFigures {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  errors: number;
}

interface ClickBenchResult {
  database: DatabaseKind;
  date: string;
  command: string;
  machine: ReturnType<typeof machine>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  writes: Writes;
  catalogue: { products: number; categories: number; blogs: number; quizzes: number };
  clicks: ClickFigures;
  exactness: Exactness;
  likes: LikesFigures;
  emulation?: EmulationFigures;
  target: { clicksPerSecond: number; p95Ms: number; met: boolean };
}

function usage(problem: string): never {
  console.error(
    `${problem}\nUsage: npm run bench:clicks -- [--seconds N] [--warmup N] [--connections N] [--only pglite|postgres] ` +
      '[--writes batched|single] [--emulation-seconds N]',
  );
  process.exit(2);
}

const open = new Set<() => Promise<void>>();

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '64' },
      only: { type: 'string' },
      writes: { type: 'string', default: 'batched' },
      'emulation-seconds': { type: 'string', default: '5' },
    },
    strict: true,
  });
  const wholeNumber = (name: string, text: string, min: number): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) usage(`--${name} wants a whole number of at least ${min}, not '${text}'.`);
    return n;
  };
  if (values.writes !== 'batched' && values.writes !== 'single') usage(`--writes wants batched or single, not '${values.writes}'.`);
  const writes: Writes = values.writes;
  const options: Options = {
    seconds: wholeNumber('seconds', values.seconds, 1),
    warmup: wholeNumber('warmup', values.warmup, 0),
    connections: wholeNumber('connections', values.connections, 1),
    emulationSeconds: wholeNumber('emulation-seconds', values['emulation-seconds'], 0),
    writes,
  };
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') {
    usage(`--only wants pglite or postgres, not '${values.only}'.`);
  }
  // PostgreSQL first: the target is for it, and on a shared machine the first minute is the quietest.
  const targets: DatabaseKind[] = values.only ? [values.only] : ['postgres', 'pglite'];
  const command = ['npm run bench:clicks', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: cleaning up…`);
      void Promise.allSettled([...open].map((cleanup) => cleanup())).then(() => process.exit(130));
    });
  }

  let failed = false;
  for (const [i, kind] of targets.entries()) {
    if (stopping) break;
    try {
      // The emulation's speed is the function's serving, not the database's: measured once.
      const result = await bench(kind, { ...options, emulationSeconds: i === 0 ? options.emulationSeconds : 0 }, command);
      print(result);
      await mkdir(RESULTS_DIR, { recursive: true });
      const file = resultFile(kind, options.writes);
      await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`results: ${file}`);
      if (result.emulation) await writeFile(EMULATION_FILE, `${JSON.stringify({ date: result.date, database: kind, load1m: result.machine.load1m, ...result.emulation }, null, 2)}\n`);
      if (!result.exactness.exact || result.clicks.errors > 0 || result.likes.failed > 0 || result.likes.serial !== 'found' || !result.likes.finalMatches) {
        failed = true;
      }
    } catch (error) {
      failed = true;
      if (!stopping) console.error(`[${kind}] benchmark failed:`, error);
    }
  }
  console.log(`summary: ${await writeSummary()}`);
  process.exitCode = failed ? 1 : 0;
}

interface Options {
  seconds: number;
  warmup: number;
  connections: number;
  emulationSeconds: number;
  writes: Writes;
}

const log = (kind: DatabaseKind) => (message: string) => console.log(`[${kind}] ${message}`);

/** A fresh, empty database of the kind; on the server, one of its own that cleanup drops. */
async function openBenchDatabase(kind: DatabaseKind): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite();
    return { db, cleanup: () => db.close() };
  }
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `giftshop_clicks_bench_${process.pid}`;
  const admin = openPostgres(server, 1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.close();
  const url = new URL(server);
  url.pathname = `/${name}`;
  // Wider than the stand-in's default pool: the function keeps a few writes in flight, and the
  // likes arrive 40 at a time.
  const db = openPostgres(url.toString(), 24);
  let dropped = false;
  return {
    db,
    async cleanup() {
      if (dropped) return;
      dropped = true;
      await db.close().catch(() => undefined);
      const again = openPostgres(server, 1);
      // The pool's connections close in the background; dropping under them would log each one as lost.
      for (let wait = 0; wait < 30; wait++) {
        const { rows } = await again.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await again.query(`drop database if exists ${name} with (force)`);
      await again.close();
    },
  };
}

const QUESTIONS = JSON.stringify([
  { id: 'q1', text: 'What does a perfect Saturday look like?', options: [{ text: 'A long run', personalities: ['personalFitness'] }] },
]);

/** A small catalogue: the clicks spread over it, as over a shop's popular pages. */
async function seedCatalogue(db: Database) {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id);
  return {
    products: await ids(
      `insert into public.products (name, price, image_url)
       select 'Bench product ' || g, 10 + g, 'https://img.example.com/p' || g || '.jpg' from generate_series(1, 200) g returning id`,
    ),
    categories: await ids(`insert into public.categories (name) select 'Bench category ' || g from generate_series(1, 20) g returning id`),
    blogs: await ids(`insert into public.blogs (title) select 'Bench blog ' || g from generate_series(1, 20) g returning id`),
    quizzes: await ids(
      `insert into public.quizzes (title, description, questions)
       select 'Bench quiz ' || g, 'Find the gift', '${QUESTIONS}'::jsonb from generate_series(1, 4) g returning id`,
    ),
  };
}

type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** Products most, then affiliate links, categories, blogs and quizzes, as a shop's clicks go. */
function clickTargets(catalogue: Catalogue): Target[] {
  const plain = (type: ClickType, id: string): Target => ({ body: JSON.stringify({ type, id }), key: `${type}:${id}:false` });
  return [
    ...catalogue.products.flatMap((id) => [plain('product', id), plain('product', id), plain('product', id)]),
    ...catalogue.products.map((id) => ({
      body: JSON.stringify({ type: 'affiliate', id, platform: 'Amazon' }),
      key: `product:${id}:true`,
    })),
    ...catalogue.categories.flatMap((id) => [plain('category', id), plain('category', id)]),
    ...catalogue.blogs.map((id) => plain('blog', id)),
    ...catalogue.quizzes.map((id) => plain('quiz', id)),
  ];
}

async function bench(kind: DatabaseKind, options: Options, command: string): Promise<ClickBenchResult> {
  const say = log(kind);
  const { db, cleanup } = await openBenchDatabase(kind);
  open.add(cleanup);
  let standIn: StandIn | undefined;
  let fnWorker: Worker | undefined;
  try {
    standIn = await startStandIn({ port: PORTS[kind].supabase, db });
    const catalogue = await seedCatalogue(db);
    const server = (await db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
    const service = createClient<Schema>(standIn.url, standIn.serviceKey, CLIENT_OPTIONS);
    const env = { SUPABASE_URL: standIn.url, SUPABASE_SERVICE_ROLE_KEY: standIn.serviceKey };

    const fn = startWorker<string>({ role: 'function', port: PORTS[kind].fn, env, writes: options.writes });
    fnWorker = fn.worker;
    await fn.first;
    const loadAtStart = load1m();
    if (loadAtStart > cpus().length) say(`the load average is ${loadAtStart} on ${cpus().length} cores: other work will show in the figures`);
    say(`${options.connections} clients for ${options.warmup} s of warm-up and ${options.seconds} s timed…`);
    const load = await runLoad({
      url: `http://127.0.0.1:${PORTS[kind].fn}`,
      connections: options.connections,
      warmupMs: options.warmup * 1000,
      measureMs: options.seconds * 1000,
      targets: clickTargets(catalogue),
      addressOffset: 0,
    });
    const loadAtEnd = load1m();

    const { rows: [writes] } = await db.query<{ events: number; transactions: number; clients: number }>(
      `select count(*)::int as events, count(distinct occurred_at)::int as transactions,
              (select count(distinct client)::int from public.click_admissions) as clients
         from public.click_events`,
    );
    say('rolling up and comparing the analytics with the acknowledged clicks…');
    const exactness = await checkCounts(service, load.recorded);

    say('200 like, unlike and merge calls from 8 tabs…');
    const likes = await likesFromTabs(standIn, service, catalogue.products.slice(0, 24));

    const emulation = options.emulationSeconds > 0
      ? await measureEmulation(env, catalogue.products.at(-1)!, options.emulationSeconds, say)
      : undefined;

    const seconds = load.measured.elapsedMs / 1000;
    const latency = summarise([...load.latencies]);
    const clicksPerSecond = Math.round(load.measured.recorded / seconds);
    return {
      database: kind,
      date: new Date().toISOString(),
      command,
      machine: machine({ start: loadAtStart, end: loadAtEnd }, kind === 'postgres' ? `PostgreSQL ${server}` : `PGlite (Postgres ${server})`),
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmup,
      writes: options.writes,
      catalogue: {
        products: catalogue.products.length, categories: catalogue.categories.length,
        blogs: catalogue.blogs.length, quizzes: catalogue.quizzes.length,
      },
      clicks: {
        requestsPerSecond: Math.round(load.measured.requests / seconds),
        clicksPerSecond,
        latency,
        requests: load.measured.requests,
        recorded: load.measured.recorded,
        notCounted: load.notCounted,
        rejected: load.rejected,
        errors: load.errors,
        firstError: load.firstError,
        clicksPerWrite: Math.round((writes!.events / Math.max(1, writes!.transactions)) * 10) / 10,
        clientsRemembered: writes!.clients,
      },
      exactness,
      likes,
      ...(emulation ? { emulation } : {}),
      target: {
        clicksPerSecond: TARGET_CLICKS_PER_SECOND,
        p95Ms: TARGET_P95_MS,
        met: clicksPerSecond >= TARGET_CLICKS_PER_SECOND && latency.p95 <= TARGET_P95_MS && exactness.exact && load.errors === 0,
      },
    };
  } finally {
    if (fnWorker) {
      fnWorker.postMessage('stop');
      await new Promise((resolve) => fnWorker!.once('exit', resolve));
    }
    await standIn?.close();
    await cleanup();
    open.delete(cleanup);
  }
}

/**
 * Rolls the events up, then reads the analytics as the admin panel does and compares each
 * item's plain and affiliate clicks (today's and yesterday's, should the run cross midnight UTC)
 * with the clicks acknowledged as recorded.
 */
async function checkCounts(service: SupabaseClient<Schema>, acknowledged: Record<string, number>): Promise<Exactness> {
  const rollup = await service.rpc('rollup_clicks');
  if (rollup.error) throw new Error('rollup_clicks failed', { cause: rollup.error });
  const { data, error } = await service
    .from('analytics')
    .select('item_id, click_type, today_clicks, yesterday_clicks, today_affiliate_links, yesterday_affiliate_links');
  if (error) throw new Error('reading the analytics failed', { cause: error });
  const counted = new Map<string, number>();
  for (const row of data) {
    counted.set(`${row.click_type}:${row.item_id}:false`, Number(row.today_clicks) + Number(row.yesterday_clicks));
    counted.set(`${row.click_type}:${row.item_id}:true`, Number(row.today_affiliate_links) + Number(row.yesterday_affiliate_links));
  }
  const keys = new Set([...Object.keys(acknowledged), ...[...counted].filter(([, n]) => n > 0).map(([key]) => key)]);
  const differences: [string, number, number][] = [];
  for (const key of keys) {
    const expected = acknowledged[key] ?? 0;
    const actual = counted.get(key) ?? 0;
    if (expected !== actual) differences.push([key, expected, actual]);
  }
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  return {
    items: keys.size,
    acknowledged: sum(Object.values(acknowledged)),
    counted: sum(counted.values()),
    differences,
    exact: differences.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// One shopper, several tabs
// ---------------------------------------------------------------------------------------------

/** A small deterministic generator, so every run makes the same calls. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const TABS = 8;
const LIKE_CALLS = 200;

/** 200 calls over the products: likes, unlikes and merges of a few ids (some twice). */
function likeCalls(products: string[]): LikeCall[] {
  const next = random(20261118);
  const pick = () => products[Math.floor(next() * products.length)]!;
  return Array.from({ length: LIKE_CALLS }, (): LikeCall => {
    const roll = next();
    if (roll < 0.45) return { kind: 'like', product: pick() };
    if (roll < 0.8) return { kind: 'unlike', product: pick() };
    return { kind: 'merge', products: Array.from({ length: 1 + Math.floor(next() * 4) }, pick) };
  });
}

async function likesFromTabs(standIn: StandIn, service: SupabaseClient<Schema>, products: string[]): Promise<LikesFigures> {
  const email = `bench.${process.pid}.${Date.now()}@example.com`;
  const password = 'ribbon-and-bow-9';
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error('creating the bench shopper failed', { cause: created.error });
  const userId = created.data.user.id;
  const tabs: SupabaseClient<Schema>[] = [];
  for (let i = 0; i < TABS; i++) {
    const tab = createClient<Schema>(standIn.url, standIn.anonKey, CLIENT_OPTIONS);
    const { error } = await tab.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`signing tab ${i + 1} in failed`, { cause: error });
    tabs.push(tab);
  }

  const calls = likeCalls(products);
  const observed: (ObservedCall | null)[] = calls.map(() => null);
  const failures: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run = async (tab: SupabaseClient<Schema>, index: number) => {
    const call = calls[index]!;
    const sent = performance.now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const list = call.kind === 'like'
        ? await likeProduct(tab, call.product)
        : call.kind === 'unlike'
          ? await unlikeProduct(tab, call.product)
          : await mergeGuestLikes(tab, call.products);
      observed[index] = { call, sent, answered: performance.now(), list };
    } catch (error) {
      failures.push(`${call.kind}: ${String(error)}`);
    } finally {
      inFlight -= 1;
    }
  };
  // Each tab sends its share in bursts of 1 to 8 calls at once, the next burst when one is answered.
  const burst = random(7);
  await Promise.all(tabs.map(async (tab, t) => {
    const mine = calls.map((_, i) => i).filter((i) => i % TABS === t);
    while (mine.length > 0) {
      const size = 1 + Math.floor(burst() * 8);
      await Promise.all(mine.splice(0, size).map((i) => run(tab, i)));
    }
  }));

  const answered = observed.filter((o): o is ObservedCall => o !== null);
  const final = await likedProductIds(tabs[0]!, userId);
  const verdict = failures.length === 0 ? findSerialOrder(answered) : null;
  return {
    calls: calls.length,
    tabs: TABS,
    maxInFlight,
    failed: failures.length,
    firstFailure: failures[0] ?? null,
    latency: summarise(answered.map((o) => o.answered - o.sent)),
    serial: verdict === null ? 'no serial order' : verdict.found ? 'found' : verdict.reason,
    finalMatches: verdict?.found === true && verdict.final.length === final.length && verdict.final.every((id, i) => id === final[i]),
    finalLength: final.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Netlify's emulation, for comparison
// ---------------------------------------------------------------------------------------------

const EMULATION_CONNECTIONS = 4;

/** The same clicks through @netlify/dev (as scripts/lib/site-server.ts serves the functions). */
async function measureEmulation(
  env: Record<string, string>, product: string, seconds: number, say: (message: string) => void,
): Promise<EmulationFigures> {
  const { NetlifyDev } = await import('@netlify/dev');
  // The emulation's per-request worker threads take their environment from this process.
  Object.assign(process.env, env);
  const off = { enabled: false };
  const dev = new NetlifyDev({
    projectRoot: new URL('../../', import.meta.url).pathname,
    aiGateway: off, blobs: off, database: off, edgeFunctions: off, geolocation: off, images: off, server: off,
    environmentVariables: off, staticFiles: off, redirects: off, headers: off,
    functions: { enabled: true },
    serverAddress: null,
    logger: { ...console, log: () => undefined, info: () => undefined } as unknown as Console,
  });
  await dev.start();
  const server = createServer(async (req, res) => {
    const match = await dev.handleAndIntrospectNodeRequest(req, {});
    if (!match) return void res.writeHead(404).end();
    const headers: Record<string, string> = {};
    match.response.headers.forEach((value, name) => (headers[name] = value));
    res.writeHead(match.response.status, headers).end(Buffer.from(await match.response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(EMULATION_PORT, '127.0.0.1', resolve));
  try {
    say(`the same clicks through @netlify/dev: ${EMULATION_CONNECTIONS} clients for ${seconds} s…`);
    const load = await runLoad({
      url: `http://127.0.0.1:${EMULATION_PORT}`,
      connections: EMULATION_CONNECTIONS,
      warmupMs: 0,
      measureMs: seconds * 1000,
      targets: [{ body: JSON.stringify({ type: 'product', id: product }), key: `product:${product}:false` }],
      addressOffset: 1 << 23,
    });
    return {
      connections: EMULATION_CONNECTIONS,
      seconds,
      requests: load.measured.requests,
      requestsPerSecond: Math.round((load.measured.requests / (load.measured.elapsedMs / 1000)) * 10) / 10,
      latency: summarise([...load.latencies]),
      errors: load.errors,
    };
  } finally {
    server.close();
    await dev.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

const TITLES: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite (embedded)' };
const tally = (counts: Record<string, number>) =>
  Object.entries(counts).map(([what, n]) => `${n} ${what}`).join(', ') || 'none';

function verdicts(r: ClickBenchResult): string[] {
  const { clicks, exactness, likes } = r;
  return [
    `clicks: ${clicks.clicksPerSecond.toLocaleString('en')} recorded/s (${clicks.requestsPerSecond.toLocaleString('en')} requests/s), ` +
      `p50 ${clicks.latency.p50.toFixed(1)} ms, p95 ${clicks.latency.p95.toFixed(1)} ms, p99 ${clicks.latency.p99.toFixed(1)} ms; ` +
      `${clicks.clicksPerWrite} clicks per database write` +
      (clicks.clientsRemembered === undefined ? '' : `; the per-client limit checked in the database, ${clicks.clientsRemembered.toLocaleString('en')} clients remembered`),
    `answers in the timed ${r.seconds} s: ${clicks.recorded.toLocaleString('en')} recorded, not counted: ${tally(clicks.notCounted)}, ` +
      `rejected: ${tally(clicks.rejected)}, errors: ${clicks.errors}${clicks.firstError ? ` (first: ${clicks.firstError})` : ''}`,
    `exactness: ${exactness.exact ? 'EXACT' : 'DIFFERENT'} — ${exactness.counted.toLocaleString('en')} counted in the analytics for ` +
      `${exactness.acknowledged.toLocaleString('en')} acknowledged (warm-up included) over ${exactness.items} items` +
      (exactness.exact ? '' : `; first differences: ${exactness.differences.slice(0, 5).map(([k, a, c]) => `${k} acknowledged ${a}, counted ${c}`).join('; ')}`),
    `likes: ${likes.calls} calls from ${likes.tabs} tabs (up to ${likes.maxInFlight} at once), ${likes.failed} failed` +
      `${likes.firstFailure ? ` (first: ${likes.firstFailure})` : ''}, p95 ${likes.latency.p95.toFixed(1)} ms; serial order: ` +
      `${likes.serial === 'found' ? 'FOUND' : likes.serial.toUpperCase()}; final list (${likes.finalLength} products) ` +
      `${likes.finalMatches ? 'equals' : 'DIFFERS FROM'} the serial result`,
  ];
}

const emulationLine = (e: EmulationFigures) =>
  `${e.requestsPerSecond.toFixed(1)} requests/s with ${e.connections} clients for ${e.seconds} s (${e.requests} requests), ` +
  `p50 ${e.latency.p50.toFixed(0)} ms, p95 ${e.latency.p95.toFixed(0)} ms, ${e.errors} errors`;

function print(r: ClickBenchResult): void {
  console.log(
    `\n${TITLES[r.database]}, ${WRITES[r.writes]}: ${r.connections} clients, ${r.seconds} s (${r.machine.server}; ` +
      `load average ${r.machine.load1m.start} → ${r.machine.load1m.end} on ${r.machine.cores} cores)`,
  );
  console.log(textTable(
    ['calls', 'n', 'p50', 'p95', 'p99', 'max (ms)'],
    [
      ['track-click', String(r.clicks.latency.calls), r.clicks.latency.p50, r.clicks.latency.p95, r.clicks.latency.p99, r.clicks.latency.max],
      ['likes', String(r.likes.latency.calls), r.likes.latency.p50, r.likes.latency.p95, r.likes.latency.p99, r.likes.latency.max],
    ],
  ));
  for (const line of verdicts(r)) console.log(line);
  if (r.emulation) console.log(`through @netlify/dev: ${emulationLine(r.emulation)}`);
  const goal = `≥ ${TARGET_CLICKS_PER_SECOND.toLocaleString('en')} clicks/s, p95 ≤ ${TARGET_P95_MS} ms, zero lost`;
  console.log(r.database === 'postgres'
    ? `Target on PostgreSQL (${goal}): ${r.target.met ? 'MET' : 'MISSED'}`
    : `(for comparison; the target (${goal}) is for PostgreSQL) ${r.target.met ? 'met' : 'missed'}`);
  const caveat = loadCaveat(r.machine);
  if (caveat) console.log(`Note: ${caveat}.`);
}

const SUMMARY_FILE = join(new URL('../../', import.meta.url).pathname, 'docs', 'benchmarks', 'clicks.md');

const EMULATION_FILE = join(RESULTS_DIR, 'clicks-emulation.json');

/** Where a run's figures go: one file per database and way of writing, the latest run's. */
const resultFile = (kind: DatabaseKind, writes: Writes) =>
  join(RESULTS_DIR, `clicks-${kind}${writes === 'single' ? '-single' : ''}.json`);

async function readResult(kind: DatabaseKind, writes: Writes): Promise<ClickBenchResult | null> {
  try {
    return JSON.parse(await readFile(resultFile(kind, writes), 'utf8')) as ClickBenchResult;
  } catch {
    return null;
  }
}

const WRITES: Record<Writes, string> = { batched: 'batched (as shipped)', single: 'one write per click' };

function row(r: ClickBenchResult): string {
  const c = r.clicks;
  return `| ${WRITES[r.writes]} | ${r.date.slice(0, 16).replace('T', ' ')} | ${c.clicksPerSecond.toLocaleString('en')} | ` +
    `${c.latency.p50.toFixed(1)} | ${c.latency.p95.toFixed(1)} | ${c.latency.p99.toFixed(1)} | ${c.latency.max.toFixed(1)} | ` +
    `${c.clicksPerWrite} | ${c.errors} | ${r.exactness.exact ? 'exact' : '**different**'} | ${r.machine.load1m.start} → ${r.machine.load1m.end} |`;
}

/** A database's section: the shipped (batched) run in full, and the one-write-per-click run beside it. */
function section(r: ClickBenchResult, single: ClickBenchResult | null): string[] {
  const lines = [
    `## ${TITLES[r.database]}`,
    '',
    `\`${r.command}\` · ${r.connections} clients, ${r.seconds} s timed after ${r.warmupSeconds} s of warm-up · ` +
      `${r.machine.cores} cores (${r.machine.cpu}), Node ${r.machine.node}, ${r.machine.server}`,
    '',
    '| writes | run (UTC) | recorded clicks/s | p50 ms | p95 ms | p99 ms | max ms | clicks per write | errors | counts | load average |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    row(r),
    ...(single ? [row(single)] : []),
    '',
    ...verdicts(r).map((line) => `- ${line}`),
    '',
  ];
  if (r.database === 'postgres') {
    const caveat = loadCaveat(r.machine);
    lines.push(
      `Target ≥ ${r.target.clicksPerSecond.toLocaleString('en')} clicks/s, p95 ≤ ${r.target.p95Ms} ms, zero lost: ` +
        `**${r.target.met ? 'met' : 'missed'}**${caveat ? ` (${caveat})` : ''}.`,
      '',
    );
  }
  return lines;
}

const EMULATION_HEADING = '## Through @netlify/dev';

/** The latest measurement of the same clicks through Netlify's emulation. */
async function emulationSection(): Promise<string[]> {
  try {
    const e = JSON.parse(await readFile(EMULATION_FILE, 'utf8')) as EmulationFigures & { date: string; database: DatabaseKind; load1m: { start: number; end: number } };
    return [
      EMULATION_HEADING,
      '',
      `The same clicks served by Netlify's emulation (as \`npm start\` served them before it ran the functions in process), run ${e.date.slice(0, 16).replace('T', ' ')} UTC ` +
        `on ${TITLES[e.database]}, load average ${e.load1m.start} → ${e.load1m.end}: ${emulationLine(e)}.`,
      '',
    ];
  } catch {
    return [];
  }
}

/** Rewrites docs/benchmarks/clicks.md from the latest results of each database, keeping the hand-written notes. */
async function writeSummary(): Promise<string> {
  const previous = await readFile(SUMMARY_FILE, 'utf8').catch(() => '');
  const sections: string[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const batched = await readResult(kind, 'batched');
    sections.push(...(batched ? section(batched, await readResult(kind, 'single')) : earlierSection(previous, `## ${TITLES[kind]}`)));
  }
  const emulation = await emulationSection();
  const notes = handWrittenNotes(previous);
  const text = [
    '# Click-tracking benchmark',
    '',
    'How many clicks a second `POST /api/track-click` records, with what latency, and whether the analytics count',
    'exactly the clicks it acknowledged; and whether one shopper\'s concurrent likes, unlikes and merges from several tabs',
    'end as a serial order of them would. Written by `npm run bench:clicks` (scripts/bench/clicks.ts, which says how',
    'it works; options `--seconds N`, `--warmup N`, `--connections N`, `--only pglite|postgres`, `--writes batched|single`,',
    '`--emulation-seconds N`). Each table shows the latest run of each way of writing.',
    'The machine has 2 cores and is shared: the load, the function, the stand-in and the database all run on it.',
    '',
    ...sections,
    ...(emulation.length > 0 ? emulation : earlierSection(previous, EMULATION_HEADING)),
    NOTES_MARKER,
  ].join('\n');
  await mkdir(join(SUMMARY_FILE, '..'), { recursive: true });
  await writeFile(SUMMARY_FILE, `${text}${notes}`);
  return SUMMARY_FILE;
}

// The main thread runs the bench; a worker thread started from this file plays the role it is given.
if (!isMainThread) {
  const plan = workerData as FunctionPlan | LoadPlan;
  if (plan.role === 'function') await serveFunction(plan);
  else parentPort!.postMessage(await driveLoad(plan));
} else {
  await main();
}
