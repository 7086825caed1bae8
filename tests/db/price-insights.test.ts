/**
 * The price badges in SQL (20261101001700_price_insights.sql): the same badges as the TypeScript
 * rules on the same histories, kept on the product by the price_history trigger (one statement,
 * many products), readable by everyone with the product, and recomputed only by the service role.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { addPrice, attempt, createCallers, createProduct, type Callers } from '../support/fixtures.ts';
import { BADGE_CASES, CASE_NOW } from '../../src/features/prices/badge-cases.ts';
import { priceBadges } from '../../src/features/prices/rules.ts';

let db: TestDatabase;
let callers: Callers;

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
});
afterAll(async () => db.drop());

async function badgesOf(productId: string) {
  const { rows } = await db.query<{ price_lowest_in_90_days: boolean; price_drop_percent: number | null }>(
    'select price_lowest_in_90_days, price_drop_percent from public.products where id = $1',
    [productId],
  );
  return { lowestIn90Days: rows[0]!.price_lowest_in_90_days, dropPercent: rows[0]!.price_drop_percent };
}

describe('price_badges_of', () => {
  test('SQL gives the badges the TypeScript rules give, on every case', async () => {
    const cases = [];
    for (const c of BADGE_CASES) {
      const product = await createProduct(db, { name: `Case ${c.name}` });
      for (const p of c.points) await addPrice(db, { product_id: product.id, platform: p.platform, price: p.price, scraped_at: p.scrapedAt });
      cases.push({ id: product.id, c });
    }
    const { rows } = await db.query<{ product_id: string; lowest_in_90_days: boolean; drop_percent: number | null }>(
      'select * from public.price_badges_of($1::uuid[], $2::timestamptz)',
      [cases.map((x) => x.id), CASE_NOW.toISOString()],
    );
    const sql = new Map(rows.map((r) => [r.product_id, { lowestIn90Days: r.lowest_in_90_days, dropPercent: r.drop_percent }]));
    for (const { id, c } of cases) {
      const none = { lowestIn90Days: false, dropPercent: null };
      expect({ name: c.name, badges: sql.get(id) ?? none }).toEqual({ name: c.name, badges: priceBadges(c.points, CASE_NOW) });
      expect({ name: c.name, badges: sql.get(id) ?? none }).toEqual({ name: c.name, badges: c.badges });
    }
  });
});

describe('badges kept on the product', () => {
  const day = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(Date.now() - days * day).toISOString();

  test('one insert statement of many products updates each product it touched, and only those', async () => {
    const dropped = await createProduct(db, { name: 'Dropped Lamp' });
    const steady = await createProduct(db, { name: 'Steady Lamp' });
    const untouched = await createProduct(db, { name: 'Untouched Lamp' });
    await db.query(
      `insert into public.price_history (product_id, platform, price, scraped_at)
       select id, 'Amazon', price, at from (values
         ($1::uuid, 40::numeric, $3::timestamptz), ($1, 40, $4), ($1, 30, $5),
         ($2::uuid, 20, $3), ($2, 20, $4), ($2, 21, $5)) as v(id, price, at)`,
      [dropped.id, steady.id, ago(20), ago(10), ago(1)],
    );
    expect(await badgesOf(dropped.id)).toEqual({ lowestIn90Days: true, dropPercent: 25 });
    expect(await badgesOf(steady.id)).toEqual({ lowestIn90Days: false, dropPercent: null });
    expect(await badgesOf(untouched.id)).toEqual({ lowestIn90Days: false, dropPercent: null });
  });

  test('deleting the prices takes the badges off', async () => {
    const product = await createProduct(db, { name: 'Briefly Cheap Lamp' });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 50, scraped_at: ago(20) });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 40, scraped_at: ago(1) });
    expect(await badgesOf(product.id)).toEqual({ lowestIn90Days: true, dropPercent: 11 });
    await db.query('delete from public.price_history where product_id = $1', [product.id]);
    expect(await badgesOf(product.id)).toEqual({ lowestIn90Days: false, dropPercent: null });
  });

  test('refresh_price_badges recomputes every product as of now (the windows move on daily)', async () => {
    const product = await createProduct(db, { name: 'Stale Badge Lamp' });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 50, scraped_at: ago(20) });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 40, scraped_at: ago(1) });
    await db.query('update public.products set price_drop_percent = null, price_lowest_in_90_days = false where id = $1', [product.id]);
    await db.query('select public.refresh_price_badges()');
    expect(await badgesOf(product.id)).toEqual({ lowestIn90Days: true, dropPercent: 11 });
  });

  test('everyone reads the badges with the product; only the service role recomputes them', async () => {
    const product = await createProduct(db, { name: 'Public Badge Lamp' });
    for (const caller of [callers.anon, callers.user]) {
      const read = await attempt(db, caller.auth, 'select price_drop_percent from public.products where id = $1', [product.id]);
      expect(read.ok).toBe(true);
      for (const sql of ['select public.refresh_price_badges()', 'select * from public.price_badges_of(null)']) {
        const denied = await attempt(db, caller.auth, sql);
        expect(denied).toMatchObject({ ok: false, code: '42501' });
      }
      const write = await attempt(db, caller.auth, 'update public.products set price_drop_percent = 50 where id = $1', [product.id]);
      expect(write.ok ? write.affectedRows : 0).toBe(0);
    }
    const admin = await attempt(db, callers.admin.auth, 'update public.products set price_drop_percent = 50 where id = $1', [product.id]);
    expect(admin.ok ? admin.affectedRows : 0).toBe(0);
    const service = await attempt(db, { role: 'service_role', claims: { role: 'service_role' } }, 'select public.refresh_price_badges()');
    expect(service.ok).toBe(true);
  });
});
