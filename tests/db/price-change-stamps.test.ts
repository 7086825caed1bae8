/**
 * The stamps the build reads its prices by (20261101002500_price_change_stamps.sql): every
 * statement that writes price history stamps each product it touched with its transaction's start,
 * and only those; a deleted product takes its stamp with it; product_prices answers each stamped
 * product's latest price per retailer and its prices from 90 days back; everyone reads both and
 * no caller but the service role writes a stamp.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { addPrice, attempt, createCallers, createProduct, type Callers } from '../support/fixtures.ts';

let db: TestDatabase;
let callers: Callers;

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
});
afterAll(async () => db.drop());

const day = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day).toISOString();

/** The stamp of each product, or undefined where it has none. */
async function stamps(...ids: string[]): Promise<(string | undefined)[]> {
  const { rows } = await db.query<{ product_id: string; changed_at: string }>(
    'select product_id, changed_at::text from public.product_price_changes where product_id = any($1::uuid[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.product_id, r.changed_at]));
  return ids.map((id) => byId.get(id));
}

/** The transaction's start, as now() gives it, of a statement run in its own transaction. */
async function stampedBy(sql: string, params: unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query(sql, params);
    return (await tx.query<{ now: string }>('select now()::text as now')).rows[0]!.now;
  });
}

describe('stamps', () => {
  test('one insert of many products stamps each product it touched, at its transaction\'s start, and no other', async () => {
    const [a, b, untouched] = await Promise.all(['Stamp A', 'Stamp B', 'Stamp C'].map((name) => createProduct(db, { name })));
    const at = await stampedBy(
      `insert into public.price_history (product_id, platform, price, scraped_at)
       select id, 'Amazon', 10, now() from unnest($1::uuid[]) as id`,
      [[a!.id, b!.id]],
    );
    expect(await stamps(a!.id, b!.id, untouched!.id)).toEqual([at, at, undefined]);
  });

  test('an update and a delete stamp their products again', async () => {
    const product = await createProduct(db, { name: 'Restamped Lamp' });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 40, scraped_at: ago(2) });
    const [inserted] = await stamps(product.id);
    const updated = await stampedBy('update public.price_history set price = 35 where product_id = $1', [product.id]);
    expect(updated > inserted!).toBe(true);
    expect(await stamps(product.id)).toEqual([updated]);
    const deleted = await stampedBy('delete from public.price_history where product_id = $1', [product.id]);
    expect(deleted > updated).toBe(true);
    expect(await stamps(product.id)).toEqual([deleted]);
  });

  test('deleting a product with prices takes its stamp with it, and the delete goes through', async () => {
    const product = await createProduct(db, { name: 'Gone Lamp' });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 40, scraped_at: ago(2) });
    await db.query('delete from public.products where id = $1', [product.id]);
    expect(await stamps(product.id)).toEqual([undefined]);
  });
});

describe('product_prices', () => {
  test('a stamped product\'s latest price per retailer and its prices of the last 90 days and after, oldest first', async () => {
    const product = await createProduct(db, { name: 'Priced Lamp' });
    await db.query(
      `insert into public.price_history (product_id, platform, price, scraped_at) values
         ($1, 'Amazon', 50, $2), ($1, 'Amazon', 45, $3), ($1, 'Etsy', 60, $4), ($1, 'Etsy', 55, $5)`,
      [product.id, ago(120), ago(30), ago(10), ago(-1)],
    );
    const { rows } = await db.query<{ latest: [string, number, string][]; history: [string, number, string][] }>(
      'select latest, history from public.product_prices where id = $1',
      [product.id],
    );
    const [row] = rows;
    expect(row!.latest.map(([platform, price]) => [platform, Number(price)])).toEqual([['Amazon', 45], ['Etsy', 55]]);
    expect(row!.history.map(([platform, price]) => [platform, Number(price)])).toEqual([['Amazon', 45], ['Etsy', 60], ['Etsy', 55]]);
  });

  test('everyone reads the stamps and prices; no shopper or admin writes a stamp', async () => {
    const product = await createProduct(db, { name: 'Public Stamp Lamp' });
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 40, scraped_at: ago(1) });
    for (const caller of [callers.anon, callers.user, callers.admin]) {
      const read = await attempt<{ id: string }>(db, caller.auth, 'select id from public.product_prices where id = $1', [product.id]);
      expect(read.ok && read.rows.map((r) => r.id)).toEqual([product.id]);
      const write = await attempt(db, caller.auth, 'update public.product_price_changes set changed_at = now() - interval \'1 year\' where product_id = $1', [product.id]);
      expect(write.ok ? write.affectedRows : 0).toBe(0);
      const insert = await attempt(db, caller.auth, 'insert into public.product_price_changes (product_id) values ($1)', [product.id]);
      expect(insert).toMatchObject({ ok: false, code: '42501' });
    }
  });
});
