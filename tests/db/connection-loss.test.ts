/**
 * What a PostgreSQL restart does to its clients, without restarting the server other suites share:
 * every connection to the test's database is terminated from the server side, several times while
 * clicks pour in. No click that was acknowledged may be lost, none may appear that was not sent,
 * and the stand-in keeps answering afterwards on the connections its pool opens anew.
 *
 * The clicks go the way a shopper's do: the track-click handler with its batcher, through
 * supabase-js, to the stand-in over HTTP, into its pool of PostgreSQL connections. A second test
 * holds every connection of a wide pool inside a transaction when the connections are killed.
 *
 * PostgreSQL only, like concurrency.test.ts: PGlite is embedded and has no connections to lose.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTrackClick } from '../../functions/track-click.ts';
import { openPostgres, type Database } from '../../supabase/local/db.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';
import { createProduct, serviceAuth } from '../support/fixtures.ts';

const onPglite = testDatabaseKind() === 'pglite';
const SHOPPER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PRODUCTS = 8;
/** Shoppers clicking at once, each sending its next click as soon as the last one is answered. */
const SHOPPERS = 64;
const LOAD_MS = 3_000;
/** When, into the load, every connection is killed. */
const KILLS_AT_MS = [400, 1_100, 1_800, 2_500];
/** How long a kill waits for work in flight before it kills regardless. */
const BUSY_WAIT_MS = 300;

let db: TestDatabase;
let databaseUrl: string;
let products: string[];
/** Outside every pool under test: the connection that kills the others. */
let killer: pg.Client;

beforeAll(async () => {
  if (onPglite) return;
  db = await openTestDatabase();
  const { rows } = await db.query<{ name: string }>('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${rows[0]!.name}`;
  databaseUrl = url.toString();
  products = [];
  for (let i = 0; i < PRODUCTS; i++) products.push((await createProduct(db, { name: `Survivor ${i}` })).id);
  killer = new pg.Client({ connectionString: databaseUrl });
  await killer.connect();
});

afterAll(async () => {
  await killer?.end();
  await db?.drop();
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (!onPglite) await db.query('truncate public.click_events, public.clicks_daily');
});

/**
 * Terminates every other connection to the test's database, as a server restart does, if one of
 * them is at that moment inside a statement or a transaction (or `always`); answers how many.
 */
async function killEveryConnection(always = false): Promise<number> {
  const { rows } = await killer.query<{ killed: number }>(
    `select count(*) filter (where pg_terminate_backend(pid))::int as killed
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and ($1 or exists (select from pg_stat_activity busy
                            where busy.datname = current_database() and busy.pid <> pg_backend_pid()
                              and busy.state in ('active', 'idle in transaction')))`,
    [always],
  );
  return rows[0]!.killed;
}

/**
 * Kills every connection at each moment of KILLS_AT_MS from now: at the first instant from then on
 * when work is in flight on one of them (within BUSY_WAIT_MS, else regardless), so that a kill cuts
 * writes short instead of landing between them, as it could on a slow machine. Resolves with what
 * each kill ended.
 */
function killDuringLoad(): Promise<number[]> {
  const killWhenBusy = async () => {
    const giveUpAt = Date.now() + BUSY_WAIT_MS;
    for (;;) {
      const killed = await killEveryConnection(Date.now() >= giveUpAt);
      if (killed > 0 || Date.now() >= giveUpAt) return killed;
    }
  };
  return Promise.all(KILLS_AT_MS.map((at) => new Promise<number>((resolve, reject) => setTimeout(() => killWhenBusy().then(resolve, reject), at))));
}

/** Clicks per product stored so far, rolled up or not, in the order of `products`. */
async function storedPerProduct(): Promise<number[]> {
  const { rows } = await db.query<{ item_id: string; n: number }>(
    `select item_id, sum(n)::int as n from (
       select item_id, count(*) as n from public.click_events group by item_id
       union all
       select item_id, sum(clicks + affiliate_clicks) from public.clicks_daily group by item_id
     ) stored group by item_id`,
  );
  const byId = new Map(rows.map((r) => [r.item_id, r.n]));
  return products.map((id) => byId.get(id) ?? 0);
}

/** Tallies per product: what was sent, and what was answered as recorded. */
function tally() {
  return { attempted: Array<number>(PRODUCTS).fill(0), acknowledged: Array<number>(PRODUCTS).fill(0), failed: 0 };
}

/** Failed writes are logged as they happen; here they are expected, and counted rather than printed. */
function quietLogs() {
  return {
    errors: vi.spyOn(console, 'error').mockImplementation(() => undefined),
    warnings: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
  };
}

describe.skipIf(onPglite)('losing every database connection mid-load (PostgreSQL only: PGlite has no connections)', () => {
  let standIn: StandIn;
  let handler: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    // The stand-in as `npm start` runs it on PostgreSQL: its own pool on the database's URL.
    standIn = await startStandIn({ port: 0, databaseUrl });
    process.env.SUPABASE_URL = standIn.url;
    process.env.SUPABASE_SERVICE_ROLE_KEY = standIn.serviceKey;
    // An instance of the function of this file's own, with its own batches.
    handler = createTrackClick();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  let nextShopper = 0;
  /** One click from a shopper of its own (so the per-client limit never applies); the answer's status and body. */
  async function click(product: number): Promise<{ status: number; recorded: boolean }> {
    const n = ++nextShopper;
    const response = await handler(new Request('http://localhost:8888/api/track-click', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': SHOPPER,
        'x-nf-client-connection-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ type: 'product', id: products[product] }),
    }));
    const body = (await response.json()) as { recorded?: boolean };
    return { status: response.status, recorded: response.status === 202 && body.recorded === true };
  }

  test('through track-click: every acknowledged click is stored, none invented, and clicks count again at once', async () => {
    const logs = quietLogs();
    const counts = tally();
    const statuses = new Map<number, number>();
    const stopAt = Date.now() + LOAD_MS;
    const shopper = async (s: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const product = (s + i) % PRODUCTS;
        counts.attempted[product]! += 1;
        const answer = await click(product);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.recorded) counts.acknowledged[product]! += 1;
        else counts.failed += 1;
      }
    };
    const [killed] = await Promise.all([killDuringLoad(), Promise.all(Array.from({ length: SHOPPERS }, (_, s) => shopper(s)))]);

    // The kills found the stand-in's connections, and cut writes in flight: some clicks failed
    // rather than all of them getting through by luck. A statement cut short by the kill is 57P01,
    // which the stand-in answers 503 as PostgREST does, and the function answers 503 with
    // Retry-After; a connection found dead between statements has no SQLSTATE, which the stand-in
    // answers 500, and so does the function.
    expect(killed.every((n) => n > 0), `connections killed at each kill: ${killed.join(', ')}`).toBe(true);
    expect(counts.failed).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status !== 202 && status !== 500 && status !== 503)).toEqual([]);
    expect(statuses.get(202)).toBeGreaterThan(0);
    const acknowledged = counts.acknowledged.reduce((a, b) => a + b, 0);
    expect(acknowledged).toBeGreaterThan(counts.failed);

    const stored = await storedPerProduct();
    for (let p = 0; p < PRODUCTS; p++) {
      expect(stored[p], `product ${p}: stored against acknowledged`).toBeGreaterThanOrEqual(counts.acknowledged[p]!);
      expect(stored[p], `product ${p}: stored against attempted`).toBeLessThanOrEqual(counts.attempted[p]!);
    }

    // Nothing restarted: the very next clicks are each recorded, on connections the pool opened anew.
    logs.errors.mockClear();
    const after = await Promise.all(Array.from({ length: 2 * SHOPPERS }, (_, i) => click(i % PRODUCTS)));
    expect(after.filter((a) => !a.recorded)).toEqual([]);
    expect(logs.errors).not.toHaveBeenCalled();
    const storedAfter = await storedPerProduct();
    expect(storedAfter.map((n, p) => n - stored[p]!)).toEqual(Array(PRODUCTS).fill((2 * SHOPPERS) / PRODUCTS));
  }, 15_000);

  test('through the pool: killing connections held inside transactions fails those calls, and the pool serves the next', async () => {
    const logs = quietLogs();
    const width = 32;
    const pool: Database = openPostgres(databaseUrl, width);
    try {
      const counts = tally();
      /**
       * One click per call, in a transaction that lingers between its statements, as a request
       * whose caller is slow does: a kill then often finds the connection checked out but idle.
       */
      const call = async (product: number) => {
        counts.attempted[product]! += 1;
        try {
          await pool.transaction(async (tx) => {
            await tx.query('select public.record_click($1, $2)', ['product', products[product]]);
            await new Promise((resolve) => setTimeout(resolve, 5));
            await tx.query('select 1');
          }, serviceAuth);
          counts.acknowledged[product]! += 1;
        } catch {
          counts.failed += 1;
        }
      };
      const stopAt = Date.now() + LOAD_MS;
      const caller = async (c: number) => {
        for (let i = 0; Date.now() < stopAt; i++) await call((c + i) % PRODUCTS);
      };
      const [killed] = await Promise.all([killDuringLoad(), Promise.all(Array.from({ length: width }, (_, c) => caller(c)))]);

      expect(killed.every((n) => n > 0), `connections killed at each kill: ${killed.join(', ')}`).toBe(true);
      expect(counts.failed).toBeGreaterThan(0);
      const stored = await storedPerProduct();
      for (let p = 0; p < PRODUCTS; p++) {
        expect(stored[p], `product ${p}: stored against acknowledged`).toBeGreaterThanOrEqual(counts.acknowledged[p]!);
        expect(stored[p], `product ${p}: stored against attempted`).toBeLessThanOrEqual(counts.attempted[p]!);
      }

      // The same pool, not a new one: every connection of it answers again.
      const pids = await Promise.all(
        Array.from({ length: width }, () =>
          pool.transaction(async (tx) => {
            const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
            await new Promise((resolve) => setTimeout(resolve, 20));
            return rows[0]!.pid;
          }, serviceAuth)),
      );
      expect(new Set(pids).size).toBe(width);
      expect(logs.warnings.mock.calls.every(([message]) => String(message).startsWith('postgres: '))).toBe(true);
    } finally {
      await pool.close();
    }
  }, 15_000);
});
