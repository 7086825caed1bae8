/**
 * Facet counts (20261101001900_facets.sql): product_facets gives every choice of the filter panel
 * the total the listing would show after choosing it, for every filter state of a small catalogue
 * that has every case (several categories per product, a hidden category, a blog category, products
 * without categories, prices on the buckets' bounds, price drops); the choices are only what the
 * caller may see; the cells behind the counts follow every kind of write; bad input is refused.
 *
 * The listing's totals are its own: popular_products (the 'Most Popular' sort) and, for 'Price
 * drops', the count of the PostgREST filters productPage sends. The choices and the states they
 * lead to are the panel's own (productFilterGroups, withFilter).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db.ts';
import { parseProductFilters, withFilter, type ProductFilters } from '../../src/features/catalog/listings/listing.ts';
import { productFilterGroups, type FilterCategory } from '../../src/features/catalog/listings/product-filters.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  anonAuth, attempt, createCallers, createCategory, createProduct, createSubcategory, refusal, runAs, type Callers, type Gender,
} from '../support/fixtures.ts';

let db: TestDatabase;
let callers: Callers;
const id: Record<string, string> = {};

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
  const gadgets = await createCategory(db, { name: 'Gadgets' });
  const home = await createCategory(db, { name: 'Home' });
  const secret = await createCategory(db, { name: 'Secret', visible: false });
  const stories = await createCategory(db, { name: 'Stories', type: ['blog'] });
  Object.assign(id, { gadgets: gadgets.id, home: home.id, secret: secret.id, stories: stories.id });
  for (const [name, category] of [['Audio', gadgets], ['Video', gadgets], ['Lamps', home], ['Rugs', home], ['Vault', secret]] as const) {
    id[name] = (await createSubcategory(db, { category_id: category.id, name })).id;
  }

  const products: [string, string[], string[], Gender, number, number | null][] = [
    // name, categories, subcategories, audience, price, price drop %
    ['P1', ['gadgets'], ['Audio'], 'for_him', 10, 20],
    ['P2', ['gadgets'], ['Video'], 'for_her', 50, null],
    ['P3', ['gadgets'], ['Audio', 'Video'], 'for_both', 120, null],
    ['P4', ['gadgets', 'home'], ['Audio', 'Lamps'], 'for_him', 250, 15],
    ['P5', ['home'], ['Lamps'], 'for_both', 300, null],
    ['P6', ['home'], [], 'for_her', 450, null],
    ['P7', ['home'], [], 'for_him', 0, null],
    ['P8', ['secret'], ['Vault'], 'for_both', 999, 50],
    ['P9', ['secret', 'gadgets'], ['Vault', 'Audio'], 'for_her', 45, null],
    ['P10', ['stories'], [], 'for_both', 75, null],
    ['P11', [], [], 'for_him', 60.5, null],
    ['P12', ['gadgets'], [], 'for_both', 450, 10],
  ];
  for (const [name, categories, subcategories, gender, price, drop] of products) {
    const product = await createProduct(db, {
      name, price, gender_category: gender, category_ids: categories.map((c) => id[c]!), subcategory_ids: subcategories.map((s) => id[s]!),
    });
    id[name] = product.id;
    if (drop !== null) await db.query('update public.products set price_drop_percent = $2 where id = $1', [product.id, drop]);
  }
});

afterAll(async () => db?.drop());

// ---------------------------------------------------------------------------------------------
// The function and the listing, as a visitor calls them
// ---------------------------------------------------------------------------------------------

type Counts = Record<string, Record<string, number>> & { total: { '': number } };

/** product_facets for a filter state, as anon: facet → choice → count ('total' under ''). */
async function facets(state: ProductFilters, on: Database = db): Promise<Counts> {
  const rows = await runAs<{ facet: string; choice: string | null; product_count: string | number }>(
    on, anonAuth,
    'select facet, choice, product_count from public.product_facets($1, $2, $3, $4, $5, $6)',
    [state.category, state.subcategory, state.gender, state.priceMin, state.priceMax, state.priceDrops ?? false],
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const row of rows) (counts[row.facet] ??= {})[row.choice ?? ''] = Number(row.product_count);
  return counts as Counts;
}

const totals = new Map<string, number>();

/**
 * The total the listing shows for a filter state: popular_products' total_count (sort 'Most
 * Popular'); with 'Price drops', the count of the filters productPage sends through PostgREST
 * (category_ids cs, subcategory_ids ov, price gte/lte, gender_category in the audience set,
 * price_drop_percent not null).
 */
async function listingTotal(state: ProductFilters): Promise<number> {
  const key = JSON.stringify({ ...state, sortBy: null, page: null });
  const known = totals.get(key);
  if (known !== undefined) return known;
  const rows = state.priceDrops
    ? await runAs<{ total: string | number }>(db, anonAuth, `
        select count(*) as total from public.products
        where ($1::uuid is null or category_ids @> array[$1::uuid])
          and ($2::uuid is null or subcategory_ids && array[$2::uuid])
          and ($3::numeric is null or price >= $3) and ($4::numeric is null or price <= $4)
          and ($5::text is null or gender_category = any (public.audience_set($5)))
          and price_drop_percent is not null`,
      [state.category, state.subcategory, state.priceMin, state.priceMax, state.gender])
    : await runAs<{ total: string | number }>(db, anonAuth, `
        select total_count as total from public.popular_products(
          category_filter => $1, subcategory_filter => $2, gender_filter => $3, price_min => $4, price_max => $5,
          per_page => 1, include_unclicked => true)`,
      [state.category, state.subcategory ? [state.subcategory] : null, state.gender, state.priceMin, state.priceMax]);
  const total = Number(rows[0]?.total ?? 0);
  totals.set(key, total);
  return total;
}

/** The panel's categories: the visible product categories with their subcategories, as a visitor reads them. */
async function panelCategories(): Promise<FilterCategory[]> {
  const rows = await runAs<FilterCategory & Record<string, unknown>>(db, anonAuth, `
    select c.id, c.name,
           coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name)
                     from public.subcategories s where s.category_id = c.id), '[]') as subcategories
    from public.categories c where 'product' = any (c.type) order by c.name`);
  return rows;
}

const none = parseProductFilters(new URLSearchParams());
const PRICE_RANGES: [number | null, number | null][] = [
  [null, null], [null, 50], [50, 250], [250, 450], [450, null], // the buckets
  [0, 50], [10, 60], [50, 50], [100, null], [null, 45], // other ranges, from an edited address
];

/** Every filter state of the fixture: each category (and none, hidden, blog-only, unknown), its subcategories and one of another category, each audience, price range and 'Price drops'. */
function everyState(): ProductFilters[] {
  const categories: [string | null, (string | null)[]][] = [
    [null, [null, id.Audio!]],
    [id.gadgets!, [null, id.Audio!, id.Video!, id.Lamps!]],
    [id.home!, [null, id.Lamps!, id.Rugs!]],
    [id.secret!, [null, id.Vault!]],
    [id.stories!, [null]],
    ['00000000-0000-4000-8000-000000000000', [null]],
  ];
  return categories.flatMap(([category, subcategories]) => subcategories.flatMap((subcategory) =>
    ([null, 'for_him', 'for_her'] as const).flatMap((gender) => PRICE_RANGES.flatMap(([priceMin, priceMax]) =>
      ([null, true] as const).map((priceDrops) => ({ ...none, category, subcategory, gender, priceMin, priceMax, priceDrops }))))));
}

// ---------------------------------------------------------------------------------------------

describe('product_facets', () => {
  test("every choice's count is the listing's total after choosing it, in every filter state", async () => {
    const categories = await panelCategories();
    const states = everyState();
    expect(states.length).toBe(780);
    let compared = 0;
    for (const state of states) {
      const counts = await facets(state);
      expect(counts.total[''], JSON.stringify(state)).toBe(await listingTotal(state));
      for (const group of productFilterGroups(categories, state)) {
        for (const choice of group.choices) {
          const next = withFilter(state, choice.change);
          const where = `${group.title} › ${choice.label} in ${JSON.stringify(state)}`;
          expect(counts[group.facet]?.[choice.key], where).toBe(await listingTotal(next));
          if (choice.current) expect(counts[group.facet]?.[choice.key], where).toBe(counts.total['']);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(9000);
  }, 300_000);

  test("the subcategory row's All is the whole chosen category", async () => {
    const state = { ...none, category: id.gadgets!, subcategory: id.Video!, gender: 'for_her' as const };
    expect((await facets(state)).subcategories?.all).toBe(await listingTotal({ ...state, subcategory: null }));
  });

  test('lists the visible product categories and the chosen category’s subcategories; hidden categories’ products still count, as in the listing', async () => {
    const all = await facets(none);
    expect(Object.keys(all.categories!).sort()).toEqual(['all', id.gadgets, id.home].sort());
    expect(all.subcategories).toBeUndefined();
    // every product: those of the hidden category, of the blog category and of none too
    expect(all.total['']).toBe(12);
    expect(all.categories!.all).toBe(12);
    // P9 is in the hidden category and in Gadgets
    expect(all.categories![id.gadgets!]).toBe(6);

    const home = await facets({ ...none, category: id.home! });
    expect(home.subcategories).toEqual({ all: 4, [id.Lamps!]: 2, [id.Rugs!]: 0 });

    // the hidden category's products, asked for by id as the listing would, but none of its subcategories
    const secret = await facets({ ...none, category: id.secret! });
    expect(secret.total['']).toBe(2);
    expect(secret.subcategories).toEqual({ all: 2 });
  });

  test('an admin (who may see hidden categories) gets them as choices too; the counts are the same', async () => {
    const rows = await runAs<{ choice: string; product_count: string | number }>(
      db, callers.admin.auth, `select choice, product_count from public.product_facets() where facet = 'categories'`,
    );
    const counts = Object.fromEntries(rows.map((r) => [r.choice, Number(r.product_count)]));
    expect(counts[id.secret!]).toBe(2);
    expect(counts[id.stories!]).toBeUndefined();
    expect(counts.all).toBe(12);
  });

  test('"Price drops" counts the products with a drop badge under the other filters', async () => {
    expect((await facets(none)).deals).toEqual({ 'all-prices': 12, 'price-drops': 4 });
    expect((await facets({ ...none, gender: 'for_her' })).deals).toEqual({ 'all-prices': 8, 'price-drops': 2 });
    const drops = await facets({ ...none, priceDrops: true });
    expect(drops.total['']).toBe(4);
    expect(drops.price).toEqual({ any: 4, 'up-to-50': 1, '50-to-250': 1, '250-to-450': 2, '450-and-up': 2 });
  });

  test('prices on a bucket bound count in both buckets, as the inclusive filters do', async () => {
    expect((await facets(none)).price).toEqual({ any: 12, 'up-to-50': 4, '50-to-250': 5, '250-to-450': 4, '450-and-up': 3 });
  });

  test('refuses bad input with a message naming it', async () => {
    const call = (args: string, params: unknown[] = []) => refusal(db, anonAuth, `select * from public.product_facets(${args})`, params);
    expect(await call(`gender_filter => 'martian'`)).toMatchObject({
      code: '22023', message: "gender_filter must be for_him, for_her or for_both, not 'martian'",
    });
    expect(await call('price_min => -1')).toMatchObject({ code: '22023', message: 'price_min and price_max must be prices of 0 or more, not -1 and null' });
    expect(await call(`price_max => 'NaN'`)).toMatchObject({ code: '22023', message: expect.stringContaining('not null and NaN') });
    expect(await call(`price_min => 'Infinity'`)).toMatchObject({ code: '22023' });
    expect(await call('price_min => 300, price_max => 100')).toMatchObject({ code: '22023', message: 'price_min (300) must not be above price_max (100)' });
    expect(await call(`category_filter => 'not-a-uuid'`)).toMatchObject({ code: '22P02' });
  });

  test('visitors and shoppers may call it; the cells are readable but not writable', async () => {
    for (const caller of [callers.anon, callers.user]) {
      expect((await attempt(db, caller.auth, 'select * from public.product_facets()')).ok).toBe(true);
      expect((await attempt(db, caller.auth, 'select * from public.product_facet_cells')).ok).toBe(true);
      const write = await attempt(db, caller.auth, 'delete from public.product_facet_cells');
      expect(write).toMatchObject({ ok: false, code: '42501' });
    }
  });
});

describe('price_band', () => {
  test('gives each bucket bound a band of its own, between the ranges around it', async () => {
    const prices = [0, 49.99, 50, 50.01, 249.99, 250, 250.01, 449.99, 450, 450.01, 10_000];
    const { rows } = await db.query<{ band: number }>('select public.price_band(p) as band from unnest($1::numeric[]) as p', [prices]);
    expect(rows.map((r) => r.band)).toEqual([0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6]);
  });
});

// ---------------------------------------------------------------------------------------------
// The cells follow every write
// ---------------------------------------------------------------------------------------------

/** Cells that differ from the products counted afresh: none when the trigger kept up. */
async function driftedCells(q: Queryable): Promise<unknown[]> {
  const { rows } = await q.query(`
    with fresh as (
      select category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
             price_drop_percent is not null as price_drop, count(*)::int as products
      from public.products group by 1, 2, 3, 4, 5
    ),
    kept as (
      select category_ids, subcategory_ids, gender_category, price_band, price_drop, products from public.product_facet_cells
    )
    (select 'missing' as drift, * from fresh except select 'missing', * from kept)
    union all
    (select 'extra', * from kept except select 'extra', * from fresh)`);
  return rows;
}

type Write =
  | { kind: 'insert'; categories: string[]; gender: Gender; price: number; drop: number | null; rows: number }
  | { kind: 'update'; pick: number; price?: number; gender?: Gender; drop?: number | null; categories?: string[] }
  | { kind: 'rename'; pick: number }
  | { kind: 'delete'; pick: number };

const categoryNames = ['gadgets', 'home', 'secret', 'stories'];
const genders: Gender[] = ['for_him', 'for_her', 'for_both'];
const prices = fc.oneof(fc.constantFrom(0, 50, 250, 450), fc.integer({ min: 0, max: 60_000 }).map((cents) => cents / 100));
const drops = fc.option(fc.integer({ min: 10, max: 100 }), { nil: null });
const categorySets = fc.subarray(categoryNames);

const writes: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), categories: categorySets, gender: fc.constantFrom(...genders), price: prices, drop: drops, rows: fc.integer({ min: 1, max: 3 }) }),
  fc.record(
    { kind: fc.constant('update' as const), pick: fc.nat(), price: prices, gender: fc.constantFrom(...genders), drop: drops, categories: categorySets },
    { requiredKeys: ['kind', 'pick'] },
  ),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** Runs one write as the owner; `pick` chooses among the products there are (by id). */
async function apply(tx: Queryable, write: Write): Promise<void> {
  if (write.kind === 'insert') {
    await tx.query(
      `insert into public.products (name, price, image_url, category_ids, gender_category, price_drop_percent)
       select 'Generated ' || n, $1, 'https://img.example.com/p.jpg', $2::uuid[], $3, $4 from generate_series(1, $5) as n`,
      [write.price, write.categories.map((c) => id[c]), write.gender, write.drop, write.rows],
    );
    return;
  }
  const target = `(select id from public.products order by id offset ($1::int % greatest((select count(*) from public.products)::int, 1)) limit 1)`;
  if (write.kind === 'delete') await tx.query(`delete from public.products where id = ${target}`, [write.pick]);
  if (write.kind === 'rename') await tx.query(`update public.products set name = name || '.' where id = ${target}`, [write.pick]);
  if (write.kind === 'update') {
    await tx.query(
      `update public.products set
         price = coalesce($2, price), gender_category = coalesce($3::public.gender_category, gender_category),
         price_drop_percent = case when $4 then $5 else price_drop_percent end,
         category_ids = coalesce($6::uuid[], category_ids),
         subcategory_ids = case when $6::uuid[] is null then subcategory_ids else '{}' end
       where id = ${target}`,
      [write.pick, write.price ?? null, write.gender ?? null, 'drop' in write, write.drop ?? null, write.categories?.map((c) => id[c]) ?? null],
    );
  }
}

/** Runs `work` in a transaction that is rolled back afterwards, so the fixture stays as it is. */
async function rolledBack(work: (tx: Queryable) => Promise<void>): Promise<void> {
  const undo = new Error('rolled back on purpose');
  await db.transaction(async (tx) => {
    await work(tx);
    throw undo;
  }).catch((error: unknown) => {
    if (error !== undo) throw error;
  });
}

describe('the cells behind the counts', () => {
  test('match the products after any sequence of inserts, updates, renames and deletes', async () => {
    expect(await driftedCells(db)).toEqual([]);
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 1, maxLength: 8 }), async (sequence) => {
        await rolledBack(async (tx) => {
          for (const write of sequence) await apply(tx, write);
          expect(await driftedCells(tx)).toEqual([]);
        });
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  test('follow a category deleted or moved away from its products, and a whole-table update', async () => {
    await rolledBack(async (tx) => {
      await tx.query('delete from public.categories where id = $1', [id.secret]);
      await tx.query('update public.subcategories set category_id = $2 where id = $1', [id.Lamps, id.gadgets]);
      await tx.query('update public.products set price = price + 1');
      expect(await driftedCells(tx)).toEqual([]);
    });
  });

  test('are emptied with the products', async () => {
    await rolledBack(async (tx) => {
      await tx.query('truncate public.products cascade');
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.product_facet_cells');
      expect(rows[0]!.n).toBe(0);
    });
  });

  test('a write that changes no cell writes none', async () => {
    await rolledBack(async (tx) => {
      const before = await tx.query<{ xmin: string }>('select xmin::text from public.product_facet_cells order by 1');
      await tx.query(`update public.products set name = name where true`);
      const after = await tx.query<{ xmin: string }>('select xmin::text from public.product_facet_cells order by 1');
      expect(after.rows).toEqual(before.rows);
    });
  });
});
