/**
 * Writing through /rest/v1 with supabase-js: insert, upsert, update and delete with PostgREST's
 * statuses, returned representations and errors, and the row-level security that guards them.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const GADGETS = '10000000-0000-4000-8000-000000000001';
const HEADPHONES = '30000000-0000-4000-8000-000000000001';
const LAMP = '30000000-0000-4000-8000-000000000002';
const ALICE = '50000000-0000-4000-8000-000000000001';
const BOB = '50000000-0000-4000-8000-000000000002';

const FIXTURES = `
  insert into public.categories (id, name, type) values ('${GADGETS}', 'Gadgets', '{product,blog}');
  insert into public.products (id, name, price, image_url, category_ids) values
    ('${HEADPHONES}', 'Wireless Headphones', 99.50, 'https://img.test/1.png', '{${GADGETS}}'),
    ('${LAMP}', 'Desk Lamp', 20, 'https://img.test/2.png', '{${GADGETS}}');
  insert into public.platforms (name) values ('Shop A'), ('Shop B');
  insert into auth.users (id, email, raw_user_meta_data) values
    ('${ALICE}', 'alice@example.test', '{"full_name":"Alice"}'),
    ('${BOB}', 'bob@example.test', '{"full_name":"Bob"}');
`;

let db: TestDatabase;
let standIn: StandIn;
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: SupabaseClient;
let bob: SupabaseClient;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

function signedIn(userId: string, email: string): SupabaseClient {
  const token = signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', email, exp: Math.floor(Date.now() / 1000) + 3600 });
  return createClient(standIn.url, standIn.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });
}

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
  await db.exec(FIXTURES);
  anon = createClient(standIn.url, standIn.anonKey, clientOptions);
  service = createClient(standIn.url, standIn.serviceKey, clientOptions);
  alice = signedIn(ALICE, 'alice@example.test');
  bob = signedIn(BOB, 'bob@example.test');
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

function rest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${standIn.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: standIn.serviceKey,
      authorization: `Bearer ${standIn.serviceKey}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function platformNames(): Promise<string[]> {
  return (await db.query<{ name: string }>('select name from public.platforms order by name')).rows.map((r) => r.name);
}

const newProduct = (name: string, price = 10) => ({ name, price, image_url: 'https://img.test/new.png', category_ids: [GADGETS] });

describe('insert', () => {
  test('anon may not insert products: 401 with Postgres\'s permission error', async () => {
    const { error, status } = await anon.from('products').insert(newProduct('Sneaky'));
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table products' });
  });

  test('inserts one row: 201 with no body, or the row with select()', async () => {
    const quiet = await service.from('products').insert(newProduct('Quiet Speaker'));
    expect([quiet.status, quiet.data, quiet.error]).toEqual([201, null, null]);

    const { data, status } = await service.from('products').insert(newProduct('Loud Speaker', 45.5)).select('name, price, gender_category').single();
    expect(status).toBe(201);
    expect(data).toEqual({ name: 'Loud Speaker', price: 45.5, gender_category: 'for_both' });
  });

  test('inserts many rows and counts them', async () => {
    const { data, count, status } = await service.from('platforms')
      .insert([{ name: 'Shop C' }, { name: 'Shop D' }], { count: 'exact' })
      .select('name');
    expect(status).toBe(201);
    expect(count).toBe(2);
    expect(data).toEqual([{ name: 'Shop C' }, { name: 'Shop D' }]);
  });

  test('keys missing from some rows are null, or the column default with defaultToNull: false', async () => {
    const rows = [{ name: 'Colourful', color: '#123456' }, { name: 'Plain' }];
    const nulls = await service.from('categories').insert(rows);
    expect(nulls.status).toBe(400);
    expect(nulls.error).toMatchObject({ code: '23502' });

    const { data, error } = await service.from('categories').insert(rows, { defaultToNull: false }).select('name, color, type').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Colourful', color: '#123456', type: ['product'] },
      { name: 'Plain', color: '#F5F5F5', type: ['product'] },
    ]);
  });

  test('returns embedded resources of the inserted rows', async () => {
    const { data } = await service.from('subcategories')
      .insert({ category_id: GADGETS, name: 'Audio' })
      .select('name, category:categories(name)')
      .single();
    expect(data).toEqual({ name: 'Audio', category: { name: 'Gadgets' } });
  });

  test('constraint violations map to PostgREST statuses', async () => {
    const duplicate = await service.from('platforms').insert({ name: 'Shop A' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', details: 'Key (name)=(Shop A) already exists.' });

    const orphan = await service.from('subcategories').insert({ category_id: '10000000-0000-4000-8000-00000000ffff', name: 'Orphan' });
    expect(orphan.status).toBe(409);
    expect(orphan.error).toMatchObject({ code: '23503' });

    const negative = await service.from('products').insert(newProduct('Free money', -1));
    expect(negative.status).toBe(400);
    expect(negative.error).toMatchObject({ code: '23514' });

    const badUuid = await service.from('subcategories').insert({ category_id: 'not-a-uuid', name: 'X' });
    expect(badUuid.status).toBe(400);
    expect(badUuid.error).toMatchObject({ code: '22P02' });
  });

  test('an unknown column in the body is PGRST204', async () => {
    const { error, status } = await service.from('platforms').insert({ name: 'Shop E', rating: 5 });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'rating' column of 'platforms' in the schema cache" });
    expect(await platformNames()).not.toContain('Shop E');
  });

  test('a body that is not JSON, or rows with different keys, is PGRST102', async () => {
    const invalid = await rest('platforms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });

    const uneven = await rest('platforms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[{"name":"a"},{"title":"b"}]' });
    expect(await uneven.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });
});

describe('upsert', () => {
  test('merges duplicates on the conflict columns: 200 when only updating, 201 when inserting', async () => {
    const [platform] = (await db.query<{ id: string }>(`select id from public.platforms where name = 'Shop B'`)).rows;
    const updated = await service.from('platforms').upsert({ id: platform?.id, name: 'Shop B2' }).select('name');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ name: 'Shop B2' }]);

    const inserted = await service.from('platforms').upsert([{ name: 'Shop B2' }, { name: 'Shop F' }], { onConflict: 'name' }).select('name');
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ name: 'Shop B2' }, { name: 'Shop F' }]);
    expect((await platformNames()).filter((n) => n === 'Shop B2')).toHaveLength(1);
  });

  test('ignores duplicates, returning only the new rows', async () => {
    const { data, status } = await service.from('platforms')
      .upsert([{ name: 'Shop A' }, { name: 'Shop G' }], { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(status).toBe(201);
    expect(data).toEqual([{ name: 'Shop G' }]);
  });

  test('a conflict target without a unique constraint is a 400 from Postgres', async () => {
    const { error, status } = await service.from('platforms').upsert({ name: 'Shop H' }, { onConflict: 'created_at' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42P10' });
  });
});

describe('update', () => {
  test('updates the filtered rows: 204 without select, 200 with the rows', async () => {
    const quiet = await service.from('products').update({ tagline: 'Quiet' }).eq('id', LAMP);
    expect([quiet.status, quiet.data]).toEqual([204, null]);

    const { data, status, count } = await service.from('products')
      .update({ tagline: 'On sale' }, { count: 'exact' })
      .in('id', [LAMP, HEADPHONES])
      .select('name, tagline')
      .order('name');
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual([{ name: 'Desk Lamp', tagline: 'On sale' }, { name: 'Wireless Headphones', tagline: 'On sale' }]);
  });

  test('the returned rows show the new values even when the filter matched the old ones', async () => {
    const { data } = await service.from('products').update({ tagline: 'Renamed' }).eq('tagline', 'On sale').eq('id', LAMP).select('tagline');
    expect(data).toEqual([{ tagline: 'Renamed' }]);
  });

  test('single() on an update touching two rows is 406 and the update is rolled back', async () => {
    const { error, status } = await service.from('products').update({ tagline: 'Both' }).in('id', [LAMP, HEADPHONES]).select().single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const taglines = (await db.query<{ tagline: string }>(`select tagline from public.products where tagline = 'Both'`)).rows;
    expect(taglines).toEqual([]);
  });

  test('maybeSingle() on a write that matches nothing gives null, as on a read', async () => {
    const { data, error } = await service.from('products').update({ tagline: 'Nobody' }).eq('name', 'No such product').select('name').maybeSingle();
    expect([data, error]).toEqual([null, null]);
    // Older clients ask for one object on writes and treat "0 rows" in the 406 details as null.
    const res = await rest('products?name=eq.No%20such%20product&select=name', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', accept: 'application/vnd.pgrst.object+json', prefer: 'return=representation' },
      body: JSON.stringify({ tagline: 'Nobody' }),
    });
    expect(res.status).toBe(406);
    expect((await res.json()).details).toContain('0 rows');
  });

  test('max-affected with strict handling refuses a larger update', async () => {
    const res = await rest(`products?id=in.(${LAMP},${HEADPHONES})`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ tagline: 'Many' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
    expect((await db.query(`select 1 from public.products where tagline = 'Many'`)).rows).toEqual([]);
  });
});

describe('delete', () => {
  test('deletes the filtered rows: 204 without select, 200 with them', async () => {
    await service.from('platforms').insert([{ name: 'Gone 1' }, { name: 'Gone 2' }]);
    const quiet = await service.from('platforms').delete().eq('name', 'Gone 1');
    expect(quiet.status).toBe(204);

    const { data, status } = await service.from('platforms').delete().like('name', 'Gone*').select('name');
    expect(status).toBe(200);
    expect(data).toEqual([{ name: 'Gone 2' }]);
    expect((await platformNames()).filter((n) => n.startsWith('Gone'))).toEqual([]);
  });

  test('Content-Range reports the deleted count when asked', async () => {
    await service.from('platforms').insert([{ name: 'Gone 3' }, { name: 'Gone 4' }]);
    const { count, status } = await service.from('platforms').delete({ count: 'exact' }).like('name', 'Gone*');
    expect([status, count]).toEqual([204, 2]);
  });
});

describe('row-level security on writes', () => {
  test('a user sees and writes only their own liked_products row', async () => {
    const created = await alice.from('liked_products').insert({ user_id: ALICE, product_id: [LAMP] }).select('user_id, product_id').single();
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ user_id: ALICE, product_id: [LAMP] });
    await bob.from('liked_products').insert({ user_id: BOB, product_id: [HEADPHONES] });

    const mine = await alice.from('liked_products').select('user_id, product_id');
    expect(mine.data).toEqual([{ user_id: ALICE, product_id: [LAMP] }]);

    // Bob's update of Alice's row matches nothing: her row is invisible to him.
    const theirs = await bob.from('liked_products').update({ product_id: [] }).eq('user_id', ALICE).select();
    expect([theirs.status, theirs.data]).toEqual([200, []]);
    const unchanged = (await db.query<{ product_id: string[] }>(`select product_id from public.liked_products where user_id = '${ALICE}'`)).rows;
    expect(unchanged).toEqual([{ product_id: [LAMP] }]);
  });

  test('creating a row for someone else violates the policy: 403 for a signed-in user', async () => {
    await db.query(`delete from public.liked_products where user_id = '${BOB}'`);
    const { error, status } = await alice.from('liked_products').insert({ user_id: BOB, product_id: [LAMP] });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "liked_products"' });
  });

  test('anon cannot read liked_products at all', async () => {
    const { error, status } = await anon.from('liked_products').select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table liked_products' });
  });

  test('a user may change their profile name but not make themselves admin', async () => {
    const renamed = await alice.from('profiles').update({ full_name: 'Alice A.' }).eq('id', ALICE).select('full_name, is_admin').single();
    expect(renamed.data).toEqual({ full_name: 'Alice A.', is_admin: false });

    const promoted = await alice.from('profiles').update({ is_admin: true }).eq('id', ALICE);
    expect(promoted.status).toBe(403);
    expect(promoted.error).toMatchObject({ code: '42501' });
  });
});
