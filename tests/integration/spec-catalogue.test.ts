/**
 * Document 2, section 7 ("The calls it makes"), driven through supabase-js against the stand-in
 * over the demo catalogue: every read of categories, subcategories, platforms, products, price
 * history, popularity, analytics, blogs, writers and quizzes; the related-product stages and the
 * recommended-blog queries; the admin writes as the functions' service role does them; and the
 * refusal of those writes to visitors and signed-in users, admins included.
 *
 * What each answer should be is worked out with SQL as the database owner over the same rows.
 * Popularity is asked as of the seed's moment, so its windows hold the seeded clicks: daily is
 * yesterday (2026-11-17), weekly last Monday to Sunday (11-09..11-15), monthly October 2026.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUIZ, QUIZ_QUESTIONS } from '../../supabase/seed/data/quiz.ts';
import { PERSONALITY_KEYS } from '../../supabase/seed/data/personalities.ts';
import {
  DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD,
} from '../../supabase/seed/accounts.ts';
import { BLOG_COLUMNS } from '../../src/features/blog/core/model.ts';
import { RELATED_CATEGORIES } from '../../src/features/blog/article/recommend.ts';
import { PRODUCT_COLUMNS } from '../../src/features/catalog/core/model.ts';
import { audienceSet } from '../../src/lib/audience.ts';
import type { Json } from '../../src/lib/database.types.ts';
import {
  DEMO_NOW, idsOf, isSortedBy, ms, openDemoShop, type Db, type DemoShop, type SignedIn,
} from '../support/demo-stand-in.ts';


const AS_OF = DEMO_NOW.toISOString();
const WINDOWS = {
  daily: { starts: '2026-11-17', ends: '2026-11-18' },
  weekly: { starts: '2026-11-09', ends: '2026-11-16' },
  monthly: { starts: '2026-10-01', ends: '2026-11-01' },
} as const;
type PopularityWindow = keyof typeof WINDOWS;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let shop: DemoShop;
let shopper: SignedIn;
let admin: SignedIn;
/** Category ids by name, as the owner sees them (the hidden one included). */
let categoryId: Map<string, string>;

beforeAll(async () => {
  shop = await openDemoShop();
  shopper = await shop.signIn(DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  admin = await shop.signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  const rows = await shop.sql<{ id: string; name: string }>('select id, name from public.categories');
  categoryId = new Map(rows.map((r) => [r.name, r.id]));
});

afterAll(async () => {
  await shop?.close();
});

/** A category's id by name; fails the test when the demo catalogue has no such category. */
function category(name: string): string {
  const id = categoryId.get(name);
  if (!id) throw new Error(`the demo catalogue has no category named ${name}`);
  return id;
}

/** Rows from..to of a page (spec: range from (page-1)*size to page*size-1). */
const pageRange = (page: number, size: number): [number, number] => [(page - 1) * size, page * size - 1];

const ids = async (sql: string, params?: unknown[]): Promise<string[]> =>
  (await shop.sql<{ id: string }>(sql, params)).map((r) => r.id);

// ---------------------------------------------------------------------------------------------

describe('categories', () => {
  test('all, ordered by name: visitors get every visible category, the service role the hidden one too', async () => {
    const { data, error } = await shop.anon.from('categories').select('*').order('name');
    expect(error).toBeNull();
    expect(idsOf(data)).toEqual(await ids('select id from public.categories where visible order by name'));
    expect((data ?? []).map((c) => c.name)).not.toContain('Holiday Archive');

    const all = await shop.service.from('categories').select('*').order('name');
    expect(idsOf(all.data)).toEqual(await ids('select id from public.categories order by name'));
    expect((all.data ?? []).map((c) => c.name)).toContain('Holiday Archive');
  });

  test('id and name only', async () => {
    const { data } = await shop.anon.from('categories').select('id, name');
    expect(data?.length).toBe(categoryId.size - 1);
    for (const row of data ?? []) {
      expect(Object.keys(row).sort()).toEqual(['id', 'name']);
      expect(categoryId.get(row.name)).toBe(row.id);
    }
  });

  test('name by id and id by name; a hidden category is not found by visitors', async () => {
    const byId = await shop.anon.from('categories').select('name').eq('id', category('Tech Savvy')).single();
    expect(byId.data).toEqual({ name: 'Tech Savvy' });
    const byName = await shop.anon.from('categories').select('id').eq('name', 'Curated Picks').single();
    expect(byName.data).toEqual({ id: category('Curated Picks') });

    const hidden = await shop.anon.from('categories').select('name').eq('id', category('Holiday Archive')).single();
    expect(hidden.status).toBe(406);
    expect(hidden.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const hiddenByName = await shop.anon.from('categories').select('id').eq('name', 'Holiday Archive').maybeSingle();
    expect([hiddenByName.data, hiddenByName.error]).toEqual([null, null]);
  });

  test('by ids leaves out what the caller may not see', async () => {
    const wanted = [category('Game Mode'), category('Holiday Archive'), category('Drink Lab')];
    const { data } = await shop.anon.from('categories').select('*').in('id', wanted);
    expect(idsOf(data).sort()).toEqual([category('Game Mode'), category('Drink Lab')].sort());
  });

  test('id by names, names with commas, ampersands and apostrophes included', async () => {
    const names = ['Lights, Camera, Action', "Storyteller's Corner", 'Beauty, Skin & Hair', 'No Such Category'];
    const { data, error } = await shop.anon.from('categories').select('id, name').in('name', names);
    expect(error).toBeNull();
    expect((data ?? []).map((c) => c.name).sort()).toEqual(names.slice(0, 3).sort());
    for (const row of data ?? []) expect(row.id).toBe(category(row.name));
  });

  test('with nested subcategories: visible product categories by name', async () => {
    const { data } = await shop.anon.from('categories')
      .select('id, name, description, image_url, subcategories(id, name, description)')
      .eq('visible', true)
      .contains('type', ['product'])
      .order('name');
    expect(idsOf(data)).toEqual(await ids(`select id from public.categories where visible and 'product' = any (type) order by name`));
    const subcategories = (data ?? []).flatMap((c) => c.subcategories.map((s) => `${c.id}/${s.id}`));
    const expected = await shop.sql<{ pair: string }>(
      `select c.id || '/' || s.id as pair from public.subcategories s join public.categories c on c.id = s.category_id
        where c.visible and 'product' = any (c.type)`,
    );
    expect(subcategories.sort()).toEqual(expected.map((r) => r.pair).sort());
  });

  test.each([
    ['product', 'for_him'], ['product', 'for_her'], ['product', 'for_both'],
    ['blog', 'for_him'], ['blog', 'for_her'], ['blog', 'anyone'],
  ])('typed for %s, for the %s audience set, visible', async (type, gender) => {
    const audience = audienceSet(gender);
    const { data, error } = await shop.anon.from('categories')
      .select('id, name, gender_category, type')
      .contains('type', [type])
      .in('gender_category', audience)
      .eq('visible', true)
      .order('name');
    expect(error).toBeNull();
    expect(idsOf(data)).toEqual(await ids(
      `select id from public.categories
        where $1 = any (type) and gender_category::text = any ($2::text[]) and visible order by name`,
      [type, audience],
    ));
    expect(data?.length).toBeGreaterThan(0);
    for (const row of data ?? []) {
      expect(row.type).toContain(type);
      expect(audience).toContain(row.gender_category);
    }
  });

  test('one category by id with its subcategories', async () => {
    const { data, error } = await shop.anon.from('categories')
      .select('*, subcategories(*)')
      .eq('id', category('Culinary Crew'))
      .single();
    expect(error).toBeNull();
    expect(data?.name).toBe('Culinary Crew');
    expect(idsOf(data?.subcategories ?? []).sort()).toEqual(
      await ids('select id from public.subcategories where category_id = $1 order by id', [category('Culinary Crew')]),
    );
    expect(data?.subcategories.every((s) => s.category_id === data.id)).toBe(true);
  });

  test('count of blogs per category: exact count, head only', async () => {
    const blogCategories = await shop.sql<{ id: string; blogs: number }>(
      `select c.id, (select count(*)::int from public.blogs b where b.category_id = c.id) as blogs
         from public.categories c where c.visible and 'blog' = any (c.type)`,
    );
    const answers = await Promise.all(blogCategories.map((c) =>
      shop.anon.from('blogs').select('*', { count: 'exact', head: true }).eq('category_id', c.id)));
    expect(answers.map((a) => [a.status, a.data, a.count])).toEqual(blogCategories.map((c) => [200, null, c.blogs]));
    expect(blogCategories.reduce((sum, c) => sum + c.blogs, 0)).toBeGreaterThan(0);
  });
});

describe('subcategories', () => {
  test('all, ordered by name', async () => {
    const { data } = await shop.anon.from('subcategories').select('*').order('name');
    const expected = await shop.sql<{ id: string; name: string }>('select id, name from public.subcategories order by name');
    expect((data ?? []).map((s) => s.name)).toEqual(expected.map((s) => s.name));
    expect(idsOf(data).sort()).toEqual(expected.map((s) => s.id).sort());
  });

  test('by category_id', async () => {
    const { data } = await shop.anon.from('subcategories').select('*').eq('category_id', category('Tech Savvy')).order('name');
    expect(idsOf(data)).toEqual(await ids('select id from public.subcategories where category_id = $1 order by name', [category('Tech Savvy')]));
    expect(data?.length).toBeGreaterThan(1);
  });

  test('ids by names: every subcategory of a shared name', async () => {
    const [one] = await shop.sql<{ name: string }>(`select name from public.subcategories where name <> 'Keepsakes' order by name limit 1`);
    const names = ['Keepsakes', one?.name ?? ''];
    const { data } = await shop.anon.from('subcategories').select('id').in('name', names);
    const expected = await ids('select id from public.subcategories where name = any ($1::text[]) order by id', [names]);
    expect(idsOf(data).sort()).toEqual(expected);
    expect(expected).toHaveLength(3);
  });
});

test('platforms: names, ordered by name', async () => {
  const { data } = await shop.anon.from('platforms').select('name').order('name');
  expect(data).toEqual(['Amazon', 'Best Buy', 'Etsy', 'Target', 'Uncommon Goods', 'Walmart'].map((name) => ({ name })));
});

// ---------------------------------------------------------------------------------------------

interface ListingFilters {
  name?: string;
  categoriesAll?: string[];
  categoriesAny?: string[];
  subcategoriesAny?: string[];
  priceMin?: number;
  priceMax?: number;
  gender?: string;
}
type ProductSort = 'newest' | 'lowToHigh' | 'highToLow';

/** The /products listing as the page asks for it: filters, a sort, one page with the exact total. */
function productListing(client: Db, f: ListingFilters, sort: ProductSort, page: number, size = 12) {
  let query = client.from('products').select(PRODUCT_COLUMNS, { count: 'exact' });
  if (f.name !== undefined) query = query.ilike('name', `%${f.name}%`);
  if (f.categoriesAll) query = query.contains('category_ids', f.categoriesAll);
  if (f.categoriesAny) query = query.overlaps('category_ids', f.categoriesAny);
  if (f.subcategoriesAny) query = query.overlaps('subcategory_ids', f.subcategoriesAny);
  if (f.priceMin !== undefined) query = query.gte('price', f.priceMin);
  if (f.priceMax !== undefined) query = query.lte('price', f.priceMax);
  if (f.gender !== undefined) query = query.in('gender_category', audienceSet(f.gender));
  query = sort === 'newest'
    ? query.order('created_at', { ascending: false })
    : query.order('price', { ascending: sort === 'lowToHigh' });
  const [from, to] = pageRange(page, size);
  return query.range(from, to);
}

/** The same listing worked out in SQL: every match in order, with its price. */
async function expectedListing(f: ListingFilters, sort: ProductSort): Promise<{ id: string; price: number }[]> {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (f.name !== undefined) add((n) => `name ilike '%' || ${n} || '%'`, f.name);
  if (f.categoriesAll) add((n) => `category_ids @> ${n}::uuid[]`, f.categoriesAll);
  if (f.categoriesAny) add((n) => `category_ids && ${n}::uuid[]`, f.categoriesAny);
  if (f.subcategoriesAny) add((n) => `subcategory_ids && ${n}::uuid[]`, f.subcategoriesAny);
  if (f.priceMin !== undefined) add((n) => `price >= ${n}`, f.priceMin);
  if (f.priceMax !== undefined) add((n) => `price <= ${n}`, f.priceMax);
  if (f.gender !== undefined) add((n) => `gender_category::text = any (${n}::text[])`, audienceSet(f.gender));
  const order = sort === 'newest' ? 'created_at desc' : sort === 'lowToHigh' ? 'price asc, id' : 'price desc, id';
  return shop.sql(`select id, price::float8 as price from public.products where ${where.join(' and ')} order by ${order}`, params);
}

/** Checks one page of a listing against SQL: the total, and the rows (by price for the price sorts, which may tie). */
async function expectPage(f: ListingFilters, sort: ProductSort, page: number, size = 12) {
  const { data, count, error, status } = await productListing(shop.anon, f, sort, page, size);
  expect(error).toBeNull();
  const expected = await expectedListing(f, sort);
  const [from, to] = pageRange(page, size);
  const slice = expected.slice(from, to + 1);
  expect(count).toBe(expected.length);
  expect(status).toBe(slice.length === expected.length ? 200 : 206);
  if (sort === 'newest') expect(idsOf(data)).toEqual(idsOf(slice));
  else expect((data ?? []).map((p) => p.price)).toEqual(slice.map((p) => p.price));
  return { rows: data ?? [], total: expected.length };
}

describe('products', () => {
  test('by id, single, with every column; an unknown id is PGRST116 (Product not found)', async () => {
    const [expected] = await shop.sql<{ id: string; name: string; price: number; category_ids: string[] }>(
      'select id, name, price::float8 as price, category_ids::text[] as category_ids from public.products order by name limit 1',
    );
    const { data, error } = await shop.anon.from('products').select(PRODUCT_COLUMNS).eq('id', expected?.id ?? '').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: expected?.id, name: expected?.name, price: expected?.price, category_ids: expected?.category_ids });
    expect(Object.keys(data ?? {}).sort()).toEqual(PRODUCT_COLUMNS.split(', ').sort());

    const missing = await shop.anon.from('products').select(PRODUCT_COLUMNS).eq('id', MISSING_ID).single();
    expect(missing.status).toBe(406);
    expect(missing.error).toMatchObject({ code: 'PGRST116' });
  });

  test('by id list: all columns, shown in the order asked for', async () => {
    const wanted = await ids('select id from public.products order by name desc limit 7');
    const { data, error } = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('id', [...wanted, MISSING_ID]);
    expect(error).toBeNull();
    const byId = new Map((data ?? []).map((p) => [p.id, p]));
    const shown = wanted.flatMap((id) => byId.get(id) ?? []);
    expect(idsOf(shown)).toEqual(wanted);
    expect(data).toHaveLength(7);
  });

  describe('the listing: exact count and range paging', () => {
    test('newest first, 12 a page, through to the last page', async () => {
      const first = await expectPage({}, 'newest', 1);
      expect(first.rows).toHaveLength(12);
      expect(isSortedBy(first.rows, (p) => ms(p.created_at), 'desc')).toBe(true);
      const lastPage = Math.ceil(first.total / 12);
      const last = await expectPage({}, 'newest', lastPage);
      expect(last.rows.length).toBe(first.total - (lastPage - 1) * 12);
    });

    test('a page past the end is 416 PGRST103', async () => {
      const { total } = await expectPage({ name: 'lamp' }, 'newest', 1);
      const { error, status } = await productListing(shop.anon, { name: 'lamp' }, 'newest', 2);
      expect(status).toBe(416);
      expect(error).toMatchObject({ code: 'PGRST103', details: `An offset of 12 was requested, but there are only ${total} rows.` });
    });

    test('name contains the text, whatever its case', async () => {
      const { rows, total } = await expectPage({ name: 'LAMP' }, 'newest', 1);
      expect(total).toBeGreaterThan(1);
      expect(rows.every((p) => p.name.toLowerCase().includes('lamp'))).toBe(true);
    });

    test('category_ids contains one category, or overlaps several', async () => {
      const tech = category('Tech Savvy');
      const game = category('Game Mode');
      const contains = await expectPage({ categoriesAll: [tech] }, 'newest', 1);
      expect(contains.rows.every((p) => p.category_ids.includes(tech))).toBe(true);
      const both = await expectPage({ categoriesAll: [tech, category('Curated Picks')] }, 'newest', 1);
      expect(both.total).toBeLessThan(contains.total);
      const overlaps = await expectPage({ categoriesAny: [tech, game] }, 'newest', 2);
      expect(overlaps.total).toBeGreaterThan(contains.total);
      expect(overlaps.rows.every((p) => p.category_ids.includes(tech) || p.category_ids.includes(game))).toBe(true);
    });

    test('subcategory_ids overlaps', async () => {
      const subs = await ids('select id from public.subcategories where category_id = $1 order by name limit 2', [category('Culinary Crew')]);
      const { rows, total } = await expectPage({ subcategoriesAny: subs }, 'newest', 1);
      expect(total).toBeGreaterThan(0);
      expect(rows.every((p) => p.subcategory_ids.some((id) => subs.includes(id)))).toBe(true);
    });

    test.each([
      ['up to $50', undefined, 50], ['$50 to $250', 50, 250], ['$250 to $450', 250, 450], ['$450 and up', 450, undefined],
    ])('price %s (gte/lte), cheapest and dearest first', async (_bucket, priceMin, priceMax) => {
      const filters = { priceMin, priceMax };
      const low = await expectPage(filters, 'lowToHigh', 1);
      expect(low.total).toBeGreaterThan(0);
      expect(isSortedBy(low.rows, (p) => p.price)).toBe(true);
      const high = await expectPage(filters, 'highToLow', 1);
      expect(isSortedBy(high.rows, (p) => p.price, 'desc')).toBe(true);
      expect(high.rows.every((p) => (priceMin === undefined || p.price >= priceMin) && (priceMax === undefined || p.price <= priceMax))).toBe(true);
    });

    test.each(['for_him', 'for_her', 'for_both'])('gender %s: gender_category in its audience set', async (gender) => {
      const { rows, total } = await expectPage({ gender }, 'newest', 2);
      expect(total).toBeGreaterThan(12);
      expect(rows.every((p) => audienceSet(gender).includes(p.gender_category))).toBe(true);
    });

    test('every filter at once, dearest first, pages of 5', async () => {
      const filters: ListingFilters = { categoriesAny: [category('Tech Savvy'), category('Game Mode'), category('Music Room')], gender: 'for_him', priceMin: 20, priceMax: 250 };
      const { total } = await expectPage(filters, 'highToLow', 1, 5);
      expect(total).toBeGreaterThan(5);
      await expectPage(filters, 'highToLow', 2, 5);
    });

    test('paging by price with the id as tie-breaker shows every match exactly once', async () => {
      const filters: ListingFilters = { priceMax: 60 };
      const seen: string[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const [from, to] = pageRange(page, 12);
        const { data, count } = await shop.anon.from('products').select('id, price', { count: 'exact' })
          .lte('price', 60).order('price').order('id').range(from, to);
        total = count ?? 0;
        seen.push(...idsOf(data));
        if (to + 1 >= total) break;
      }
      expect(seen).toEqual(idsOf(await expectedListing(filters, 'lowToHigh')));
      expect(new Set(seen).size).toBe(total);
    });
  });

  test('by audience, newest first, 20 by default; optionally within categories or subcategories', async () => {
    const audience = audienceSet('for_her');
    const newest = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('gender_category', audience)
      .order('created_at', { ascending: false }).limit(20);
    expect(idsOf(newest.data)).toEqual(await ids(
      'select id from public.products where gender_category::text = any ($1::text[]) order by created_at desc limit 20', [audience]));

    const crafts = category('Crafts & Pottery');
    const inCategory = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('gender_category', audience)
      .overlaps('category_ids', [crafts]).order('created_at', { ascending: false }).limit(20);
    expect(idsOf(inCategory.data)).toEqual(await ids(
      `select id from public.products where gender_category::text = any ($1::text[]) and category_ids && $2::uuid[]
        order by created_at desc limit 20`, [audience, [crafts]]));

    const subs = await ids('select id from public.subcategories where category_id = $1', [crafts]);
    const inSubcategories = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('gender_category', audience)
      .overlaps('subcategory_ids', subs).order('created_at', { ascending: false }).limit(20);
    expect(idsOf(inSubcategories.data)).toEqual(await ids(
      `select id from public.products where gender_category::text = any ($1::text[]) and subcategory_ids && $2::uuid[]
        order by created_at desc limit 20`, [audience, subs]));

    // By category names: the ids are resolved first, then the same overlap.
    const resolved = await shop.anon.from('categories').select('id').in('name', ['Crafts & Pottery']);
    const byNames = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('gender_category', audience)
      .overlaps('category_ids', idsOf(resolved.data)).order('created_at', { ascending: false }).limit(20);
    expect(idsOf(byNames.data)).toEqual(idsOf(inCategory.data));
  });

  test('featured: by audience, newest first, restricted to the one curated category', async () => {
    const curated = await shop.anon.from('categories').select('id, name').eq('featured', true).single();
    expect(curated.data?.name).toBe('Curated Picks');
    const curatedId = curated.data?.id ?? '';
    const audience = audienceSet('for_him');
    const { data } = await shop.anon.from('products').select(PRODUCT_COLUMNS)
      .in('gender_category', audience)
      .contains('category_ids', [curatedId])
      .order('created_at', { ascending: false }).limit(20);
    const expected = await ids(
      `select id from public.products where category_ids @> array[$1::uuid] and gender_category::text = any ($2::text[])
        order by created_at desc limit 20`, [curatedId, audience]);
    expect(expected.length).toBeGreaterThan(5);
    expect(idsOf(data)).toEqual(expected);
    expect((data ?? []).every((p) => p.category_ids.includes(curatedId))).toBe(true);
  });

  test('admin search: up to 100, newest first, name or description has the text, within categories or subcategories', async () => {
    // Without search text the list is the newest 100.
    const newest = await admin.client.from('products').select(PRODUCT_COLUMNS).order('created_at', { ascending: false }).limit(100);
    const everything = await ids('select id from public.products order by created_at desc');
    expect(everything.length).toBeGreaterThan(100);
    expect(idsOf(newest.data)).toEqual(everything.slice(0, 100));

    const byText = await admin.client.from('products').select(PRODUCT_COLUMNS)
      .or('name.ilike.*gift*,description.ilike.*gift*')
      .order('created_at', { ascending: false }).limit(100);
    const textMatches = await ids(`select id from public.products where name ilike '%gift%' or description ilike '%gift%' order by created_at desc`);
    expect(textMatches.length).toBeGreaterThan(10);
    expect(idsOf(byText.data)).toEqual(textMatches.slice(0, 100));

    const tech = category('Tech Savvy');
    const [sub] = await ids('select id from public.subcategories where category_id = $1 order by name limit 1', [category('Drink Lab')]);
    const narrow = await admin.client.from('products').select(PRODUCT_COLUMNS)
      .or('name.ilike.*set*,description.ilike.*set*')
      .or(`category_ids.ov.{${tech}},subcategory_ids.ov.{${sub}}`)
      .order('created_at', { ascending: false }).limit(100);
    const expected = await ids(
      `select id from public.products
        where (name ilike '%set%' or description ilike '%set%') and (category_ids && $1::uuid[] or subcategory_ids && $2::uuid[])
        order by created_at desc limit 100`, [[tech], [sub]]);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(narrow.data)).toEqual(expected);
  });
});

test('price history: a product\'s prices, latest first; the first of each platform is its latest price', async () => {
  const [product] = await ids('select id from public.products order by name limit 1');
  const { data, error } = await shop.anon.from('price_history').select('platform, price, scraped_at')
    .eq('product_id', product ?? '').order('scraped_at', { ascending: false });
  expect(error).toBeNull();
  const [{ n } = { n: 0 }] = await shop.sql<{ n: number }>('select count(*)::int as n from public.price_history where product_id = $1', [product]);
  expect(data).toHaveLength(n);
  expect(n).toBeGreaterThan(10);
  expect(isSortedBy(data ?? [], (r) => ms(r.scraped_at), 'desc')).toBe(true);

  const latest = await shop.anon.from('latest_prices').select('platform, price').eq('product_id', product ?? '').order('platform');
  const firstSeen = new Map<string, number>();
  for (const row of data ?? []) if (!firstSeen.has(row.platform)) firstSeen.set(row.platform, row.price);
  expect(latest.data).toEqual([...firstSeen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([platform, price]) => ({ platform, price })));
});

// ---------------------------------------------------------------------------------------------

interface PopularFilters {
  category?: string;
  subcategories?: string[];
  gender?: string;
  priceMin?: number;
  priceMax?: number;
}

/** Products ranked by their clicks in a window, counted straight from the daily click rows. */
async function expectedRanking(window: PopularityWindow, f: PopularFilters = {}): Promise<{ id: string; clicks: number }[]> {
  const { starts, ends } = WINDOWS[window];
  return shop.sql(
    `with w as (
       select item_id, sum(clicks)::int as clicks from public.clicks_daily
        where click_type = 'product' and day >= $1::date and day < $2::date group by item_id
     )
     select p.id, w.clicks from w join public.products p on p.id = w.item_id
      where ($3::uuid is null or p.category_ids @> array[$3::uuid])
        and ($4::uuid[] is null or p.subcategory_ids && $4::uuid[])
        and ($5::text[] is null or p.gender_category::text = any ($5::text[]))
        and ($6::numeric is null or p.price >= $6) and ($7::numeric is null or p.price <= $7)
        and w.clicks > 0
      order by w.clicks desc, p.created_at desc, p.id`,
    [starts, ends, f.category ?? null, f.subcategories ?? null, f.gender ? audienceSet(f.gender) : null, f.priceMin ?? null, f.priceMax ?? null],
  );
}

/** Blogs ranked by their clicks in a window, counted straight from the daily click rows. */
function expectedBlogRanking(window: PopularityWindow) {
  const { starts, ends } = WINDOWS[window];
  return shop.sql<{ id: string; clicks: number; gender: string; category_id: string }>(
    `with w as (
       select item_id, sum(clicks)::int as clicks from public.clicks_daily
        where click_type = 'blog' and day >= $1::date and day < $2::date group by item_id
     )
     select b.id, w.clicks, b.gender_category::text as gender, b.category_id from w join public.blogs b on b.id = w.item_id
      where w.clicks > 0 order by w.clicks desc, b.created_at desc, b.id`,
    [starts, ends],
  );
}

// The rankings below are as of the demo's moment, a past day: that is click history, which only
// admins and the service role may rank (a visitor gets today's; tests/db/popularity.test.ts).
describe('popularity', () => {
  test.each(['daily', 'weekly', 'monthly'] as const)('%s ranks products by that window\'s clicks, with the total', async (window) => {
    const { data, error } = await shop.service.rpc('popular_products', { time_window: window, per_page: 50, as_of: AS_OF });
    expect(error).toBeNull();
    const expected = await expectedRanking(window);
    expect((data ?? []).map((r) => ({ id: r.id, clicks: r.clicks }))).toEqual(expected.slice(0, 50));
    expect((data ?? []).every((r) => r.ranked_window === window && r.total_count === expected.length)).toBe(true);
  });

  test('a page of the ranking, then its products fetched and shown in rank order', async () => {
    const { data } = await shop.service.rpc('popular_products', { time_window: 'monthly', page: 2, per_page: 12, as_of: AS_OF });
    const expected = (await expectedRanking('monthly')).slice(12, 24);
    expect(idsOf(data)).toEqual(idsOf(expected));

    const ranked = idsOf(data);
    const products = await shop.anon.from('products').select(PRODUCT_COLUMNS).in('id', ranked);
    const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
    expect(ranked.flatMap((id) => byId.get(id) ?? []).map((p) => p.id)).toEqual(ranked);
  });

  test('restricted by category, subcategories, audience and price range', async () => {
    const filters: PopularFilters = { category: category('Tech Savvy'), gender: 'for_him', priceMin: 20, priceMax: 400 };
    const { data } = await shop.service.rpc('popular_products', {
      time_window: 'monthly', category_filter: filters.category, gender_filter: filters.gender,
      price_min: filters.priceMin, price_max: filters.priceMax, per_page: 100, as_of: AS_OF,
    });
    const expected = await expectedRanking('monthly', filters);
    expect(expected.length).toBeGreaterThan(0);
    expect((data ?? []).map((r) => ({ id: r.id, clicks: r.clicks }))).toEqual(expected);

    const subs = await ids('select id from public.subcategories where category_id = $1', [category('Drink Lab')]);
    const bySub = await shop.service.rpc('popular_products', { time_window: 'weekly', subcategory_filter: subs, per_page: 100, as_of: AS_OF });
    const expectedBySub = await expectedRanking('weekly', { subcategories: subs });
    expect(expectedBySub.length).toBeGreaterThan(0);
    expect(idsOf(bySub.data)).toEqual(idsOf(expectedBySub));
  });

  test('an empty daily ranking falls back to weekly, an empty weekly one to monthly; without fallback it stays empty', async () => {
    // Saturday 2026-11-21: nothing was clicked yesterday; last week (11-09..11-15) was busy.
    const saturday = '2026-11-21T10:30:00Z';
    const daily = await shop.service.rpc('popular_products', { time_window: 'daily', per_page: 30, as_of: saturday });
    const weekly = await shop.service.rpc('popular_products', { time_window: 'weekly', per_page: 30, as_of: saturday });
    expect(daily.data?.length).toBe(30);
    expect((daily.data ?? []).every((r) => r.ranked_window === 'weekly')).toBe(true);
    expect(daily.data).toEqual(weekly.data);
    const strict = await shop.service.rpc('popular_products', { time_window: 'daily', fallback: false, as_of: saturday });
    expect(strict.data).toEqual([]);

    // Wednesday 2026-12-02: last week (11-23..11-29) had no clicks; last month (November) had.
    const december = await shop.service.rpc('popular_products', { time_window: 'weekly', per_page: 5, as_of: '2026-12-02T10:30:00Z' });
    expect(december.data?.length).toBe(5);
    expect((december.data ?? []).every((r) => r.ranked_window === 'monthly')).toBe(true);
  });

  test('with the unclicked products, pages run through the whole catalogue: clicked first, then newest first', async () => {
    const seen: { id: string; clicks: number; ranked_window: string; total_count: number }[] = [];
    for (let page = 1; page <= 4; page++) {
      const { data } = await shop.service.rpc('popular_products', { time_window: 'monthly', include_unclicked: true, page, per_page: 100, as_of: AS_OF });
      seen.push(...(data ?? []));
    }
    const all = await shop.sql<{ id: string }>('select id from public.products order by created_at desc');
    expect(seen.every((r) => r.total_count === all.length)).toBe(true);
    expect(new Set(idsOf(seen)).size).toBe(all.length);

    const clicked = await expectedRanking('monthly');
    expect(seen.slice(0, clicked.length)).toEqual(clicked.map((r) => ({ ...r, ranked_window: 'monthly', total_count: all.length })));
    const unclicked = seen.slice(clicked.length);
    expect(unclicked.length).toBeGreaterThan(0);
    expect(unclicked.every((r) => r.clicks === 0)).toBe(true);
    expect(idsOf(unclicked)).toEqual(idsOf(all).filter((id) => !clicked.some((c) => c.id === id)));
  });

  test.each(['daily', 'weekly', 'monthly'] as const)('%s ranks blogs by that window\'s clicks, up to max(3 × 4, 50)', async (window) => {
    const expected = await expectedBlogRanking(window);
    const { data } = await shop.service.rpc('popular_blogs', { time_window: window, result_limit: Math.max(3 * 4, 50), as_of: AS_OF });
    expect(expected.length).toBeGreaterThan(0);
    expect((data ?? []).map((r) => ({ id: r.id, clicks: r.clicks }))).toEqual(expected.slice(0, 50).map(({ id, clicks }) => ({ id, clicks })));
    expect(data?.[0]?.total_count).toBe(expected.length);
  });

  test('blog popularity by audience and by category', async () => {
    const expected = await expectedBlogRanking('weekly');
    const forHer = await shop.service.rpc('popular_blogs', { time_window: 'weekly', gender_filter: 'for_her', result_limit: 50, as_of: AS_OF });
    expect(idsOf(forHer.data)).toEqual(idsOf(expected.filter((b) => ['for_her', 'for_both'].includes(b.gender))));

    const top = expected[0];
    const inCategory = await shop.service.rpc('popular_blogs', { time_window: 'weekly', category_filter: top?.category_id, result_limit: 50, as_of: AS_OF });
    expect(idsOf(inCategory.data)).toEqual(idsOf(expected.filter((b) => b.category_id === top?.category_id)));
  });

  test('without any blog clicks in the window, the newest blogs answer', async () => {
    const { data } = await shop.service.rpc('popular_blogs', { time_window: 'weekly', result_limit: 4, as_of: '2031-01-15T12:00:00Z' });
    const newest = await ids('select id from public.blogs order by created_at desc');
    expect(idsOf(data)).toEqual(newest.slice(0, 4));
    expect((data ?? []).every((r) => r.clicks === 0 && r.total_count === newest.length)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

/** Blogs matching a condition, newest first, as the owner sees them. */
const blogIds = (where: string, params?: unknown[]) => ids(`select id from public.blogs where ${where} order by created_at desc`, params);

describe('blogs', () => {
  test('all, most recently updated first', async () => {
    const { data, error } = await shop.anon.from('blogs').select(BLOG_COLUMNS).order('updated_at', { ascending: false });
    expect(error).toBeNull();
    expect(idsOf(data)).toEqual(await ids('select id from public.blogs order by updated_at desc'));
  });

  test('by id, single; an unknown id is PGRST116 (Blog not found)', async () => {
    const [id] = await blogIds('true');
    const { data } = await shop.anon.from('blogs').select(BLOG_COLUMNS).eq('id', id ?? '').single();
    expect(data?.id).toBe(id);
    const missing = await shop.anon.from('blogs').select(BLOG_COLUMNS).eq('id', MISSING_ID).single();
    expect(missing.error).toMatchObject({ code: 'PGRST116' });
  });

  test.each([4, 6])('featured, newest first, in pages of %i', async (size) => {
    const expected = await blogIds('featured');
    for (const page of [1, 2]) {
      const [from, to] = pageRange(page, size);
      const { data, count } = await shop.anon.from('blogs').select(BLOG_COLUMNS, { count: 'exact' })
        .eq('featured', true).order('created_at', { ascending: false }).range(from, to);
      expect(count).toBe(expected.length);
      expect(idsOf(data)).toEqual(expected.slice(from, to + 1));
    }
  });

  test('by writer for an audience, newest first, paged', async () => {
    const [writer] = await ids('select writer_id as id from public.blogs group by writer_id order by count(*) desc, writer_id limit 1');
    const audience = audienceSet('for_him');
    const expected = await blogIds('writer_id = $1 and gender_category::text = any ($2::text[])', [writer, audience]);
    expect(expected.length).toBeGreaterThan(2);
    for (const page of [1, 2]) {
      const [from, to] = pageRange(page, 2);
      const { data, count } = await shop.anon.from('blogs').select(BLOG_COLUMNS, { count: 'exact' })
        .eq('writer_id', writer ?? '').in('gender_category', audience).order('created_at', { ascending: false }).range(from, to);
      expect(count).toBe(expected.length);
      expect(idsOf(data)).toEqual(expected.slice(from, to + 1));
    }
  });

  test.each(['for_him', 'for_her', 'for_both'])('newest for the %s audience set, 12 a page', async (gender) => {
    const audience = audienceSet(gender);
    const expected = await blogIds('gender_category::text = any ($1::text[])', [audience]);
    const [from, to] = pageRange(2, 12);
    const { data, count } = await shop.anon.from('blogs').select(BLOG_COLUMNS, { count: 'exact' })
      .in('gender_category', audience).order('created_at', { ascending: false }).range(from, to);
    expect(count).toBe(expected.length);
    expect(idsOf(data)).toEqual(expected.slice(from, to + 1));
  });

  test('by category (its name resolved to the id) for an audience: the blog category page, 9 a page', async () => {
    const { data: found } = await shop.anon.from('categories').select('id').eq('name', 'Home & Living').single();
    const audience = audienceSet('for_her');
    const expected = await blogIds('category_id = $1 and gender_category::text = any ($2::text[])', [found?.id, audience]);
    expect(expected.length).toBeGreaterThan(1);

    const page = (n: number) => {
      const [from, to] = pageRange(n, 9);
      return shop.anon.from('blogs').select(BLOG_COLUMNS, { count: 'exact' })
        .eq('category_id', found?.id ?? '').in('gender_category', audience).order('created_at', { ascending: false }).range(from, to);
    };
    // The demo has more than one page of these, so page 2 holds the rest and page 3 is past the end.
    expect(expected.length).toBeGreaterThan(9);
    const first = await page(1);
    expect([idsOf(first.data), first.count, first.status]).toEqual([expected.slice(0, 9), expected.length, 206]);
    const second = await page(2);
    expect(idsOf(second.data)).toEqual(expected.slice(9, 18));
    const beyond = await page(Math.ceil(expected.length / 9) + 1);
    expect(beyond.status).toBe(416);
    expect(beyond.error).toMatchObject({ code: 'PGRST103' });
  });

  test('the blogs embedding a product, newest first, at most 5; none for a product no blog mentions', async () => {
    const [product] = await ids(
      'select p as id from public.blogs, unnest(products_id) as p group by p order by count(*) desc, p limit 1');
    const { data } = await shop.anon.from('blogs').select(BLOG_COLUMNS)
      .contains('products_id', [product ?? '']).order('created_at', { ascending: false }).limit(5);
    const expected = await blogIds('products_id @> array[$1::uuid]', [product]);
    expect(expected.length).toBeGreaterThan(1);
    expect(idsOf(data)).toEqual(expected.slice(0, 5));

    const [unmentioned] = await ids('select id from public.products p where not exists (select 1 from public.blogs b where p.id = any (b.products_id)) limit 1');
    const none = await shop.anon.from('blogs').select(BLOG_COLUMNS).contains('products_id', [unmentioned ?? '']).limit(5);
    expect(none.data).toEqual([]);
  });
});

describe('writers and quizzes', () => {
  test('writers: all columns newest first, or by name', async () => {
    const newest = await shop.anon.from('writers').select('*').order('created_at', { ascending: false });
    expect(newest.data).toHaveLength(7);
    expect(isSortedBy(newest.data ?? [], (w) => ms(w.created_at), 'desc')).toBe(true);
    const byName = await shop.anon.from('writers').select('*').order('name');
    expect((byName.data ?? []).map((w) => w.name)).toEqual((await shop.sql<{ name: string }>('select name from public.writers order by name')).map((w) => w.name));
  });

  test('the quiz: twelve questions of eight options, each naming personalities the categories know', async () => {
    const { data, error } = await shop.anon.from('quizzes').select('*');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const quiz = data?.[0];
    expect(quiz?.title).toBe(QUIZ.title);
    const questions = quiz?.questions as { text: string; options: { text: string; personalities: string[] }[] }[];
    expect(questions.map((q) => q.text)).toEqual(QUIZ_QUESTIONS.map((q) => q.text));
    expect(questions.every((q) => q.options.length === 8)).toBe(true);

    const { data: personalities } = await shop.anon.from('categories').select('id, personality').not('personality', 'is', null);
    expect((personalities ?? []).map((c) => c.personality).sort()).toEqual([...PERSONALITY_KEYS].sort());
    const named = new Set(questions.flatMap((q) => q.options.flatMap((o) => o.personalities)));
    expect([...named].every((key) => PERSONALITY_KEYS.some((k) => k === key))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('related products', () => {
  test('three stages, each leaving out the product and what earlier stages found', async () => {
    const [product] = await shop.sql<{ id: string; price: number; gender_category: string; category_ids: string[]; subcategory_ids: string[] }>(
      `select id, price::float8 as price, gender_category::text as gender_category, category_ids::text[] as category_ids,
              subcategory_ids::text[] as subcategory_ids
         from public.products where cardinality(subcategory_ids) > 0 order by name limit 1`,
    );
    if (!product) throw new Error('no product with subcategories');
    const seen = [product.id];
    const notSeen = () => `(${seen.join(',')})`;

    const bySubcategory = await shop.anon.from('products').select(PRODUCT_COLUMNS)
      .overlaps('subcategory_ids', product.subcategory_ids).not('id', 'in', notSeen()).limit(50);
    const subcategoryMatches = await ids('select id from public.products where subcategory_ids && $1::uuid[] and id <> $2 order by id', [product.subcategory_ids, product.id]);
    expect(idsOf(bySubcategory.data).sort()).toEqual(subcategoryMatches.slice(0, 50));
    seen.push(...idsOf(bySubcategory.data));
    expect(seen.length - 1).toBeLessThan(2 * 20); // fewer than twice the wanted count: the category stage runs

    const primary = product.category_ids[0] ?? '';
    const byCategory = await shop.anon.from('products').select(PRODUCT_COLUMNS)
      .contains('category_ids', [primary]).not('id', 'in', notSeen()).limit(30);
    const categoryMatches = await ids('select id from public.products where category_ids @> array[$1::uuid] and not (id = any ($2::uuid[])) order by id', [primary, seen]);
    expect(byCategory.data?.length).toBe(Math.min(30, categoryMatches.length));
    expect(idsOf(byCategory.data).every((id) => categoryMatches.includes(id))).toBe(true);
    seen.push(...idsOf(byCategory.data));

    const byPrice = await shop.anon.from('products').select(PRODUCT_COLUMNS)
      .gte('price', product.price * 0.5).lte('price', product.price * 2)
      .eq('gender_category', product.gender_category as 'for_him' | 'for_her' | 'for_both')
      .not('id', 'in', notSeen()).limit(20);
    const priceMatches = await ids(
      `select id from public.products where price between $1 and $2 and gender_category::text = $3 and not (id = any ($4::uuid[]))`,
      [product.price * 0.5, product.price * 2, product.gender_category, seen]);
    expect(byPrice.data?.length).toBe(Math.min(20, priceMatches.length));
    expect(idsOf(byPrice.data).every((id) => priceMatches.includes(id))).toBe(true);
    expect(new Set([...seen, ...idsOf(byPrice.data)]).size).toBe(seen.length + (byPrice.data?.length ?? 0));
  });
});

describe('recommended blogs', () => {
  test('every category in the related-category map resolves by name', async () => {
    const names = [...new Set(Object.entries(RELATED_CATEGORIES).flatMap(([name, related]) => [name, ...related]))];
    const { data } = await shop.anon.from('categories').select('id, name').in('name', names);
    expect((data ?? []).map((c) => c.name).sort()).toEqual([...names].sort());
  });

  test('the four candidate queries: same category, click-ranked, featured, related categories', async () => {
    const [current] = await shop.sql<{ id: string; category_id: string }>(
      `select b.id, b.category_id from public.blogs b join public.categories c on c.id = b.category_id
        where c.name = 'Home & Living' order by b.created_at desc limit 1`,
    );
    if (!current) throw new Error('no Home & Living blog');
    const count = 4;

    const sameCategory = await shop.anon.from('blogs').select(BLOG_COLUMNS)
      .eq('category_id', current.category_id).neq('id', current.id).order('created_at', { ascending: false }).limit(3 * count);
    expect(idsOf(sameCategory.data)).toEqual(await blogIds('category_id = $1 and id <> $2', [current.category_id, current.id]));
    expect(sameCategory.data?.length).toBeGreaterThan(0);

    const ranked = await shop.service.rpc('popular_blogs', { time_window: 'weekly', result_limit: 3 * count + 1, as_of: AS_OF });
    const rankedIds = idsOf(ranked.data).filter((id) => id !== current.id).slice(0, 3 * count);
    const clickRanked = await shop.anon.from('blogs').select(BLOG_COLUMNS).in('id', rankedIds);
    const byId = new Map((clickRanked.data ?? []).map((b) => [b.id, b]));
    expect(rankedIds.flatMap((id) => byId.get(id) ?? []).map((b) => b.id)).toEqual(rankedIds);
    expect(rankedIds).toHaveLength(3 * count);
    const lastWeek = await shop.sql<{ id: string; clicks: number }>(
      `select item_id as id, sum(clicks)::int as clicks from public.clicks_daily
        where click_type = 'blog' and day >= $1::date and day < $2::date and item_id = any ($3::uuid[]) group by item_id`,
      [WINDOWS.weekly.starts, WINDOWS.weekly.ends, rankedIds]);
    const clicksOf = new Map(lastWeek.map((r) => [r.id, r.clicks]));
    expect((ranked.data ?? []).filter((r) => r.id !== current.id).slice(0, 3 * count).map((r) => r.clicks))
      .toEqual(rankedIds.map((id) => clicksOf.get(id)));

    const featured = await shop.anon.from('blogs').select(BLOG_COLUMNS)
      .eq('featured', true).neq('id', current.id).order('created_at', { ascending: false }).limit(2 * count);
    expect(idsOf(featured.data)).toEqual((await blogIds('featured and id <> $1', [current.id])).slice(0, 2 * count));

    const relatedNames = RELATED_CATEGORIES['Home & Living'] ?? [];
    const { data: relatedCategories } = await shop.anon.from('categories').select('id').in('name', [...relatedNames]);
    expect(relatedCategories).toHaveLength(3);
    const related = await shop.anon.from('blogs').select(BLOG_COLUMNS)
      .in('category_id', idsOf(relatedCategories)).neq('id', current.id).order('created_at', { ascending: false }).limit(2 * count);
    const expectedRelated = await blogIds('category_id = any ($1::uuid[]) and id <> $2', [idsOf(relatedCategories), current.id]);
    expect(expectedRelated.length).toBeGreaterThan(0);
    expect(idsOf(related.data)).toEqual(expectedRelated.slice(0, 2 * count));
  });
});

// ---------------------------------------------------------------------------------------------

describe('analytics (the admin panel)', () => {
  test('an admin reads an item\'s counters by item_id and click_type, today\'s clicks included', async () => {
    const [product] = await shop.sql<{ id: string; name: string }>('select id, name from public.products order by name desc limit 1');
    for (const affiliate of [false, false, true]) {
      const { error } = await shop.service.rpc('record_click', { item_type: 'product', item: product?.id ?? '', affiliate, platform: affiliate ? 'Amazon' : undefined });
      expect(error).toBeNull();
    }
    const { data, error } = await admin.client.from('analytics').select('*')
      .eq('item_id', product?.id ?? '').eq('click_type', 'product').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      item_id: product?.id, product_id: product?.id, blog_id: null, item_name: product?.name,
      today_clicks: 2, today_affiliate_links: 1,
    });
    const [owner] = await shop.sql<Record<string, unknown>>(
      `select yearly::int, this_month::int, this_week::int, last_week::int, last_month::int, yesterday_clicks::int
         from public.analytics where item_id = $1 and click_type = 'product'`, [product?.id]);
    expect(data).toMatchObject(owner ?? {});
    expect(data?.yearly).toBeGreaterThanOrEqual(2);
  });

  test('the panel\'s rows, ordered by record_date; popularity by a counter; the count of blog rows capped at 100', async () => {
    const [{ rows, blogs } = { rows: 0, blogs: 0 }] = await shop.sql<{ rows: number; blogs: number }>(
      `select count(*)::int as rows, (count(*) filter (where click_type = 'blog'))::int as blogs from public.analytics`);
    const all = await admin.client.from('analytics').select('item_id, click_type, record_date').order('record_date');
    expect(all.data).toHaveLength(rows);
    expect(isSortedBy(all.data ?? [], (r) => r.record_date ?? '')).toBe(true);

    const top = await admin.client.from('analytics').select('product_id, last_month')
      .eq('click_type', 'product').order('last_month', { ascending: false }).limit(21);
    const expectedTop = await shop.sql<{ last_month: number }>(
      `select last_month::int from public.analytics where click_type = 'product' order by last_month desc limit 21`);
    expect((top.data ?? []).map((r) => r.last_month)).toEqual(expectedTop.map((r) => r.last_month));
    expect((top.data ?? []).every((r) => r.product_id !== null)).toBe(true);

    const topBlogs = await admin.client.from('analytics').select('item_id, last_week')
      .eq('click_type', 'blog').order('last_week', { ascending: false }).limit(12);
    expect(isSortedBy(topBlogs.data ?? [], (r) => r.last_week ?? 0, 'desc')).toBe(true);
    expect(topBlogs.data).toHaveLength(Math.min(12, blogs));

    const blogRows = await admin.client.from('analytics').select('item_id', { count: 'exact' }).eq('click_type', 'blog').limit(100);
    expect(blogRows.count).toBe(blogs);
    expect(blogRows.data).toHaveLength(Math.min(100, blogs));
  });

  test('the admin logs in with email and password, and after logging out reads as a visitor', async () => {
    const dashboard = shop.client();
    const { data, error } = await dashboard.auth.signInWithPassword({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD });
    expect(error).toBeNull();
    const profile = await dashboard.from('profiles').select('is_admin').eq('id', data.user?.id ?? '').single();
    expect(profile.data).toEqual({ is_admin: true });
    expect((await dashboard.from('analytics').select('item_id').limit(1)).status).toBe(200);

    expect(await dashboard.auth.signOut()).toEqual({ error: null });
    const afterwards = await dashboard.from('analytics').select('item_id').limit(1);
    expect(afterwards.status).toBe(401);
    expect(afterwards.error).toMatchObject({ code: '42501' });

    const wrong = await shop.client().auth.signInWithPassword({ email: DEMO_ADMIN_EMAIL, password: 'guessing' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
  });

  test('visitors are refused the analytics; a shopper who is not an admin sees no rows', async () => {
    const visitor = await shop.anon.from('analytics').select('*').limit(1);
    expect(visitor.status).toBe(401);
    expect(visitor.error).toMatchObject({ code: '42501', message: 'permission denied for view analytics' });

    const asShopper = await shopper.client.from('analytics').select('*', { count: 'exact' });
    expect([asShopper.error, asShopper.data, asShopper.count]).toEqual([null, [], 0]);
  });
});

// ---------------------------------------------------------------------------------------------

/** The product form's fields as the admin function writes them (arrays and JSON, not JSON strings). */
async function productForm(name: string) {
  const tech = category('Tech Savvy');
  const [sub] = await ids('select id from public.subcategories where category_id = $1 order by name limit 1', [tech]);
  const affiliateLinks: Json = [{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0TEST0001?tag=giftshop-20' }];
  const mediaUrls: Json = [{ type: 'image', url: 'https://img.example.com/extra.png' }, { type: 'video', url: 'https://img.example.com/demo.mp4' }];
  return {
    name,
    description: 'A pocket-sized projector that throws a cinema screen on any wall.',
    price: 149.5,
    image_url: 'https://img.example.com/projector.png',
    affiliate_links: affiliateLinks,
    media_urls: mediaUrls,
    gender_category: 'for_him' as const,
    category_ids: [tech, category('Curated Picks')],
    subcategory_ids: [sub ?? ''],
    seo_title: name,
    seo_description: 'A pocket-sized projector that throws a cinema screen on any wall.',
    seo_keywords: ['pocket', 'projector', 'cinema'],
    updated_at: new Date().toISOString(),
  };
}

describe('admin writes through the service role', () => {
  test('insert a product with the form\'s fields; it is readable and searchable at once', async () => {
    const form = await productForm('Pocket Cinema Projector');
    const { data, error, status } = await shop.service.from('products').insert(form).select(PRODUCT_COLUMNS).single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { updated_at: _sent, ...fields } = form;
    expect(data).toMatchObject(fields);

    const found = await shop.anon.rpc('search_products_enhanced', { search_query: 'pocket cinema projector' });
    expect(found.data?.[0]?.id).toBe(data?.id);

    // The old form's category name is derived from category_ids here, not stored: the typed client
    // will not send it, and the API refuses it.
    const withName = await fetch(`${shop.standIn.url}/rest/v1/products`, {
      method: 'POST',
      headers: { apikey: shop.standIn.serviceKey, authorization: `Bearer ${shop.standIn.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(await productForm('Named Projector')), category: 'Tech Savvy' }),
    });
    expect(withName.status).toBe(400);
    expect(await withName.json()).toMatchObject({ code: 'PGRST204', message: "Could not find the 'category' column of 'products' in the schema cache" });
    const [named] = await shop.sql<{ n: number }>(`select count(*)::int as n from public.products where name = 'Named Projector'`);
    expect(named?.n).toBe(0);
  });

  test('update a product by id with the same fields; delete it by id, and it leaves every wishlist', async () => {
    const { data: created } = await shop.service.from('products').insert(await productForm('Mini Projector')).select('id, updated_at').single();
    const id = created?.id ?? '';

    const fan = await shop.newUser();
    expect((await fan.client.rpc('like_product', { product: id })).data).toEqual([id]);

    const changed = { ...(await productForm('Mini Projector Pro')), price: 179, gender_category: 'for_both' as const, category_ids: [category('Tech Savvy')] };
    const updated = await shop.service.from('products').update(changed).eq('id', id).select(PRODUCT_COLUMNS).single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id, name: 'Mini Projector Pro', price: 179, gender_category: 'for_both', category_ids: [category('Tech Savvy')] });
    // updated_at is the database's moment of the update, whatever the form sent.
    expect(ms(updated.data?.updated_at ?? '')).toBeGreaterThan(ms(created?.updated_at ?? ''));

    const deleted = await shop.service.from('products').delete().eq('id', id);
    expect(deleted.status).toBe(204);
    const gone = await shop.anon.from('products').select('id').eq('id', id).single();
    expect(gone.error).toMatchObject({ code: 'PGRST116' });
    const { data: likes } = await fan.client.from('liked_products').select('product_id').eq('user_id', fan.userId).single();
    expect(likes).toEqual({ product_id: [] });
  });

  test('a product with a subcategory of another category is refused', async () => {
    const [foreign] = await ids('select id from public.subcategories where category_id = $1 limit 1', [category('Drink Lab')]);
    const { error, status } = await shop.service.from('products').insert({ ...(await productForm('Odd Projector')), subcategory_ids: [foreign ?? ''] });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23503' });
  });

  test('insert a category, then its subcategories; update syncs them; delete removes it from its products', async () => {
    const created = await shop.service.from('categories').insert({
      name: 'Board Game Nights', description: 'Games for the whole table.', short_description: 'Games for the table.',
      type: ['product', 'blog'], image_url: 'https://img.example.com/boardgames.png', gender_category: 'for_both',
    }).select('*').single();
    expect(created.error).toBeNull();
    const categoryIdCreated = created.data?.id ?? '';
    expect(created.data).toMatchObject({ name: 'Board Game Nights', type: ['product', 'blog'], visible: true, color: '#F5F5F5' });

    const subs = await shop.service.from('subcategories').insert([
      { name: 'Strategy', description: 'Long evenings', gender_category: 'for_both', category_id: categoryIdCreated },
      { name: 'Party', description: null, gender_category: 'for_both', category_id: categoryIdCreated },
      { name: 'Two Players', description: 'For couples', gender_category: 'for_both', category_id: categoryIdCreated },
    ]).select('id, name');
    expect(subs.status).toBe(201);
    const subId = new Map((subs.data ?? []).map((s) => [s.name, s.id]));

    const visible = await shop.anon.from('categories').select('name, subcategories(name)').eq('id', categoryIdCreated).single();
    expect(visible.data?.subcategories.map((s) => s.name).sort()).toEqual(['Party', 'Strategy', 'Two Players']);

    const { data: product } = await shop.service.from('products').insert({
      name: 'Castle Builder Board Game', price: 45, image_url: 'https://img.example.com/castle.png',
      category_ids: [categoryIdCreated], subcategory_ids: [subId.get('Strategy') ?? '', subId.get('Party') ?? ''],
    }).select('id').single();

    // Update with the submitted list [Strategy (renamed), Cooperative (new)]: Party and Two Players go.
    const renamed = await shop.service.from('categories').update({ name: 'Board Game Evenings', short_description: 'Games for long evenings.' })
      .eq('id', categoryIdCreated).select('name').single();
    expect(renamed.data).toEqual({ name: 'Board Game Evenings' });
    const kept = [subId.get('Strategy') ?? ''];
    const removed = await shop.service.from('subcategories').delete().eq('category_id', categoryIdCreated)
      .not('id', 'in', `(${kept.join(',')})`).select('name');
    expect((removed.data ?? []).map((s) => s.name).sort()).toEqual(['Party', 'Two Players']);
    await shop.service.from('subcategories').update({ name: 'Deep Strategy' }).eq('id', kept[0] ?? '');
    await shop.service.from('subcategories').insert({ name: 'Cooperative', description: null, gender_category: 'for_both', category_id: categoryIdCreated });
    const after = await shop.anon.from('subcategories').select('name').eq('category_id', categoryIdCreated).order('name');
    expect(after.data).toEqual([{ name: 'Cooperative' }, { name: 'Deep Strategy' }]);
    const productAfter = await shop.anon.from('products').select('subcategory_ids').eq('id', product?.id ?? '').single();
    expect(productAfter.data).toEqual({ subcategory_ids: [subId.get('Strategy')] });

    const deleted = await shop.service.from('categories').delete().eq('id', categoryIdCreated);
    expect(deleted.status).toBe(204);
    const leftovers = await shop.service.from('subcategories').select('id').eq('category_id', categoryIdCreated);
    expect(leftovers.data).toEqual([]);
    const orphan = await shop.anon.from('products').select('category_ids, subcategory_ids').eq('id', product?.id ?? '').single();
    expect(orphan.data).toEqual({ category_ids: [], subcategory_ids: [] });
  });

  test('a category needs at least one type and a short description of at most 240 characters', async () => {
    const noType = await shop.service.from('categories').insert({ name: 'Typeless', type: [] });
    expect(noType.error).toMatchObject({ code: '23514' });
    const long = await shop.service.from('categories').insert({ name: 'Wordy', short_description: 'x'.repeat(241) });
    expect(long.error).toMatchObject({ code: '23514' });
  });

  test('blogs: insert with the editor\'s fields, update and delete by id', async () => {
    const [first, second] = await ids('select id from public.products order by name limit 2');
    const [writer] = await ids('select id from public.writers order by name limit 1');
    const content = `# Gifts for movie nights\n\n<product-embed productId="${first}" title="One"></product-embed>\n\n` +
      `<three-products title="More" excerpt="Three more" productid='["${second}","${first}"]'></three-products>\n`;
    const now = new Date().toISOString();
    const inserted = await shop.service.from('blogs').insert({
      title: 'Movie Night Gifts', content, excerpt: 'Popcorn and projectors.', category_id: category('Lights, Camera, Action'),
      gender_category: 'for_both', image_url: 'https://img.example.com/movies.png', publish_date: now,
      products_id: [MISSING_ID], writer_id: writer, author: 'Editor', featured: false, updated_at: now, created_at: now,
    }).select(BLOG_COLUMNS).single();
    expect(inserted.error).toBeNull();
    // products_id always follows the product references in the body, whatever is sent.
    expect(inserted.data?.products_id).toEqual([first, second]);
    const id = inserted.data?.id ?? '';

    const embedding = await shop.anon.from('blogs').select('id').contains('products_id', [second ?? '']).order('created_at', { ascending: false }).limit(5);
    expect(idsOf(embedding.data)).toContain(id);

    const updated = await shop.service.from('blogs').update({ title: 'Movie Night Gift Guide', featured: true }).eq('id', id).select('title, featured').single();
    expect(updated.data).toEqual({ title: 'Movie Night Gift Guide', featured: true });
    const featured = await shop.anon.from('blogs').select('id').eq('featured', true).order('created_at', { ascending: false }).range(0, 3);
    expect(idsOf(featured.data)[0]).toBe(id);

    const deleted = await shop.service.from('blogs').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
    expect((await shop.anon.from('blogs').select('id').eq('id', id)).data).toEqual([]);
  });

  test('a blog must belong to a blog category', async () => {
    const { error, status } = await shop.service.from('blogs').insert({ title: 'Curated', category_id: category('Curated Picks') });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', hint: 'Choose a category whose types include blog.' });
  });

  test('record_click counts product, category, blog, quiz and affiliate clicks, and refuses unknown items', async () => {
    const [product] = await ids('select id from public.products order by name limit 1');
    const [blog] = await ids('select id from public.blogs order by title limit 1');
    const [quiz] = await ids('select id from public.quizzes');
    const before = await shop.sql<{ n: number }>('select count(*)::int as n from public.click_events');
    const calls = await Promise.all([
      shop.service.rpc('record_click', { item_type: 'product', item: product ?? '' }),
      shop.service.rpc('record_click', { item_type: 'category', item: category('Drink Lab') }),
      shop.service.rpc('record_click', { item_type: 'blog', item: blog ?? '' }),
      shop.service.rpc('record_click', { item_type: 'quiz', item: quiz ?? '' }),
      shop.service.rpc('record_click', { item_type: 'product', item: product ?? '', affiliate: true, platform: 'Etsy' }),
    ]);
    expect(calls.map((c) => [c.error, typeof c.data])).toEqual(calls.map(() => [null, 'number']));
    const after = await shop.sql<{ n: number }>('select count(*)::int as n from public.click_events');
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(5);

    const unknown = await shop.service.rpc('record_click', { item_type: 'product', item: MISSING_ID });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: '22023', message: `No product has the id ${MISSING_ID}` });
    const affiliateBlog = await shop.service.rpc('record_click', { item_type: 'blog', item: blog ?? '', affiliate: true });
    expect(affiliateBlog.error).toMatchObject({ code: '22023', message: 'only products have affiliate links' });
  });
});

describe('catalogue writes are refused to everyone but the service role', () => {
  const CALLERS = ['a visitor', 'a shopper', 'an admin signed in to the site'] as const;
  type CallerName = (typeof CALLERS)[number];

  /** The caller's client and the status PostgREST refuses it with (401 without a user, 403 with one). */
  function caller(who: CallerName): { client: Db; status: number } {
    if (who === 'a visitor') return { client: shop.anon, status: 401 };
    return { client: who === 'a shopper' ? shopper.client : admin.client, status: 403 };
  }

  test.each(CALLERS)('%s cannot write products, categories, subcategories or blogs', async (who) => {
    const { client, status } = caller(who);
    const [product] = await shop.sql<{ id: string; name: string }>('select id, name from public.products order by name limit 1');
    const [blog] = await shop.sql<{ id: string; title: string }>('select id, title from public.blogs order by title limit 1');

    const attempts = await Promise.all([
      client.from('products').insert(await productForm('Sneaky Projector')),
      client.from('products').update({ name: 'Renamed' }).eq('id', product?.id ?? ''),
      client.from('products').delete().eq('id', product?.id ?? ''),
      client.from('categories').insert({ name: 'Sneaky Category' }),
      client.from('categories').update({ visible: true }).eq('id', category('Holiday Archive')),
      client.from('subcategories').insert({ name: 'Sneaky', category_id: category('Tech Savvy') }),
      client.from('blogs').insert({ title: 'Sneaky Blog' }),
      client.from('blogs').update({ title: 'Renamed' }).eq('id', blog?.id ?? ''),
      client.from('blogs').delete().eq('id', blog?.id ?? ''),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(status);
      expect(attempt.error).toMatchObject({ code: '42501', message: expect.stringMatching(/^permission denied for table (products|categories|subcategories|blogs)$/) });
    }

    const unchanged = await shop.sql<{ product: string; blog: string; hidden: boolean; sneaky: number }>(
      `select (select name from public.products where id = $1) as product, (select title from public.blogs where id = $2) as blog,
              (select visible from public.categories where name = 'Holiday Archive') as hidden,
              (select count(*)::int from public.categories where name like 'Sneaky%') as sneaky`, [product?.id, blog?.id]);
    expect(unchanged).toEqual([{ product: product?.name, blog: blog?.title, hidden: false, sneaky: 0 }]);
  });

  test.each(CALLERS)('%s cannot record clicks: only the service role can', async (who) => {
    const { client, status } = caller(who);
    const [product] = await ids('select id from public.products order by name limit 1');
    const { error } = await client.rpc('record_click', { item_type: 'product', item: product ?? '' });
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for function record_click' });
    expect((await client.rpc('record_click', { item_type: 'product', item: product ?? '' })).status).toBe(status);
  });
});
