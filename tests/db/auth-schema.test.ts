/**
 * The stand-in's auth schema is hosted Supabase Auth's (tests/support/hosted-auth-schema.ts): the
 * same columns with the same types, defaults and nullability, the same unique keys, and so the
 * same failures when something writes into it as the auth server would not (the migrations'
 * triggers on auth.users run against this shape).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTED_AUTH_TABLES, HOSTED_AUTH_UNIQUE_INDEXES, type HostedColumn } from '../support/hosted-auth-schema.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function columnsOf(table: string): Promise<HostedColumn[]> {
  const { rows } = await db.query<{ name: string; type: string; def: string | null; not_null: boolean; generated: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, pg_get_expr(d.adbin, d.adrelid) as def,
            a.attnotnull as not_null, a.attgenerated::text as generated
       from pg_attribute a
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [`auth.${table}`],
  );
  return rows.map((r): HostedColumn => {
    const column: HostedColumn = [r.name, r.type, r.def, r.not_null ? 'not null' : 'null'];
    if (r.generated === 's') column.push('generated');
    return column;
  });
}

describe('auth tables as hosted Supabase Auth has them', () => {
  test.each(Object.keys(HOSTED_AUTH_TABLES))('auth.%s has hosted columns: names, types, defaults, nullability', async (table) => {
    expect(await columnsOf(table)).toEqual(HOSTED_AUTH_TABLES[table]);
  });

  test('the unique keys are hosted ones: email unique among non-SSO users, identities by (provider_id, provider)', async () => {
    const { rows } = await db.query<{ name: string; def: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indisunique and c.relname = any($1::text[])`,
      [Object.keys(HOSTED_AUTH_UNIQUE_INDEXES)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.def]))).toEqual(HOSTED_AUTH_UNIQUE_INDEXES);
  });
});

describe('writing into auth.users as hosted Supabase does', () => {
  test('a user without an id is refused: the auth server, not the table, supplies ids', async () => {
    await expect(
      db.query(`insert into auth.users (email) values ('no-id@example.com')`),
    ).rejects.toMatchObject({ code: '23502', message: expect.stringContaining('"id"') });
  });

  test('confirmed_at is generated from the confirmation times and cannot be written', async () => {
    const id = randomUUID();
    await db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, '2026-11-01T10:00:00Z')`, [
      id,
      `${id}@example.com`,
    ]);
    const { rows } = await db.query<{ confirmed_at: Date }>('select confirmed_at from auth.users where id = $1', [id]);
    expect(rows[0]?.confirmed_at.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    await expect(db.query('update auth.users set confirmed_at = now() where id = $1', [id])).rejects.toMatchObject({ code: '428C9' });
  });

  test('one address belongs to one non-SSO user, while SSO users may share it', async () => {
    const email = `shared.${randomUUID()}@example.com`;
    await db.query('insert into auth.users (id, email) values ($1, $2)', [randomUUID(), email]);
    await expect(db.query('insert into auth.users (id, email) values ($1, $2)', [randomUUID(), email])).rejects.toMatchObject({
      code: '23505',
    });
    await db.query('insert into auth.users (id, email, is_sso_user) values ($1, $2, true)', [randomUUID(), email]);
  });

  test('the sign-up trigger makes the profile from the hosted row shape', async () => {
    const id = randomUUID();
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '{"full_name": "Hana Host"}', now(), now())`,
      [id, `${id}@example.com`],
    );
    const { rows } = await db.query('select email, full_name from public.profiles where id = $1', [id]);
    expect(rows).toEqual([{ email: `${id}@example.com`, full_name: 'Hana Host' }]);
  });

  test("an identity's email is generated, lower-cased, from its identity data", async () => {
    const id = randomUUID();
    await db.query('insert into auth.users (id, email) values ($1, $2)', [id, `${id}@example.com`]);
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1, $2, $3::jsonb, 'email')`,
      [id, id, JSON.stringify({ sub: id, email: `Mixed.${id}@Example.com` })],
    );
    const { rows } = await db.query<{ email: string }>('select email from auth.identities where user_id = $1', [id]);
    expect(rows).toEqual([{ email: `mixed.${id}@example.com` }]);
  });
});
