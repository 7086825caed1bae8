/**
 * product_search (20261101002100_search_speed.sql): the columns product search reads, kept in
 * step with products by a trigger through every kind of write — inserts, updates of searched and
 * unsearched columns, a category rename (which refreshes the search vectors), deletes and truncate.
 * And product_search_words (20261101003000_search_word_forms.sql): every word of those vectors,
 * which search spells a query's word starts out with.
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

/** Words of product_search's vectors that product_search_words lacks. */
async function wordsMissing(): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>(`
    select distinct w.word from public.product_search p, unnest(tsvector_to_array(p.search_vector)) as w(word)
    except select word from public.product_search_words
    order by 1`);
  return rows.map((r) => r.word);
}

/** The ids of the products matching a query (an expression of $1, the text of a tsquery), sorted. */
async function idsMatching(query: string, tsquery: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from public.product_search where search_vector @@ ${query} order by id`, [tsquery]);
  return rows.map((r) => r.id);
}

const wordForms = async (prefixes: string) =>
  (await db.query<{ forms: string | null }>('select public.catalogue_word_forms($1::tsquery)::text as forms', [prefixes])).rows[0]!.forms;

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

test('every word of every search vector is kept in product_search_words through every kind of write', async () => {
  const tools = await createCategory(db, { name: 'Workshop Tools' });
  const saw = await createProduct(db, { name: 'Folding Saw', description: 'Japanese pull stroke', category_ids: [tools.id] });
  await createProduct(db, { name: 'Marking Gauge', price: 22 });
  expect(await wordsMissing()).toEqual([]);

  await db.query(`update public.products set name = 'Zephyrine Ryoba Saw' where id = $1`, [saw.id]);
  await db.query(`update public.products set price = price + 1`);
  await db.query(`update public.categories set name = 'Joinery Kit' where id = $1`, [tools.id]);
  expect(await wordsMissing()).toEqual([]);

  // A new word is found by its start straight away.
  const found = await db.query<{ name: string }>(`select name from public.search_products_enhanced('zephyr')`);
  expect(found.rows.map((r) => r.name)).toEqual(['Zephyrine Ryoba Saw']);
  const joinery = await db.query<{ name: string }>(`select name from public.search_products_enhanced('joine')`);
  expect(joinery.rows.map((r) => r.name)).toEqual(['Zephyrine Ryoba Saw']);
});

test('word starts spelt out as the catalogue\'s words find exactly the rows the word starts find', async () => {
  for (const name of ['Wireless Headphones', 'Wire Basket', 'Headphone Stand', 'Head Massager', 'Heated Blanket', 'Mini Wheel']) {
    await createProduct(db, { name, description: 'A thoughtful gift for a wired home' });
  }
  expect(await wordForms('wire:*')).toBe(`'wire' | 'wireless'`);
  expect(await wordForms(`'head':* & 'wire':*`)).toBe(`( 'head' | 'headphon' ) & ( 'wire' | 'wireless' )`);

  const { rows } = await db.query<{ start: string }>(`
    select distinct left(w.word, n) as start
    from public.product_search_words w, generate_series(2, 6) as n
    where char_length(w.word) >= n and w.word ~ '^[a-z]+$'`);
  expect(rows.length).toBeGreaterThan(50);
  for (const { start } of rows) {
    const prefix = `'${start}':*`;
    expect(await idsMatching('public.catalogue_word_forms($1::tsquery)', prefix), prefix)
      .toEqual(await idsMatching('$1::tsquery', prefix));
  }
});

test('a word start with no word or with more than 32 stays a word start, and other queries come back unchanged', async () => {
  await createProduct(db, { name: 'Velvet Pouch' });
  expect(await wordForms(`'qzv':*`)).toBe(`'qzv':*`);
  expect(await wordForms(`'velvet':* & 'qzv':*`)).toBe(`'velvet' & 'qzv':*`);

  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const names = Array.from({ length: 33 }, (_, i) => `Qx${letters[Math.floor(i / 26)]}${letters[i % 26]}mo Lamp`);
  for (const name of names.slice(0, 32)) await createProduct(db, { name });
  expect((await wordForms(`'qx':*`))?.split(' | ')).toHaveLength(32);
  await createProduct(db, { name: names[32]! });
  expect(await wordForms(`'qx':*`)).toBe(`'qx':*`);

  expect(await wordForms(`'wire' & 'basket'`)).toBe(`'wire' & 'basket'`);
  expect(await wordForms(`'wire':* | 'basket':*`)).toBe(`'wire':* | 'basket':*`);
  expect(await wordForms(`'wire':* & !'basket':*`)).toBe(`'wire':* & !'basket':*`);
  expect((await db.query('select public.catalogue_word_forms(null) as forms')).rows[0]).toEqual({ forms: null });
});
