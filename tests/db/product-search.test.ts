/**
 * product_search (20261101002100_search_speed.sql): the columns product search reads, kept in
 * step with products by a trigger through every kind of write — inserts, updates of searched and
 * unsearched columns, a category rename (which refreshes the search vectors), deletes and truncate.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { createCategory, createProduct } from '../support/fixtures.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => db?.drop());

/** Rows of product_search that differ from their product's columns, or are missing on either side. */
async function outOfStep(): Promise<unknown[]> {
  const { rows } = await db.query(`
    with fresh as (select id, name, created_at, price, gender_category, category_ids, search_vector from public.products)
    (select 'missing' as side, * from fresh except select 'missing', * from public.product_search)
    union all
    (select 'extra', * from public.product_search except select 'extra', * from fresh)`);
  return rows;
}

const searchRows = async () => Number((await db.query<{ n: string }>('select count(*) as n from public.product_search')).rows[0]!.n);

test('every write of products is reflected in product_search', async () => {
  const gadgets = await createCategory(db, { name: 'Gadgets' });
  const lamp = await createProduct(db, { name: 'Desk Lamp', price: 30, category_ids: [gadgets.id] });
  const rug = await createProduct(db, { name: 'Wool Rug', price: 80 });
  expect(await outOfStep()).toEqual([]);

  await db.query(`update public.products set name = 'Reading Lamp', price = 35, gender_category = 'for_her' where id = $1`, [lamp.id]);
  expect(await outOfStep()).toEqual([]);

  await db.query(`update public.products set description = 'Hand-woven in Wales' where id = $1`, [rug.id]);
  await db.query(`update public.products set category_ids = array[$2::uuid] where id = $1`, [rug.id, gadgets.id]);
  expect(await outOfStep()).toEqual([]);

  // A category rename refreshes the search vectors of its products.
  await db.query(`update public.categories set name = 'Gizmos' where id = $1`, [gadgets.id]);
  expect(await outOfStep()).toEqual([]);

  await db.query('delete from public.products where id = $1', [lamp.id]);
  expect(await outOfStep()).toEqual([]);
  expect(await searchRows()).toBe(1);

  await db.query('truncate public.products cascade');
  expect(await searchRows()).toBe(0);
});
