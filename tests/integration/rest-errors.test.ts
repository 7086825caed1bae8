/**
 * What /rest/v1 answers when something is off: tokens, schemas, media types, methods, malformed
 * input of every kind (never a crash, never a stack trace), and a schema that changes while the
 * stand-in runs.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { clearSchemaCache } from '../../supabase/local/rest/handler.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const FIXTURES = `
  insert into public.categories (name, visible) values ('Shown', true), ('Hidden', false);
  insert into public.products (name, price, image_url) values ('Desk Lamp', 20, 'https://img.test/1.png');
`;

let db: TestDatabase;
let standIn: StandIn;
let anon: SupabaseClient;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
  await db.exec(FIXTURES);
  anon = createClient(standIn.url, standIn.anonKey, clientOptions);
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

function rest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${standIn.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: standIn.anonKey, ...(init.headers as Record<string, string> | undefined) },
  });
}

function withToken(token: string): SupabaseClient {
  return createClient(standIn.url, standIn.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });
}

describe('schema changes while running', () => {
  test('a table created after startup is found: an unknown name reloads the schema cache once', async () => {
    expect((await anon.from('categories').select('name')).error).toBeNull();
    await db.exec(`
      create table public.gift_notes (id bigint generated always as identity primary key, note text not null);
      alter table public.gift_notes enable row level security;
      create policy "Everyone reads notes" on public.gift_notes for select to anon using (true);
      grant select on public.gift_notes to anon;
      insert into public.gift_notes (note) values ('Wrap it nicely');
    `);
    const { data, error } = await anon.from('gift_notes').select('note');
    expect(error).toBeNull();
    expect(data).toEqual([{ note: 'Wrap it nicely' }]);
  });

  test('a new column is known after clearSchemaCache()', async () => {
    await db.exec(`alter table public.gift_notes add column mood text default 'happy'`);
    const stale = await anon.from('gift_notes').select('note, mood');
    expect(stale.error).toMatchObject({ code: '42703' });
    clearSchemaCache();
    const { data } = await anon.from('gift_notes').select('note, mood');
    expect(data).toEqual([{ note: 'Wrap it nicely', mood: 'happy' }]);
  });
});

describe('ambiguous relationships', () => {
  test('two foreign keys to one table are 300 PGRST201 until a hint picks one', async () => {
    await db.exec(`
      create table public.gift_swaps (id serial primary key,
        given uuid references public.products, received uuid references public.products);
      grant select on public.gift_swaps to anon;
    `);
    clearSchemaCache();
    const { error, status } = await anon.from('products').select('name, gift_swaps(id)');
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'products' and 'gift_swaps'",
      details: [
        { cardinality: 'one-to-many', embedding: 'products with gift_swaps', relationship: 'gift_swaps_given_fkey using products(id) and gift_swaps(given)' },
        { cardinality: 'one-to-many', embedding: 'products with gift_swaps', relationship: 'gift_swaps_received_fkey using products(id) and gift_swaps(received)' },
      ],
      hint: "Try changing 'gift_swaps' to one of the following: 'gift_swaps!gift_swaps_given_fkey', 'gift_swaps!gift_swaps_received_fkey'. Find the desired relationship in the 'details' key.",
    });
    const hinted = await anon.from('products').select('name, gift_swaps!given(id)');
    expect(hinted.data).toEqual([{ name: 'Desk Lamp', gift_swaps: [] }]);
  });
});

describe('overloaded functions', () => {
  test('the argument names choose the overload; indistinguishable ones are 300 PGRST203', async () => {
    await db.exec(`
      create function public.gift_label(name text) returns text language sql as $$ select 'For ' || name $$;
      create function public.gift_label(name text, loud boolean) returns text language sql
        as $$ select case when loud then upper('For ' || name) else 'For ' || name end $$;
      create function public.gift_tag(x integer) returns text language sql as $$ select 'int' $$;
      create function public.gift_tag(x text) returns text language sql as $$ select 'text' $$;
      grant execute on function public.gift_label(text), public.gift_label(text, boolean),
        public.gift_tag(integer), public.gift_tag(text) to anon;
    `);
    clearSchemaCache();
    expect((await anon.rpc('gift_label', { name: 'Ada' })).data).toBe('For Ada');
    expect((await anon.rpc('gift_label', { name: 'Ada', loud: true })).data).toBe('FOR ADA');
    const { error, status } = await anon.rpc('gift_tag', { x: 1 });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.gift_tag(x => integer), public.gift_tag(x => text)',
    });
  });
});

describe('tokens', () => {
  test('an expired token is 401 PGRST303', async () => {
    const { error, status } = await withToken(signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 })).from('categories').select('name');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
  });

  test('a token signed with another secret, or not a token at all, is 401 PGRST301', async () => {
    const forged = await withToken(signJwt({ role: 'service_role', exp: inAnHour() }, 'another-secret')).from('categories').select('name');
    expect(forged.status).toBe(401);
    expect(forged.error).toMatchObject({ code: 'PGRST301' });

    const garbage = await withToken('not-a-jwt').from('categories').select('name');
    expect(garbage.status).toBe(401);
    expect(garbage.error).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
  });

  test('the 401 tells the client why in WWW-Authenticate', async () => {
    const res = await rest('categories', { headers: { authorization: `Bearer ${signJwt({ role: 'anon', exp: 1 })}` } });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"');
  });

  test('a role the API does not have is 401', async () => {
    const { error, status } = await withToken(signJwt({ role: 'postgres', exp: inAnHour() })).from('categories').select('name');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '22023', message: 'role "postgres" does not exist' });
  });

  test('a token without a role claim reads as anon', async () => {
    const { data } = await withToken(signJwt({ iss: 'elsewhere', exp: inAnHour() })).from('categories').select('name');
    expect(data).toEqual([{ name: 'Shown' }]);
  });

  test('the bearer token, not the apikey header, decides the role', async () => {
    const { data } = await withToken(standIn.serviceKey).from('categories').select('name').order('name');
    expect(data).toEqual([{ name: 'Hidden' }, { name: 'Shown' }]);
  });
});

describe('request shape', () => {
  test('only the public schema is exposed: PGRST106', async () => {
    const other = createClient(standIn.url, standIn.anonKey, { ...clientOptions, db: { schema: 'auth' } });
    const { error, status } = await other.from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public' });
  });

  test('an unavailable media type is 406 PGRST107', async () => {
    const res = await rest('categories', { headers: { accept: 'text/csv' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: text/csv' });
  });

  test('functions take only GET, HEAD and POST: PGRST101', async () => {
    const res = await rest('rpc/audience_set', { method: 'PATCH', body: '{}' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' });
  });

  test('a nested path is PGRST125', async () => {
    const res = await rest('categories/1');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PGRST125' });
  });

  test('a bad value for a column type is the database\'s 400', async () => {
    const { error, status } = await anon.from('products').select('name').eq('id', 'not-a-uuid');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' });
  });

  test('responses carry Content-Type and, when asked, Content-Profile', async () => {
    const res = await rest('categories?select=name', { headers: { 'accept-profile': 'public' } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-profile')).toBe('public');
  });
});

describe('malformed input', () => {
  const deep = (n: number) => `${'a('.repeat(n)}b${')'.repeat(n)}`;
  const cases: Array<[string, RequestInit?]> = [
    ['products?select=*,,'],
    ['products?select=name->>'],
    ['products?select=('],
    ['products?select="'],
    [`products?select=${deep(200)}`],
    [`products?or=${'or('.repeat(200)}a.eq.1${')'.repeat(200)}`],
    ['products?select=name::no_such_type'],
    ['products?select=name::text;drop table products'],
    ['products?price=gt.abc'],
    ['products?name=eq.%00'],
    ['products?id=in.("a'],
    ['products?or=(name.eq.a'],
    ['products?%22weird%22col=eq.1'],
    ['products?order=name.sideways'],
    ['products?select=name&limit=abc&offset=-5'],
    ['products?select=%E0%A4%A'],
    ['products?select=name,categories(*)'],
    ['products', { method: 'POST', body: 'null' }],
    ['products', { method: 'POST', body: '[1,2,3]' }],
    ['products', { method: 'POST', body: '{"name":' }],
    ['products', { method: 'PATCH', body: '' }],
    ['rpc/audience_set', { method: 'POST', body: '[1,2]' }],
    ['rpc/audience_set', { method: 'POST', body: '{"gender":{"deep":[1,2]}}' }],
    ['rpc/audience_set?gender=%00'],
    ['rpc/', { method: 'POST' }],
  ];

  test.each(cases)('%s never crashes and answers in PostgREST\'s error shape', async (path, init) => {
    const res = await rest(path, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${standIn.serviceKey}` } });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  test('the stand-in still answers after all of that', async () => {
    expect((await anon.from('categories').select('name')).data).toEqual([{ name: 'Shown' }]);
  });
});

describe('input the fuzz tests found', () => {
  const service = (path: string, init: RequestInit = {}) =>
    rest(path, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${standIn.serviceKey}`, ...(init.headers as Record<string, string> | undefined) } });

  test('a boolean that is not one, as a GET argument or a filter, is Postgres\'s 400 (PGlite threw a 500)', async () => {
    for (const path of ['rpc/popular_products?fallback=maybe', 'categories?visible=eq.maybe']) {
      const res = await service(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ code: '22P02', message: expect.stringContaining('invalid input syntax for type boolean') });
    }
  });

  test('PATCH with an empty body and a filter changes nothing and is not a 503', async () => {
    const res = await service('products?or=(name.eq.Desk%20Lamp)', { method: 'PATCH', body: '{}' });
    expect(res.status).toBe(204);
    expect((await anon.from('products').select('name')).data).toEqual([{ name: 'Desk Lamp' }]);
  });

  test('a write to a view Postgres cannot write through is 405', async () => {
    const res = await service('analytics', { method: 'POST', body: '[]' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: '55000' });
  });

  test('an array literal of more than 6 dimensions, or a search of too many operators, is a 400', async () => {
    expect((await service('products?category_ids=cs.{{{{{{{1}}}}}}}')).status).toBe(400);
    expect((await service(`products?name=fts.${'!'.repeat(300)}a`)).status).toBe(400);
  });

  test('values nested past what Postgres parses are refused before they reach it, and the stand-in keeps answering', async () => {
    const deep = (n: number, open: string, close: string) => `${open.repeat(n)}a${close.repeat(n)}`;
    // On PGlite these overflowed Postgres's stack: a 500, and after a few the stand-in stopped answering.
    for (let round = 0; round < 3; round++) {
      const regex = await service(`products?name=match.${encodeURIComponent(deep(3000, '(', ')'))}`);
      expect(regex.status).toBe(400);
      expect(await regex.json()).toMatchObject({ code: 'PGRST100' });
      const json = await service('rpc/audience_set', { method: 'POST', body: `{"gender":${deep(20_000, '[', ']').replace('a', '')}}` });
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ code: 'PGRST102', message: 'The JSON body nests deeper than 256 levels' });
      const write = await service('products', { method: 'POST', body: `{"media_urls":${deep(20_000, '[', ']').replace('a', '')}}` });
      expect(write.status).toBe(400);
    }
    expect((await anon.from('categories').select('name')).data).toEqual([{ name: 'Shown' }]);
  });
});
