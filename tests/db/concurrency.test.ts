/**
 * Concurrent callers on a real PostgreSQL server: click tracking under 64 simultaneous
 * connections (with rollups running in between) loses and doubles nothing, one shopper's
 * simultaneous likes, unlikes and merges end as a serial order of them would, product writes
 * moving products between facet cells in opposite directions never deadlock, and two saves
 * bringing the same new word neither wait for each other nor lose it from search.
 *
 * PGlite is a single session: everything on it runs one transaction after another, so these
 * tests only run with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPostgres, type Database, type Queryable } from '../../supabase/local/db.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';
import { createCategory, createProduct, createUser, serviceAuth, type ProductRow, type TestUser } from '../support/fixtures.ts';

const CONNECTIONS = 64;
const onPglite = testDatabaseKind() === 'pglite';

let db: TestDatabase;
/** A second pool on the same database, wide enough for every call to get its own connection. */
let pool: Database;

beforeAll(async () => {
  if (onPglite) return;
  db = await openTestDatabase();
  const { rows } = await db.query<{ name: string }>('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${rows[0]!.name}`;
  pool = openPostgres(url.toString(), CONNECTIONS);
});

afterAll(async () => {
  await pool?.close();
  await db?.drop();
});

/**
 * Runs `quick` as the service role while `slow`'s transaction has written and is still open, then
 * lets `slow` commit. `quick` gives up on any lock after 2 s, so a save that waits for the other
 * fails the test instead of hanging it.
 */
async function whileASaveIsOpen<T>(slow: (tx: Queryable) => Promise<unknown>, quick: (tx: Queryable) => Promise<T>): Promise<T> {
  let written!: () => void;
  let finish!: () => void;
  const slowWritten = new Promise<void>((resolve) => (written = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const slowSave = pool.transaction(async (tx) => {
    await slow(tx);
    written();
    await finished;
  }, serviceAuth);
  await slowWritten;
  try {
    return await pool.transaction(async (tx) => {
      await tx.query("set local lock_timeout = '2s'");
      return quick(tx);
    }, serviceAuth);
  } finally {
    finish();
    await slowSave;
  }
}

describe.skipIf(onPglite)('concurrency (PostgreSQL only: PGlite is one session and runs nothing concurrently)', () => {
  test(`${CONNECTIONS} simultaneous clicks, then clicks racing rollups, are each counted exactly once`, async () => {
    const products: ProductRow[] = [];
    for (let i = 0; i < 4; i++) products.push(await createProduct(db, { name: `Busy ${i}` }));
    const click = (i: number) =>
      pool.transaction(
        async (tx) =>
          (await tx.query<{ pid: number }>(
            'select public.record_click($1, $2, $3, $4) as id, pg_backend_pid() as pid',
            ['product', products[i % 4]!.id, i % 8 === 0, i % 8 === 0 ? 'Amazon' : null],
          )).rows[0]!,
        serviceAuth,
      );
    const rollup = () => pool.transaction(async (tx) => void (await tx.query('select public.rollup_clicks()')), serviceAuth);

    /** Plain and affiliate clicks per product since yesterday (a run may cross midnight UTC). */
    const counted = async () =>
      (await pool.transaction(
        async (tx) =>
          (await tx.query<{ name: string; plain: number; affiliate: number }>(
            `select item_name as name, (today_clicks + yesterday_clicks)::int as plain,
                    (today_affiliate_links + yesterday_affiliate_links)::int as affiliate
               from public.click_analytics(now()) order by item_name`,
          )).rows,
        serviceAuth,
      ));
    const expected = (rounds: number) => [
      { name: 'Busy 0', plain: 8 * rounds, affiliate: 8 * rounds },
      { name: 'Busy 1', plain: 16 * rounds, affiliate: 0 },
      { name: 'Busy 2', plain: 16 * rounds, affiliate: 0 },
      { name: 'Busy 3', plain: 16 * rounds, affiliate: 0 },
    ];

    const first = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => click(i)));
    expect(new Set(first.map((r) => r.pid)).size).toBeGreaterThan(1);
    expect(await counted()).toEqual(expected(1));

    const racing: Promise<unknown>[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      racing.push(click(i));
      if (i % 16 === 8) racing.push(rollup());
    }
    await Promise.all(racing);
    expect(await counted()).toEqual(expected(2));

    await rollup();
    expect(await counted()).toEqual(expected(2));
    const { rows } = await db.query<{ events: number; days: number }>(
      `select (select count(*) from public.click_events)::int as events,
              (select sum(clicks + affiliate_clicks) from public.clicks_daily)::int as days`,
    );
    expect(rows[0]).toEqual({ events: 0, days: 2 * CONNECTIONS });
  });

  test('200 simultaneous likes, unlikes and merges by one shopper end as a serial order would', async () => {
    const user: TestUser = await createUser(db);
    const p: string[] = [];
    for (let i = 0; i < 100; i++) p.push((await createProduct(db, { name: `Wish ${i}` })).id);
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const run = (fn: string, arg: unknown) =>
      pool.transaction(async (tx) => void (await tx.query(`select public.${fn}($1)`, [arg])), user.auth);
    /** Calls one after another: the order within a chain is known. */
    const chain = async (steps: [string, unknown][]) => {
      for (const [fn, arg] of steps) await run(fn, arg);
    };

    const calls: Promise<void>[] = [];
    let count = 0;
    const add = (steps: [string, unknown][]) => {
      count += steps.length;
      calls.push(chain(steps));
    };
    for (let i = 0; i < 40; i++) add([['like_product', p[i]]]); // liked
    for (let i = 0; i < 40; i++) add([['like_product', p[i]]]); // liked twice: still once
    for (let i = 40; i < 50; i++) add([['like_product', p[i]], ['unlike_product', p[i]]]); // ends unliked
    for (let i = 50; i < 60; i++) add([['like_product', p[i]], ['unlike_product', p[i]], ['like_product', p[i]]]); // ends liked
    for (let i = 0; i < 20; i++) add([['merge_guest_likes', [p[60 + i], p[60 + ((i + 1) % 20)], unknown, p[i]]]]); // 60..79 liked
    for (let i = 80; i < 90; i++) {
      add([['like_product', p[i]], ['unlike_product', p[i]], ['like_product', p[i]], ['unlike_product', p[i]]]); // ends unliked
    }
    for (let i = 90; i < 100; i++) add([['unlike_product', p[i]]]); // never liked
    expect(count).toBe(200);
    await Promise.all(calls);

    const { rows } = await db.query<{ product_id: string[] }>('select product_id from public.liked_products where user_id = $1', [user.id]);
    const liked = rows[0]!.product_id;
    const expected = [...p.slice(0, 40), ...p.slice(50, 60), ...p.slice(60, 80)];
    expect(liked).toHaveLength(expected.length);
    expect([...liked].sort()).toEqual([...expected].sort());
  });

  test('200 simultaneous product writes moving products between facet cells both ways all commit, and the cells stay exact', async () => {
    const [north, south] = [(await createCategory(db, { name: 'North' })).id, (await createCategory(db, { name: 'South' })).id];
    const products: string[] = [];
    for (let i = 0; i < 40; i++) products.push((await createProduct(db, { name: `Mover ${i}`, category_ids: [i % 2 ? north : south] })).id);
    // Each write moves one product to the other category: one cell loses it, the other gains it,
    // and half the writes go each way, so two writers want the same two cells in opposite orders.
    const move = (i: number) =>
      pool.transaction(async (tx) => {
        await tx.query(
          `update public.products set category_ids = case when category_ids = array[$2::uuid] then array[$3::uuid] else array[$2::uuid] end
            where id = $1`,
          [products[i % products.length], north, south],
        );
      }, serviceAuth);
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => move(i)));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);

    const { rows } = await db.query(`
      with fresh as (
        select category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
               price_drop_percent is not null as price_drop, count(*)::int as products
        from public.products group by 1, 2, 3, 4, 5
      )
      (select * from fresh except select category_ids, subcategory_ids, gender_category, price_band, price_drop, products from public.product_facet_cells)
      union all
      (select category_ids, subcategory_ids, gender_category, price_band, price_drop, products from public.product_facet_cells except select * from fresh)`);
    expect(rows).toEqual([]);
  });

  test('a save that moves no product between facet cells keeps no other save of its cell waiting', async () => {
    const shelf = (await createCategory(db, { name: 'Shared Shelf' })).id;
    const [first, second] = [
      (await createProduct(db, { name: 'Shelf One', category_ids: [shelf] })).id,
      (await createProduct(db, { name: 'Shelf Two', category_ids: [shelf] })).id,
    ];
    // An admin's rename, its transaction still open (a slow save, or a price import writing badges);
    // another admin's save in the same cell answers at once instead of waiting for the first to commit.
    const quick = await whileASaveIsOpen(
      (tx) => tx.query("update public.products set name = 'Shelf One, renamed' where id = $1", [first]),
      (tx) => tx.query<{ name: string }>("update public.products set name = 'Shelf Two, renamed' where id = $1 returning name", [second]),
    );
    expect(quick.rows).toEqual([{ name: 'Shelf Two, renamed' }]);
  });

  test('two saves bringing the same new word neither wait for each other nor lose it from search', async () => {
    const [first, second] = [(await createProduct(db, { name: 'Plain Vase' })).id, (await createProduct(db, { name: 'Plain Bowl' })).id];
    const quick = await whileASaveIsOpen(
      (tx) => tx.query("update public.products set name = 'Quillwort Vase' where id = $1", [first]),
      (tx) => tx.query<{ name: string }>("update public.products set name = 'Quillwort Bowl' where id = $1 returning name", [second]),
    );
    expect(quick.rows).toEqual([{ name: 'Quillwort Bowl' }]);
    const found = await db.query<{ name: string }>("select name from public.search_products_enhanced('quill') order by name");
    expect(found.rows.map((r) => r.name)).toEqual(['Quillwort Bowl', 'Quillwort Vase']);
    const forms = await db.query<{ forms: string }>("select public.catalogue_word_forms('quill:*')::text as forms");
    expect(forms.rows[0]!.forms).toBe(`'quillwort'`);
  });
});
