/**
 * What the click bench relies on: record_clicks writes a batch of clicks checking each as
 * record_click does, and only for the service role; batches racing each other and the rollup
 * lose and double nothing (PostgreSQL only); and the serial-order check of concurrent likes finds
 * an order exactly when one exists.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openPostgres, type Database } from '../../supabase/local/db.ts';
import { applyCall, findSerialOrder, type LikeCall, type ObservedCall } from '../../scripts/bench/serial-order.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';
import {
  anonAuth, attempt, createBlog, createCategory, createProduct, createUser, runAs, serviceAuth, userAuth, type ProductRow,
  type TestUser,
} from '../support/fixtures.ts';

const GHOST = '00000000-0000-4000-8000-00000000beef';
const onPglite = testDatabaseKind() === 'pglite';

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await db.query('truncate public.click_events, public.clicks_daily');
});

interface Outcome { click: number; verdict: string; problem: string | null; retry_after: number | null }

const recordClicks = (clicks: unknown) =>
  runAs<Outcome & Record<string, unknown>>(db, serviceAuth, 'select * from public.record_clicks($1)', [JSON.stringify(clicks)]);

describe('record_clicks', () => {
  test('appends every valid click of a batch with its item\'s name, and says per click what happened', async () => {
    const product = await createProduct(db, { name: 'Batch Lamp' });
    const blog = await createBlog(db, { title: 'Batch Blog' });
    const outcomes = await recordClicks([
      { item_type: 'product', item: product.id },
      { item_type: 'product', item: product.id, affiliate: true, platform: '  Etsy ' },
      { item_type: 'blog', item: GHOST },
      { item_type: 'blog', item: blog.id },
    ]);
    expect(outcomes).toEqual([
      { click: 1, verdict: 'recorded', problem: null, retry_after: null },
      { click: 2, verdict: 'recorded', problem: null, retry_after: null },
      { click: 3, verdict: 'refused', problem: `No blog has the id ${GHOST}`, retry_after: null },
      { click: 4, verdict: 'recorded', problem: null, retry_after: null },
    ]);
    const { rows } = await db.query('select item_id, click_type, affiliate, platform, item_name from public.click_events order by id');
    expect(rows).toEqual([
      { item_id: product.id, click_type: 'product', affiliate: false, platform: null, item_name: 'Batch Lamp' },
      { item_id: product.id, click_type: 'product', affiliate: true, platform: 'Etsy', item_name: 'Batch Lamp' },
      { item_id: blog.id, click_type: 'blog', affiliate: false, platform: null, item_name: 'Batch Blog' },
    ]);
  });

  test('refuses each bad click with record_click\'s message, and a malformed one without failing the batch', async () => {
    const category = await createCategory(db);
    const product = await createProduct(db);
    const outcomes = await recordClicks([
      { item_type: 'video', item: product.id },
      { item_type: 'category', item: category.id, affiliate: true },
      { item_type: 'product', item: 'not-a-uuid' },
      'not a click',
      { item_type: 'blog', item: product.id },
      { item_type: 'product', item: product.id },
    ]);
    expect(outcomes.map((o) => o.problem)).toEqual([
      'item_type must be product, category, blog or quiz, not video',
      'only products have affiliate links',
      'item must be a uuid, not not-a-uuid',
      'item_type must be product, category, blog or quiz, not null',
      `No blog has the id ${product.id}`,
      null,
    ]);
    expect(outcomes.map((o) => o.verdict)).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'recorded']);
    const single = await attempt(db, serviceAuth, `select public.record_click('blog', $1)`, [product.id]);
    expect(single.ok ? 'succeeded' : single.message).toBe(outcomes[4]!.problem);
    expect((await db.query('select count(*)::int as n from public.click_events')).rows).toEqual([{ n: 1 }]);
  });

  test.each([
    ['an object', { item_type: 'product' }, 'clicks must be an array of clicks, not object'],
    ['more than 1000 clicks', Array(1001).fill({ item_type: 'product', item: GHOST }), 'at most 1000 clicks at once, not 1001'],
  ])('refuses %s as a whole with 22023 and records nothing', async (_, clicks, message) => {
    const outcome = await attempt(db, serviceAuth, 'select * from public.record_clicks($1)', [JSON.stringify(clicks)]);
    expect(outcome.ok ? 'succeeded' : [outcome.code, outcome.message]).toEqual(['22023', message]);
  });

  test('is the service role\'s alone: anon and a signed-in user may not call it', async () => {
    const product = await createProduct(db);
    const user: TestUser = await createUser(db);
    const batch = JSON.stringify([{ item_type: 'product', item: product.id }]);
    for (const auth of [anonAuth, userAuth(user.id, user.email)]) {
      const outcome = await attempt(db, auth, 'select * from public.record_clicks($1)', [batch]);
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
    expect((await db.query('select count(*)::int as n from public.click_events')).rows).toEqual([{ n: 0 }]);
  });
});

describe.skipIf(onPglite)('record_clicks under concurrency (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  const CONNECTIONS = 32;
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

  test(`${CONNECTIONS * 4} batches of 50 racing each other and rollups are each counted exactly once`, async () => {
    const products: ProductRow[] = [];
    for (let i = 0; i < 5; i++) products.push(await createProduct(db, { name: `Racing ${i}` }));
    const batch = (b: number) =>
      Array.from({ length: 50 }, (_, i) => ({ item_type: 'product', item: products[(b + i) % 5]!.id, affiliate: i % 10 === 0, platform: 'Amazon' }));
    const work: Promise<unknown>[] = [];
    for (let b = 0; b < CONNECTIONS * 4; b++) {
      work.push(pool.transaction((tx) => tx.query('select * from public.record_clicks($1)', [JSON.stringify(batch(b))]), serviceAuth));
      if (b % 16 === 8) work.push(pool.transaction((tx) => tx.query('select public.rollup_clicks()'), serviceAuth));
    }
    await Promise.all(work);
    await runAs(db, serviceAuth, 'select public.rollup_clicks()');
    const { rows } = await db.query<{ name: string; plain: number; affiliate: number }>(
      `select p.name, sum(d.clicks)::int as plain, sum(d.affiliate_clicks)::int as affiliate
         from public.clicks_daily d join public.products p on p.id = d.item_id group by p.name order by p.name`,
    );
    const total = CONNECTIONS * 4 * 50;
    expect(rows.reduce((sum, r) => sum + r.plain + r.affiliate, 0)).toBe(total);
    expect(rows.reduce((sum, r) => sum + r.affiliate, 0)).toBe(total / 10);
    expect(rows.map((r) => r.plain + r.affiliate)).toEqual(Array(5).fill(total / 5));
    expect((await db.query('select count(*)::int as n from public.click_events')).rows).toEqual([{ n: 0 }]);
  });
});

describe('findSerialOrder', () => {
  const like = (product: string): LikeCall => ({ kind: 'like', product });
  const unlike = (product: string): LikeCall => ({ kind: 'unlike', product });
  const merge = (...products: string[]): LikeCall => ({ kind: 'merge', products });
  const seen = (call: LikeCall, sent: number, answered: number, list: string[]): ObservedCall => ({ call, sent, answered, list });

  test('applies calls as the likes migration does: a like appends once, an unlike removes, a merge appends the new ids in order', () => {
    expect(applyCall(['a'], like('b'))).toEqual(['a', 'b']);
    expect(applyCall(['a', 'b'], like('a'))).toEqual(['a', 'b']);
    expect(applyCall(['a', 'b'], unlike('a'))).toEqual(['b']);
    expect(applyCall(['b'], unlike('z'))).toEqual(['b']);
    expect(applyCall(['b'], merge('c', 'b', 'a', 'c'))).toEqual(['b', 'c', 'a']);
  });

  test('finds the order of calls made one after another', () => {
    const calls = [seen(like('a'), 0, 1, ['a']), seen(like('b'), 2, 3, ['a', 'b']), seen(unlike('a'), 4, 5, ['b'])];
    expect(findSerialOrder(calls)).toEqual({ found: true, order: [0, 1, 2], final: ['b'] });
  });

  test('finds the order the answers show for overlapping calls, even against the order they answered in', () => {
    // All three overlap; b went first, then a, then the merge.
    const calls = [seen(like('a'), 0, 5, ['b', 'a']), seen(like('b'), 0, 6, ['b']), seen(merge('c', 'a'), 1, 7, ['b', 'a', 'c'])];
    expect(findSerialOrder(calls)).toEqual({ found: true, order: [1, 0, 2], final: ['b', 'a', 'c'] });
  });

  test('finds none when an update was lost: two overlapping likes that each answer without the other', () => {
    const calls = [seen(like('a'), 0, 5, ['a']), seen(like('b'), 0, 5, ['b'])];
    expect(findSerialOrder(calls)).toMatchObject({ found: false, reason: 'no serial order' });
  });

  test('finds none when the only explaining order breaks real time: a call answered before another was sent came after it', () => {
    // like(a) answered at 1, before like(b) was sent at 2; yet b's answer lacks a and a's includes b.
    const calls = [seen(like('a'), 0, 1, ['b', 'a']), seen(like('b'), 2, 3, ['b'])];
    expect(findSerialOrder(calls)).toMatchObject({ found: false, reason: 'no serial order' });
  });

  test('backtracks past a dead end: equal answers, only one of which fits first', () => {
    // Both unlikes answer [] — either could be placed first, but only the one after like(a) explains like(a)'s answer.
    const calls = [seen(unlike('a'), 0, 9, []), seen(like('a'), 0, 9, ['a']), seen(unlike('a'), 0, 9, [])];
    const verdict = findSerialOrder(calls);
    expect(verdict.found).toBe(true);
    if (verdict.found) expect(verdict.final).toEqual([]);
  });

  test('gives up past its budget rather than searching for ever', () => {
    const calls = Array.from({ length: 12 }, (_, i) => seen(like(`p${i}`), 0, 1, ['never']));
    expect(findSerialOrder(calls, [], 5)).toMatchObject({ found: false, reason: 'search budget exhausted' });
  });
});
