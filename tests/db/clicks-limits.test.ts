/**
 * The per-client click limit as the database keeps it (record_clicks with a `client` per click,
 * supabase/migrations/20261101001300_click_limits.sql): 30 counted clicks per client in any
 * 60 seconds, a repeat on one item within 30 minutes counted once, repeats and limited clicks not
 * using up the allowance, clicks without a client not limited; the rollup forgets what no longer
 * decides anything; only the service role sees the table. On PostgreSQL, batches for one client
 * racing on separate connections (two function instances) never admit more than the allowance.
 *
 * Time is moved by making the counted clicks older (counted_at) rather than by waiting.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openPostgres, type Database } from '../../supabase/local/db.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';
import { anonAuth, attempt, createCategory, createProduct, createUser, runAs, serviceAuth, userAuth } from '../support/fixtures.ts';

const onPglite = testDatabaseKind() === 'pglite';
const ALLOWANCE = 30;

let db: TestDatabase;
/** Enough products for a client to use up its allowance on new items. */
let products: string[];

beforeAll(async () => {
  db = await openTestDatabase();
  products = [];
  for (let i = 0; i < 40; i++) products.push((await createProduct(db, { name: `Limited ${i}` })).id);
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await db.query('truncate public.click_events, public.clicks_daily, public.click_admissions');
});

interface Outcome { click: number; verdict: string; problem: string | null; retry_after: number | null }

/** A client as the function sends it: the hex of a 32-byte hash. */
const newClient = () => randomBytes(32).toString('hex');

const clicksOn = (client: string | null, ids: string[], extra: Record<string, unknown> = {}) =>
  ids.map((item) => ({ item_type: 'product', item, ...(client === null ? {} : { client }), ...extra }));

const record = (clicks: unknown[]) =>
  runAs<Outcome & Record<string, unknown>>(db, serviceAuth, 'select * from public.record_clicks($1)', [JSON.stringify(clicks)]);

const verdicts = (outcomes: Outcome[]) => outcomes.map((o) => o.verdict);
const stored = async () => (await db.query<{ n: number }>('select count(*)::int as n from public.click_events')).rows[0]!.n;

/** Makes every counted click `seconds` older, as if that much time had passed. */
const age = (seconds: number) => db.query(`update public.click_admissions set counted_at = counted_at - make_interval(secs => $1)`, [seconds]);

describe('the allowance', () => {
  test(`a client's first ${ALLOWANCE} new items count; the next is limited until the oldest leaves the minute`, async () => {
    const client = newClient();
    const outcomes = await record(clicksOn(client, products.slice(0, ALLOWANCE + 1)));
    expect(verdicts(outcomes)).toEqual([...Array(ALLOWANCE).fill('recorded'), 'limited']);
    expect(outcomes.at(-1)!.retry_after).toBe(60);
    expect(await stored()).toBe(ALLOWANCE);

    await age(45);
    const later = await record(clicksOn(client, [products[ALLOWANCE]!]));
    expect(later).toEqual([{ click: 1, verdict: 'limited', problem: null, retry_after: 15 }]);
  });

  test('the window slides: once the counted clicks are a minute old, the client counts again', async () => {
    const client = newClient();
    await record(clicksOn(client, products.slice(0, ALLOWANCE)));
    await age(60);
    expect(verdicts(await record(clicksOn(client, products.slice(ALLOWANCE, ALLOWANCE + 2))))).toEqual(['recorded', 'recorded']);
  });

  test('clients are limited apart', async () => {
    const [one, two] = [newClient(), newClient()];
    await record(clicksOn(one, products.slice(0, ALLOWANCE)));
    expect(verdicts(await record(clicksOn(one, [products[ALLOWANCE]!])))).toEqual(['limited']);
    expect(verdicts(await record(clicksOn(two, [products[ALLOWANCE]!])))).toEqual(['recorded']);
  });

  test('limited clicks do not use up the allowance: hammering a minute on, one counts', async () => {
    const client = newClient();
    await record(clicksOn(client, products.slice(0, ALLOWANCE)));
    for (let i = 0; i < 5; i++) expect(verdicts(await record(clicksOn(client, products.slice(ALLOWANCE, ALLOWANCE + 3))))).toEqual(Array(3).fill('limited'));
    await age(60);
    expect(verdicts(await record(clicksOn(client, [products[ALLOWANCE]!])))).toEqual(['recorded']);
  });

  test('a click without a client is never limited', async () => {
    const outcomes = await record([...clicksOn(null, products), ...clicksOn(null, products)]);
    expect(outcomes.every((o) => o.verdict === 'recorded')).toBe(true);
    expect(await stored()).toBe(2 * products.length);
  });

  test('unknown items use up the allowance like known ones: a client spraying made-up ids is limited', async () => {
    const client = newClient();
    const made = Array.from({ length: ALLOWANCE + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const outcomes = await record(clicksOn(client, made));
    expect(verdicts(outcomes)).toEqual([...Array(ALLOWANCE).fill('refused'), 'limited']);
    expect(outcomes[0]!.problem).toBe(`No product has the id ${made[0]}`);
    expect(verdicts(await record(clicksOn(client, [products[0]!])))).toEqual(['limited']);
  });

  test('a client that is not a 32-byte hash is refused, without failing the batch', async () => {
    const outcomes = await record([...clicksOn('203.0.113.7', [products[0]!]), ...clicksOn(newClient(), [products[1]!])]);
    expect(outcomes.map((o) => [o.verdict, o.problem])).toEqual([
      ['refused', 'client must be the hex of a 32-byte hash'],
      ['recorded', null],
    ]);
  });
});

describe('repeats', () => {
  test('a repeat in the same batch or a later one counts once, and does not use up the allowance', async () => {
    const client = newClient();
    const first = await record(clicksOn(client, [products[0]!, products[0]!, products[0]!.toUpperCase()]));
    expect(verdicts(first)).toEqual(['recorded', 'repeat', 'repeat']);
    expect(verdicts(await record(clicksOn(client, [products[0]!])))).toEqual(['repeat']);
    // 29 more new items still count: the repeats used nothing.
    expect(verdicts(await record(clicksOn(client, products.slice(1, ALLOWANCE))))).toEqual(Array(ALLOWANCE - 1).fill('recorded'));
    expect(await stored()).toBe(ALLOWANCE);
  });

  test('an affiliate click is its own item, whatever the platform', async () => {
    const client = newClient();
    const outcomes = await record([
      ...clicksOn(client, [products[0]!]),
      ...clicksOn(client, [products[0]!], { affiliate: true, platform: 'Etsy' }),
      ...clicksOn(client, [products[0]!], { affiliate: true, platform: 'Amazon' }),
    ]);
    expect(verdicts(outcomes)).toEqual(['recorded', 'recorded', 'repeat']);
  });

  test('a repeat counts again once 30 minutes have passed since it last counted', async () => {
    const client = newClient();
    await record(clicksOn(client, [products[0]!]));
    await age(30 * 60 - 5);
    expect(verdicts(await record(clicksOn(client, [products[0]!])))).toEqual(['repeat']);
    await age(5);
    expect(verdicts(await record(clicksOn(client, [products[0]!])))).toEqual(['recorded']);
  });

  test('the repeat of a limited click in one batch is limited too', async () => {
    const client = newClient();
    const outcomes = await record(clicksOn(client, [...products.slice(0, ALLOWANCE + 1), products[ALLOWANCE]!, products[0]!]));
    expect(verdicts(outcomes).slice(ALLOWANCE)).toEqual(['limited', 'limited', 'repeat']);
  });
});

describe('the rollup', () => {
  test('forgets counted clicks older than 30 minutes and keeps the younger ones', async () => {
    const [old, recent] = [newClient(), newClient()];
    await record(clicksOn(old, products.slice(0, 3)));
    await age(30 * 60);
    await record(clicksOn(recent, products.slice(0, 2)));
    await runAs(db, serviceAuth, 'select public.rollup_clicks()');
    const { rows } = await db.query<{ client: string }>(`select encode(client, 'hex') as client from public.click_admissions`);
    expect(rows.map((r) => r.client)).toEqual([recent, recent]);
  });
});

describe('who may see the counted clicks', () => {
  test('only the service role: anon and signed-in users can neither read nor write them', async () => {
    const category = await createCategory(db);
    const user = await createUser(db);
    const client = newClient();
    await record([{ item_type: 'category', item: category.id, client }]);
    for (const auth of [anonAuth, userAuth(user.id, user.email)]) {
      const read = await attempt(db, auth, 'select * from public.click_admissions');
      expect(read.ok ? 'read' : read.code).toBe('42501');
      const write = await attempt(db, auth, `insert into public.click_admissions values (decode($1, 'hex'), 'product', $2, false, now())`, [client, products[0]]);
      expect(write.ok ? 'written' : write.code).toBe('42501');
    }
    const { rows } = await db.query<{ rls: boolean }>(`select relrowsecurity as rls from pg_class where oid = 'public.click_admissions'::regclass`);
    expect(rows).toEqual([{ rls: true }]);
  });
});

describe.skipIf(onPglite)('two function instances at once (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  const CONNECTIONS = 16;
  let pool: Database;

  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${rows[0]!.name}`;
    pool = openPostgres(url.toString(), CONNECTIONS);
  });
  afterAll(async () => {
    await pool?.close();
  });

  test('a batch that waits for another holding the same client sees its clicks: no 31st is admitted', async () => {
    const client = newClient();
    await record(clicksOn(client, products.slice(0, ALLOWANCE - 1)));
    // The first instance admits the 30th and holds its transaction open a moment; the second,
    // asking for another new item meanwhile, must wait for it and then find the allowance used.
    let firstDone = false;
    const first = pool.transaction(async (tx) => {
      const { rows } = await tx.query<Outcome>('select * from public.record_clicks($1)', [JSON.stringify(clicksOn(client, [products[ALLOWANCE - 1]!]))]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      firstDone = true;
      return rows;
    }, serviceAuth);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = pool.transaction(async (tx) => {
      const { rows } = await tx.query<Outcome>('select * from public.record_clicks($1)', [JSON.stringify(clicksOn(client, [products[ALLOWANCE]!]))]);
      return { rows, afterFirst: firstDone };
    }, serviceAuth);
    const [one, two] = await Promise.all([first, second]);
    expect(verdicts(one)).toEqual(['recorded']);
    expect(two.afterFirst).toBe(true);
    expect(verdicts(two.rows)).toEqual(['limited']);
    expect(await stored()).toBe(ALLOWANCE);
  });

  test(`${CONNECTIONS * 4} batches racing for 8 clients count exactly each client's allowance, without deadlocks`, async () => {
    const clients = Array.from({ length: 8 }, newClient);
    // Each batch holds clicks of several clients in different orders, as batches of two instances do.
    const batch = (b: number) =>
      Array.from({ length: 12 }, (_, i) => ({ item_type: 'product', item: products[(b * 12 + i) % products.length], client: clients[(b + i * 3) % 8] }));
    const outcomes = await Promise.all(Array.from({ length: CONNECTIONS * 4 }, (_, b) =>
      pool.transaction(async (tx) => (await tx.query<Outcome>('select * from public.record_clicks($1)', [JSON.stringify(batch(b))])).rows, serviceAuth)));
    const recordedPerClient = new Map<string, number>();
    outcomes.forEach((rows, b) => rows.forEach((row, i) => {
      if (row.verdict !== 'recorded') return;
      const client = clients[(b + i * 3) % 8]!;
      recordedPerClient.set(client, (recordedPerClient.get(client) ?? 0) + 1);
    }));
    expect([...recordedPerClient.values()]).toEqual(Array(8).fill(ALLOWANCE));
    expect(await stored()).toBe(8 * ALLOWANCE);
  });
});
