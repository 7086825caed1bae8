/**
 * Hosted Supabase's API answers at most 1,000 rows per request (its "max rows" setting, PostgREST's
 * db-max-rows): a read that does not page gets the first 1,000 and no error. The stand-in does the
 * same, so a query that forgets to page fails here and not only in production.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const PRODUCTS = 2500;
const HEADPHONES = '30000000-0000-4000-8000-000000000001';

// 2,500 products (ids ordered by number), and one of them with 1,500 recorded prices.
const FIXTURES = `
  insert into public.products (id, name, price, image_url, created_at)
  select ('30000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Product ' || n, n, 'https://img.test/' || n || '.png',
         timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(1, ${PRODUCTS}) n;
  insert into public.price_history (product_id, platform, price, scraped_at)
  select '${HEADPHONES}', 'Shop A', 100 + n, timestamptz '2025-01-01' + n * interval '1 hour'
    from generate_series(1, 1500) n;
  create function public.numbers_up_to(n integer) returns table (value integer, label text)
  language sql stable as $$ select i, 'number ' || i from generate_series(1, n) i $$;
  grant execute on function public.numbers_up_to(integer) to anon;
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

function rest(base: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/rest/v1/${path}`, { headers: { apikey: standIn.anonKey, ...headers } });
}

describe('at most 1,000 rows per response by default', () => {
  test('a read of more than 1,000 rows without paging gets the first 1,000, and no error', async () => {
    const { data, error, status } = await anon.from('products').select('id').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(1000);
    expect(data?.at(-1)?.id).toBe('30000000-0000-4000-8000-000000001000');
  });

  test('count=exact still counts every row; Content-Range says which 1,000 came back (206)', async () => {
    const { data, count, status } = await anon.from('products').select('id', { count: 'exact' }).order('id');
    expect([data?.length, count, status]).toEqual([1000, PRODUCTS, 206]);
    const response = await rest(standIn.url, 'products?select=id&order=id', { prefer: 'count=exact' });
    expect(response.headers.get('content-range')).toBe(`0-999/${PRODUCTS}`);
  });

  test('a Range or limit beyond the window still gets at most 1,000 rows, from its own offset', async () => {
    const wide = await rest(standIn.url, 'products?select=id&order=id', { range: '0-4999' });
    expect(((await wide.json()) as unknown[]).length).toBe(1000);
    expect(wide.headers.get('content-range')).toBe('0-999/*');

    const { data } = await anon.from('products').select('id').order('id').range(100, 1599);
    expect(data).toHaveLength(1000);
    expect(data?.[0]?.id).toBe('30000000-0000-4000-8000-000000000101');

    const tail = await rest(standIn.url, 'products?select=id&order=id&offset=2000', { prefer: 'count=exact' });
    expect(((await tail.json()) as unknown[]).length).toBe(500);
    expect(tail.headers.get('content-range')).toBe(`2000-2499/${PRODUCTS}`);
  });

  test('a page within the window is answered as asked; limit=0 stays empty', async () => {
    const { data } = await anon.from('products').select('id').order('id').range(1000, 1999);
    expect([data?.length, data?.[0]?.id]).toEqual([1000, '30000000-0000-4000-8000-000000001001']);
    const none = await rest(standIn.url, 'products?select=id&limit=0');
    expect(await none.json()).toEqual([]);
  });

  test('an embedded list is capped at 1,000 rows per parent too', async () => {
    const { data } = await anon.from('products').select('id, price_history(price)').eq('id', HEADPHONES).single();
    expect((data as { price_history: unknown[] }).price_history).toHaveLength(1000);
  });

  test('a function returning more than 1,000 rows is capped like a table', async () => {
    const { data, error } = await anon.rpc('numbers_up_to', { n: 1500 });
    expect(error).toBeNull();
    expect(data).toHaveLength(1000);
    const { data: rows, error: filtered } = await anon.rpc('numbers_up_to', { n: 1500 }).select('value').gt('value', 1200);
    expect(filtered).toBeNull();
    expect(rows).toHaveLength(300);
  });

  test('writes answer every written row: the cap is for reads', async () => {
    // One price point per minute: a point (product, platform, time) is unique.
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      product_id: HEADPHONES, platform: 'Shop B', price: i, scraped_at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString(),
    }));
    const { data, error } = await service.from('price_history').insert(rows).select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1200);
  });
});

describe('the maxRows setting', () => {
  test('a stand-in started with another maxRows caps there; null lifts the cap', async () => {
    const small = await startStandIn({ port: 0, db, maxRows: 50 });
    const unlimited = await startStandIn({ port: 0, db, maxRows: null });
    try {
      expect(((await (await rest(small.url, 'products?select=id')).json()) as unknown[]).length).toBe(50);
      expect(((await (await rest(unlimited.url, 'products?select=id')).json()) as unknown[]).length).toBe(PRODUCTS);
    } finally {
      await small.close();
      await unlimited.close();
    }
  });
});
