/**
 * Calling the schema's functions through /rest/v1/rpc with supabase-js: arguments by name (POST
 * body or query string), scalar and table results, select/filter/order/range/count on results,
 * permissions and PostgREST's errors for unknown functions.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const GADGETS = '10000000-0000-4000-8000-000000000001';
const HEADPHONES = '30000000-0000-4000-8000-000000000001';
const EARBUDS = '30000000-0000-4000-8000-000000000002';
const LAMP = '30000000-0000-4000-8000-000000000003';
const MISSING = '30000000-0000-4000-8000-0000000000ff';
const CAROL = '50000000-0000-4000-8000-000000000003';

const FIXTURES = `
  insert into public.categories (id, name, type) values ('${GADGETS}', 'Gadgets', '{product,blog}');
  insert into public.products (id, name, price, image_url, category_ids, gender_category, description, created_at) values
    ('${HEADPHONES}', 'Wireless Headphones', 99.50, 'https://img.test/1.png', '{${GADGETS}}', 'for_him', 'Noise cancelling headphones', '2026-01-03'),
    ('${EARBUDS}', 'Headphones Mini', 49, 'https://img.test/2.png', '{${GADGETS}}', 'for_her', 'Small headphones for travel', '2026-01-02'),
    ('${LAMP}', 'Desk Lamp', 20, 'https://img.test/3.png', '{}', 'for_both', 'A bright lamp', '2026-01-01');
  insert into auth.users (id, email) values ('${CAROL}', 'carol@example.test');
`;

let db: TestDatabase;
let standIn: StandIn;
let anon: SupabaseClient;
let service: SupabaseClient;
let carol: SupabaseClient;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
  await db.exec(FIXTURES);
  anon = createClient(standIn.url, standIn.anonKey, clientOptions);
  service = createClient(standIn.url, standIn.serviceKey, clientOptions);
  const token = signJwt({ sub: CAROL, role: 'authenticated', aud: 'authenticated', email: 'carol@example.test', exp: Math.floor(Date.now() / 1000) + 3600 });
  carol = createClient(standIn.url, standIn.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

interface SearchRow { id: string; name: string; price: number; rank: number; total_count: number }

describe('search_products_enhanced', () => {
  test('returns matching products with a rank and the total', async () => {
    const { data, error } = await anon.rpc('search_products_enhanced', { search_query: 'headphones' });
    expect(error).toBeNull();
    const rows = data as SearchRow[];
    expect(rows.map((r) => r.name).sort()).toEqual(['Headphones Mini', 'Wireless Headphones']);
    expect(rows.every((r) => r.total_count === 2 && r.rank > 0 && r.rank <= 1)).toBe(true);
    expect(typeof rows[0]?.price).toBe('number');
  });

  test('optional arguments filter and sort; omitted ones take their defaults', async () => {
    const { data } = await anon.rpc('search_products_enhanced', { search_query: 'headphones', gender_filter: 'for_her', sort_by: 'lowToHigh' });
    expect((data as SearchRow[]).map((r) => r.name)).toEqual(['Headphones Mini']);
  });

  test('select, filters, order, range and count apply to the result rows', async () => {
    const { data, count, status } = await anon.rpc('search_products_enhanced', { search_query: 'headphones' }, { count: 'exact' })
      .select('name, price')
      .gt('price', 10)
      .order('price', { ascending: false })
      .range(0, 0);
    expect(data).toEqual([{ name: 'Wireless Headphones', price: 99.5 }]);
    expect(count).toBe(2);
    expect(status).toBe(206);
  });

  test('single() works on function results too', async () => {
    const { data } = await anon.rpc('search_products_enhanced', { search_query: 'lamp' }).select('name').single();
    expect(data).toEqual({ name: 'Desk Lamp' });
    const many = await anon.rpc('search_products_enhanced', { search_query: 'headphones' }).select('name').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  test('can be called with GET and HEAD, arguments in the query string', async () => {
    const { data } = await anon.rpc('search_products_enhanced', { search_query: 'lamp', result_limit: 5 }, { get: true }).select('name');
    expect(data).toEqual([{ name: 'Desk Lamp' }]);
    const head = await anon.rpc('search_products_enhanced', { search_query: 'headphones' }, { head: true, count: 'exact' });
    expect([head.data, head.count, head.status]).toEqual([null, 2, 200]);
  });

  test('an argument the function rejects is the function\'s 400', async () => {
    const { error, status } = await anon.rpc('search_products_enhanced', { search_query: 'x' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'search_query must have at least 2 characters' });
  });
});

describe('scalar results', () => {
  test('a scalar result is the bare JSON value', async () => {
    const audiences = await anon.rpc('audience_set', { gender: 'for_him' });
    expect(audiences.data).toEqual(['for_him', 'for_both']);
    const url = await anon.rpc('is_http_url', { value: 'ftp://nope' }, { get: true });
    expect(url.data).toBe(false);
    const ids = await anon.rpc('embedded_product_ids', { content: `<product-embed productId="${LAMP}">` });
    expect(ids.data).toEqual([LAMP]);
  });

  test('a void function answers 204', async () => {
    const { data, status, error } = await carol.rpc('assert_products_exist', { ids: [LAMP] });
    expect([data, status, error]).toEqual([null, 204, null]);
  });

  test("a void function is really run: its exception is the caller's error", async () => {
    const { status, error } = await carol.rpc('assert_products_exist', { ids: [LAMP, MISSING] });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: `No product has the id ${MISSING}`, hint: 'Like only products that exist.' });
  });

  test('a void function called with GET or HEAD is run too', async () => {
    const viaGet = await carol.rpc('assert_products_exist', { ids: [MISSING] }, { get: true });
    expect([viaGet.status, viaGet.error?.code]).toEqual([400, '22023']);
    const viaHead = await carol.rpc('assert_products_exist', { ids: [MISSING] }, { head: true });
    expect(viaHead.status).toBe(400);
  });

  test('a role without EXECUTE on a void function is refused: 401 for anon, 403 for a signed-in role', async () => {
    const refused = await anon.rpc('assert_products_exist', { ids: [LAMP] });
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: '42501', message: 'permission denied for function assert_products_exist' });
    await db.exec('revoke execute on function public.assert_products_exist(uuid[]) from authenticated');
    try {
      const signedIn = await carol.rpc('assert_products_exist', { ids: [LAMP] });
      expect(signedIn.status).toBe(403);
      expect(signedIn.error).toMatchObject({ code: '42501' });
    } finally {
      await db.exec('grant execute on function public.assert_products_exist(uuid[]) to authenticated');
    }
  });
});

describe('likes', () => {
  test('like_product adds to the caller\'s own list, once', async () => {
    expect((await carol.rpc('like_product', { product: LAMP })).data).toEqual([LAMP]);
    expect((await carol.rpc('like_product', { product: HEADPHONES })).data).toEqual([LAMP, HEADPHONES]);
    expect((await carol.rpc('like_product', { product: LAMP })).data).toEqual([LAMP, HEADPHONES]);
    const row = await carol.from('liked_products').select('product_id').single();
    expect(row.data).toEqual({ product_id: [LAMP, HEADPHONES] });
  });

  test('unlike_product and merge_guest_likes change the same list', async () => {
    expect((await carol.rpc('unlike_product', { product: LAMP })).data).toEqual([HEADPHONES]);
    const merged = await carol.rpc('merge_guest_likes', { product_ids: [EARBUDS, MISSING, HEADPHONES, LAMP] });
    expect(merged.data).toEqual([HEADPHONES, EARBUDS, LAMP]);
  });

  test('liking a product that does not exist is a 400 naming the id', async () => {
    const { error, status } = await carol.rpc('like_product', { product: MISSING });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: `No product has the id ${MISSING}`, hint: 'Like only products that exist.' });
  });

  test('anon may not call like_product: 401 permission denied', async () => {
    const { error, status } = await anon.rpc('like_product', { product: LAMP });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for function like_product' });
  });

  test('a volatile function called with GET runs read-only: 405', async () => {
    const { error, status } = await carol.rpc('like_product', { product: EARBUDS }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({ code: '25006' });
  });
});

describe('other functions', () => {
  test('popular_products lists unclicked products newest first when asked', async () => {
    const { data } = await anon.rpc('popular_products', { include_unclicked: true, per_page: 2 }).select('id, clicks, total_count');
    expect(data).toEqual([
      { id: HEADPHONES, clicks: 0, total_count: 3 },
      { id: EARBUDS, clicks: 0, total_count: 3 },
    ]);
  });

  test('record_click is for the service role only', async () => {
    const denied = await anon.rpc('record_click', { item_type: 'product', item: LAMP });
    expect(denied.status).toBe(401);
    const { data, error } = await service.rpc('record_click', { item_type: 'product', item: LAMP });
    expect(error).toBeNull();
    expect(typeof data).toBe('number');
  });
});

describe('unknown functions and arguments', () => {
  test('an unknown function is 404 PGRST202 suggesting a close name', async () => {
    const { error, status } = await anon.rpc('like_products', { product: LAMP });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.like_products(product) in the schema cache',
      details: 'Searched for the function public.like_products with parameter product or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.like_product',
    });
  });

  test('unknown or missing arguments do not match the function', async () => {
    const extra = await anon.rpc('audience_set', { gender: 'for_him', colour: 'red' });
    expect(extra.status).toBe(404);
    expect(extra.error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.audience_set(gender)' });
    const missing = await anon.rpc('audience_set', {});
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.audience_set without parameters in the schema cache' });
  });
});
