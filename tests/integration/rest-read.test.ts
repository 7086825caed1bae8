/**
 * Reading through /rest/v1 with supabase-js: columns, embedded resources, filters, ordering,
 * ranges, counts and single objects, as PostgREST answers them.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const GADGETS = '10000000-0000-4000-8000-000000000001';
const BOOKS = '10000000-0000-4000-8000-000000000002';
const SECRET = '10000000-0000-4000-8000-000000000003';
const AUDIO = '20000000-0000-4000-8000-000000000001';
const VIDEO = '20000000-0000-4000-8000-000000000002';
const NOVELS = '20000000-0000-4000-8000-000000000003';
const HIDDEN_SUB = '20000000-0000-4000-8000-000000000004';
const HEADPHONES = '30000000-0000-4000-8000-000000000001';
const LAMP = '30000000-0000-4000-8000-000000000002';
const NOVEL = '30000000-0000-4000-8000-000000000003';
const MISSING_PRODUCT = '30000000-0000-4000-8000-000000000099';
const BIG_LAMP = '30000000-0000-4000-8000-000000000005';
const WRITER = '40000000-0000-4000-8000-000000000001';

const FIXTURES = `
  insert into public.categories (id, name, visible, type, color) values
    ('${GADGETS}', 'Gadgets', true, '{product,blog}', '#112233'),
    ('${BOOKS}', 'Books', true, '{product,blog}', '#445566'),
    ('${SECRET}', 'Secret', false, '{product}', '#778899');
  insert into public.subcategories (id, category_id, name) values
    ('${AUDIO}', '${GADGETS}', 'Audio'), ('${VIDEO}', '${GADGETS}', 'Video'),
    ('${NOVELS}', '${BOOKS}', 'Novels'), ('${HIDDEN_SUB}', '${SECRET}', 'Hidden');
  insert into public.products (id, name, price, image_url, category_ids, subcategory_ids, gender_category,
                               tagline, description, media_urls, variants, seo_keywords, created_at) values
    ('${HEADPHONES}', 'Wireless Headphones', 99.50, 'https://img.test/1.png', '{${GADGETS}}', '{${AUDIO}}', 'for_him',
     'Hear everything', 'Noise cancelling over-ear headphones',
     '[{"type":"image","url":"https://img.test/1a.png"},{"type":"video","url":"https://img.test/1.mp4"}]',
     '[{"name":"Black"},{"name":"White"}]', '{audio,music}', '2026-01-05'),
    ('${LAMP}', 'Desk Lamp', 20.00, 'https://img.test/2.png', '{${GADGETS}}', '{}', 'for_both',
     null, 'A bright lamp for your desk', '[]', '[]', '{light}', '2026-01-04'),
    ('${NOVEL}', 'Mystery Novel', 12.99, 'https://img.test/3.png', '{${BOOKS}}', '{${NOVELS}}', 'for_her',
     'A page turner', 'A thrilling read', '[]', '[]', '{}', '2026-01-03'),
    ('${BIG_LAMP}', 'Lamp, Large', 35, 'https://img.test/5.png', '{${GADGETS}}', '{}', 'for_both',
     null, 'A floor lamp', '[]', '[]', '{light,big}', '2026-01-01');
  insert into public.writers (id, name) values ('${WRITER}', 'Ada Writer');
  insert into public.blogs (title, category_id, writer_id, content, excerpt) values
    ('Best headphones of the year', '${GADGETS}', '${WRITER}', '<product-embed productId="${HEADPHONES}">', 'Our picks'),
    ('Reading list', '${BOOKS}', null, 'Books to read', 'Cosy reads');
  insert into public.price_history (product_id, platform, price, scraped_at) values
    ('${HEADPHONES}', 'Shop A', 110, '2026-01-01'), ('${HEADPHONES}', 'Shop A', 95, '2026-02-01'),
    ('${HEADPHONES}', 'Shop B', 99, '2026-01-15'), ('${LAMP}', 'Shop A', 20, '2026-01-10');
`;

let db: TestDatabase;
let standIn: StandIn;
let anon: SupabaseClient;
let service: SupabaseClient;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
  await db.exec(FIXTURES);
  anon = createClient(standIn.url, standIn.anonKey, clientOptions);
  service = createClient(standIn.url, standIn.serviceKey, clientOptions);
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

/** A raw request, for what supabase-js does not expose (headers, statuses of odd requests). */
function rest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${standIn.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: standIn.anonKey, ...(init.headers as Record<string, string> | undefined) },
  });
}

const names = (rows: Array<{ name: string }> | null) => (rows ?? []).map((r) => r.name);

describe('columns', () => {
  test('selects columns with aliases and casts', async () => {
    const { data, error } = await anon.from('products')
      .select('title:name, price, price_text:price::text, id')
      .eq('id', HEADPHONES).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Wireless Headphones', price: 99.5, price_text: '99.50', id: HEADPHONES });
  });

  test('serialises numerics, arrays, enums and jsonb as PostgREST does', async () => {
    const { data } = await anon.from('products')
      .select('price, category_ids, seo_keywords, gender_category, variants, created_at')
      .eq('id', HEADPHONES).single();
    expect(data).toEqual({
      price: 99.5,
      category_ids: [GADGETS],
      seo_keywords: ['audio', 'music'],
      gender_category: 'for_him',
      variants: [{ name: 'Black' }, { name: 'White' }],
      created_at: '2026-01-05T00:00:00+00:00',
    });
  });

  test('reads into JSON with arrow paths, named after the last key', async () => {
    const { data } = await anon.from('products')
      .select('first_media:media_urls->0->>url, media_urls->1->type, variants->0->name')
      .eq('id', HEADPHONES).single();
    expect(data).toEqual({ first_media: 'https://img.test/1a.png', type: 'video', name: 'Black' });
  });

  test('select=* returns every column', async () => {
    const { data } = await anon.from('categories').select('*').eq('id', GADGETS).single();
    expect(data).toMatchObject({ id: GADGETS, name: 'Gadgets', color: '#112233', type: ['product', 'blog'], visible: true });
  });
});

describe('embedded resources', () => {
  test('many-to-one embeds an object, one-to-many an array', async () => {
    const sub = await anon.from('subcategories').select('name, category:categories(name)').eq('id', AUDIO).single();
    expect(sub.data).toEqual({ name: 'Audio', category: { name: 'Gadgets' } });

    const { data } = await anon.from('categories')
      .select('name, subcategories(name)')
      .order('name')
      .order('name', { referencedTable: 'subcategories', ascending: false });
    expect(data).toEqual([
      { name: 'Books', subcategories: [{ name: 'Novels' }] },
      { name: 'Gadgets', subcategories: [{ name: 'Video' }, { name: 'Audio' }] },
    ]);
  });

  test('a missing to-one row is null and nested embeds nest', async () => {
    const { data } = await anon.from('blogs')
      .select('title, writers(name, blogs(title)), categories(name, subcategories(name))')
      .order('title');
    expect(data).toEqual([
      {
        title: 'Best headphones of the year',
        writers: { name: 'Ada Writer', blogs: [{ title: 'Best headphones of the year' }] },
        categories: { name: 'Gadgets', subcategories: [{ name: 'Audio' }, { name: 'Video' }] },
      },
      { title: 'Reading list', writers: null, categories: { name: 'Books', subcategories: [{ name: 'Novels' }] } },
    ]);
  });

  test('hints name the foreign key by constraint or column', async () => {
    const byConstraint = await anon.from('blogs').select('title, cat:categories!blogs_category_id_fkey(name)').eq('title', 'Reading list').single();
    expect(byConstraint.data).toEqual({ title: 'Reading list', cat: { name: 'Books' } });
    const byColumn = await anon.from('blogs').select('title, author:writers!writer_id(name)').eq('title', 'Reading list').single();
    expect(byColumn.data).toEqual({ title: 'Reading list', author: null });
  });

  test('filters on an embed filter its rows; !inner also filters the parents', async () => {
    const left = await anon.from('categories').select('name, subcategories(name)').eq('subcategories.name', 'Audio').order('name');
    expect(left.data).toEqual([{ name: 'Books', subcategories: [] }, { name: 'Gadgets', subcategories: [{ name: 'Audio' }] }]);

    const inner = await anon.from('categories').select('name, subcategories!inner(name)', { count: 'exact' }).eq('subcategories.name', 'Audio');
    expect(inner.data).toEqual([{ name: 'Gadgets', subcategories: [{ name: 'Audio' }] }]);
    expect(inner.count).toBe(1);
  });

  test('an empty !inner embed filters without adding a key', async () => {
    const { data } = await anon.from('blogs').select('title, writers!inner()');
    expect(data).toEqual([{ title: 'Best headphones of the year' }]);
  });

  test('rel=not.is.null keeps parents that have the embedded row', async () => {
    const { data, count } = await anon.from('blogs').select('title, writers(name)', { count: 'exact' }).not('writers', 'is', null);
    expect(data).toEqual([{ title: 'Best headphones of the year', writers: { name: 'Ada Writer' } }]);
    expect(count).toBe(1);
    const without = await anon.from('blogs').select('title, writers(name)').is('writers', null);
    expect(without.data).toEqual([{ title: 'Reading list', writers: null }]);
  });

  test('a spread puts the related columns into the parent', async () => {
    const { data } = await anon.from('blogs').select('title, ...categories(category_name:name, color)').order('title');
    expect(data).toEqual([
      { title: 'Best headphones of the year', category_name: 'Gadgets', color: '#112233' },
      { title: 'Reading list', category_name: 'Books', color: '#445566' },
    ]);
  });

  test('a spread of a to-many embed gives arrays of its columns', async () => {
    const { data } = await anon.from('categories')
      .select('name, ...subcategories(subcategory_names:name)')
      .order('name')
      .order('name', { referencedTable: 'subcategories' });
    expect(data).toEqual([
      { name: 'Books', subcategory_names: ['Novels'] },
      { name: 'Gadgets', subcategory_names: ['Audio', 'Video'] },
    ]);
  });

  test('embeds follow foreign keys through a view', async () => {
    const { data } = await anon.from('products')
      .select('name, latest_prices(platform, price)')
      .eq('id', HEADPHONES)
      .order('platform', { referencedTable: 'latest_prices' })
      .single();
    expect(data).toEqual({ name: 'Wireless Headphones', latest_prices: [{ platform: 'Shop A', price: 95 }, { platform: 'Shop B', price: 99 }] });

    const back = await anon.from('latest_prices').select('price, products(name)').eq('product_id', LAMP).single();
    expect(back.data).toEqual({ price: 20, products: { name: 'Desk Lamp' } });
  });

  test('embedded limit, offset and or filters apply per parent', async () => {
    const { data } = await anon.from('categories')
      .select('name, subcategories(name)')
      .eq('id', GADGETS)
      .order('name', { referencedTable: 'subcategories' })
      .range(1, 1, { referencedTable: 'subcategories' })
      .single();
    expect(data).toEqual({ name: 'Gadgets', subcategories: [{ name: 'Video' }] });

    const ored = await anon.from('categories')
      .select('name, subcategories(name)')
      .or('name.eq.Novels,name.eq.Video', { referencedTable: 'subcategories' })
      .order('name');
    expect(ored.data).toEqual([{ name: 'Books', subcategories: [{ name: 'Novels' }] }, { name: 'Gadgets', subcategories: [{ name: 'Video' }] }]);
  });

  test('orders by a column of an embedded to-one resource', async () => {
    const res = await rest('subcategories?select=name,category:categories(name)&order=category(name).desc,name');
    expect((await res.json()).map((r: { name: string }) => r.name)).toEqual(['Audio', 'Video', 'Novels']);
  });

  test('an unknown relationship is PGRST200; ambiguity and non-embeds are explained', async () => {
    const { error, status } = await anon.from('products').select('name, shops(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'products' and 'shops' in the schema cache",
      details: "Searched for a foreign key relationship between 'products' and 'shops' in the schema 'public', but no matches were found.",
    });
    const notEmbedded = await anon.from('categories').select('name').eq('subcategories.name', 'Audio');
    expect(notEmbedded.error).toMatchObject({ code: 'PGRST108', message: "'subcategories' is not an embedded resource in this request" });
  });
});

describe('filters', () => {
  const query = () => anon.from('products').select('name').order('name');

  test('comparisons', async () => {
    expect(names((await query().eq('name', 'Desk Lamp')).data)).toEqual(['Desk Lamp']);
    expect(names((await query().neq('gender_category', 'for_both')).data)).toEqual(['Mystery Novel', 'Wireless Headphones']);
    expect(names((await query().gt('price', 35)).data)).toEqual(['Wireless Headphones']);
    expect(names((await query().gte('price', 35)).data)).toEqual(['Lamp, Large', 'Wireless Headphones']);
    expect(names((await query().lt('price', 20)).data)).toEqual(['Mystery Novel']);
    expect(names((await query().lte('price', 20)).data)).toEqual(['Desk Lamp', 'Mystery Novel']);
  });

  test('patterns: like and ilike with * as wildcard, match and imatch as regexes', async () => {
    expect(names((await query().like('name', '*Lamp*')).data)).toEqual(['Desk Lamp', 'Lamp, Large']);
    expect(names((await query().ilike('name', '%lamp%')).data)).toEqual(['Desk Lamp', 'Lamp, Large']);
    expect(names((await query().match({ price: 20 })).data)).toEqual(['Desk Lamp']);
    expect(names((await query().regexMatch('name', '^D')).data)).toEqual(['Desk Lamp']);
    expect(names((await query().regexIMatch('name', '^w')).data)).toEqual(['Wireless Headphones']);
    expect(names((await query().likeAnyOf('name', ['Desk*', 'Myst*'])).data)).toEqual(['Desk Lamp', 'Mystery Novel']);
  });

  test('in quotes values with commas; not.in excludes', async () => {
    expect(names((await query().in('name', ['Lamp, Large', 'Desk Lamp'])).data)).toEqual(['Desk Lamp', 'Lamp, Large']);
    expect(names((await query().in('id', [])).data)).toEqual([]);
    expect(names((await query().not('name', 'in', '("Lamp, Large","Desk Lamp")')).data)).toEqual(['Mystery Novel', 'Wireless Headphones']);
  });

  test('is null, not null, true and false', async () => {
    expect(names((await query().is('tagline', null)).data)).toEqual(['Desk Lamp', 'Lamp, Large']);
    expect(names((await query().not('tagline', 'is', null)).data)).toEqual(['Mystery Novel', 'Wireless Headphones']);
    const cats = anon.from('categories').select('name').order('name');
    expect(names((await cats.is('featured', false)).data)).toEqual(['Books', 'Gadgets']);
    expect(names((await anon.from('categories').select('name').is('visible', true).order('name')).data)).toEqual(['Books', 'Gadgets']);
  });

  test('contains, contained by and overlaps on arrays', async () => {
    expect(names((await query().contains('category_ids', [GADGETS])).data)).toEqual(['Desk Lamp', 'Lamp, Large', 'Wireless Headphones']);
    expect(names((await query().containedBy('seo_keywords', ['light', 'big', 'other'])).data)).toEqual(['Desk Lamp', 'Lamp, Large', 'Mystery Novel']);
    expect(names((await query().overlaps('seo_keywords', ['music', 'big'])).data)).toEqual(['Lamp, Large', 'Wireless Headphones']);
  });

  test('contains and contained by on jsonb', async () => {
    // supabase-js sends arrays as Postgres arrays, so JSON arrays go as text.
    expect(names((await query().contains('media_urls', JSON.stringify([{ type: 'video' }]))).data)).toEqual(['Wireless Headphones']);
    expect(names((await query().contains('variants', { 0: 'x' })).data)).toEqual([]);
    expect(names((await query().containedBy('variants', JSON.stringify([{ name: 'Black' }, { name: 'White' }, { name: 'Red' }]))).data))
      .toEqual(['Desk Lamp', 'Lamp, Large', 'Mystery Novel', 'Wireless Headphones']);
  });

  test('full-text search in its four flavours, with a configuration', async () => {
    expect(names((await query().textSearch('search_vector', 'headphone')).data)).toEqual(['Wireless Headphones']);
    expect(names((await query().textSearch('search_vector', 'bright lamp', { type: 'plain', config: 'english' })).data)).toEqual(['Desk Lamp']);
    expect(names((await query().textSearch('search_vector', 'thrilling read', { type: 'phrase', config: 'english' })).data)).toEqual(['Mystery Novel']);
    expect(names((await query().textSearch('search_vector', 'lamp -desk', { type: 'websearch', config: 'english' })).data)).toEqual(['Lamp, Large']);
    // A text column is turned into a document first.
    expect(names((await query().textSearch('description', 'thrilling', { config: 'english' })).data)).toEqual(['Mystery Novel']);
  });

  test('not negates any operator; or and and nest', async () => {
    expect(names((await query().not('name', 'like', '*Lamp*')).data)).toEqual(['Mystery Novel', 'Wireless Headphones']);
    expect(names((await query().or('price.lt.15,and(price.gt.30,name.ilike.*lamp*)')).data)).toEqual(['Lamp, Large', 'Mystery Novel']);
    const res = await rest(`products?select=name&not.or=(price.lt.15,price.gt.90)&order=name`);
    expect(names(await res.json())).toEqual(['Desk Lamp', 'Lamp, Large']);
  });

  test('filters through JSON paths', async () => {
    expect(names((await query().eq('variants->0->>name', 'Black')).data)).toEqual(['Wireless Headphones']);
  });

  test('an unknown column in select, filter or order is 42703', async () => {
    for (const result of [
      await anon.from('products').select('colour'),
      await anon.from('products').select('name').eq('colour', 'red'),
      await anon.from('products').select('name').order('colour'),
    ]) {
      expect(result.status).toBe(400);
      expect(result.error).toMatchObject({ code: '42703', message: 'column products.colour does not exist' });
    }
  });

  test('a malformed filter is PGRST100', async () => {
    const res = await rest('products?price=around.5');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (around.5)" (line 1, column 1)' });
  });
});

describe('order, ranges and counts', () => {
  test('orders by several columns with null placement', async () => {
    const { data } = await anon.from('products').select('name').order('tagline', { ascending: false, nullsFirst: false }).order('name');
    expect(names(data)).toEqual(['Wireless Headphones', 'Mystery Novel', 'Desk Lamp', 'Lamp, Large']);
    const nullsFirst = await anon.from('products').select('name').order('tagline', { nullsFirst: true }).order('name');
    expect(names(nullsFirst.data)).toEqual(['Desk Lamp', 'Lamp, Large', 'Mystery Novel', 'Wireless Headphones']);
    const desc = await anon.from('products').select('name').order('price', { ascending: false }).limit(2);
    expect(names(desc.data)).toEqual(['Wireless Headphones', 'Lamp, Large']);
  });

  test('range with count=exact answers 206 and the total', async () => {
    const { data, count, status } = await anon.from('products').select('name', { count: 'exact' }).order('name').range(1, 2);
    expect(names(data)).toEqual(['Lamp, Large', 'Mystery Novel']);
    expect(count).toBe(4);
    expect(status).toBe(206);
  });

  test('Content-Range without a count has an unknown total', async () => {
    const res = await rest('products?select=name&limit=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/*');
    const empty = await rest('products?select=name&name=eq.None');
    expect(empty.headers.get('content-range')).toBe('*/*');
  });

  test('planned and estimated counts answer with the exact count', async () => {
    for (const count of ['planned', 'estimated'] as const) {
      expect((await anon.from('products').select('name', { count }).limit(1)).count).toBe(4);
    }
  });

  test('HEAD answers the count without a body', async () => {
    const { data, count, status } = await anon.from('products').select('*', { count: 'exact', head: true }).lt('price', 30);
    expect([data, count, status]).toEqual([null, 2, 200]);
    const res = await rest('products?select=name', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-3/4');
    expect(await res.text()).toBe('');
  });

  test('the Range header selects rows like limit and offset', async () => {
    const res = await rest('products?select=name&order=name', { headers: { range: '1-2', 'range-unit': 'items', prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/4');
    expect(names(await res.json())).toEqual(['Lamp, Large', 'Mystery Novel']);
  });

  test('an offset past the end with a count is 416 PGRST103', async () => {
    const { error, status } = await anon.from('products').select('name', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
    });
  });
});

describe('single objects', () => {
  test('single() returns the one row as an object', async () => {
    const { data, status } = await anon.from('products').select('name').eq('id', LAMP).single();
    expect([data, status]).toEqual([{ name: 'Desk Lamp' }, 200]);
  });

  test('single() on zero or several rows is 406 PGRST116', async () => {
    const none = await anon.from('products').select('name').eq('id', MISSING_PRODUCT).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows' });
    const many = await anon.from('products').select('name').lt('price', 30).single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  test('maybeSingle() gives null for no row and an error for several', async () => {
    const none = await anon.from('products').select('name').eq('name', 'Nothing').maybeSingle();
    expect([none.data, none.error, none.status]).toEqual([null, null, 200]);
    const many = await anon.from('products').select('name').lt('price', 30).maybeSingle();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
  });
});

describe('row-level security on reads', () => {
  test('anon sees visible categories only, and none of a hidden one\'s subcategories', async () => {
    expect(names((await anon.from('categories').select('name').order('name')).data)).toEqual(['Books', 'Gadgets']);
    expect(names((await anon.from('subcategories').select('name').order('name')).data)).toEqual(['Audio', 'Novels', 'Video']);
    const hidden = await anon.from('categories').select('name').eq('id', SECRET).maybeSingle();
    expect(hidden.data).toBeNull();
  });

  test('the service role sees everything', async () => {
    const { data, count } = await service.from('categories').select('name', { count: 'exact' }).order('name');
    expect(names(data)).toEqual(['Books', 'Gadgets', 'Secret']);
    expect(count).toBe(3);
  });

  test('embedded rows are filtered by their own policies', async () => {
    const { data } = await anon.from('subcategories').select('name, categories(name)').eq('category_id', SECRET);
    expect(data).toEqual([]);
  });
});

describe('unknown resources', () => {
  test('an unknown table is 404 PGRST205 with a suggestion', async () => {
    const { error, status } = await anon.from('product').select('*');
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.product' in the schema cache",
      hint: "Perhaps you meant the table 'public.products'",
    });
  });

  test('aggregates are refused as on hosted Supabase', async () => {
    const { error } = await anon.from('products').select('count()');
    expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });
});
