/**
 * Migrations as hosted Supabase runs them. There the migrations run as the project's `postgres`
 * role, which is not a superuser: it has CREATEROLE, CREATEDB, REPLICATION and BYPASSRLS and owns
 * the public schema. So on PostgreSQL the tests apply the migrations as a role with those rights,
 * and a migration that needs a superuser fails here rather than at deploy time. PGlite is one
 * superuser session, so this is PostgreSQL's only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';

describe.runIf(testDatabaseKind() === 'postgres')('migrations as hosted Supabase runs them', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  test('the migrations are applied by a role with the rights of hosted Supabase\'s postgres, not a superuser', async () => {
    const { rows: [owner] } = await db.query(
      `select r.rolsuper as superuser, r.rolcreaterole as createrole, r.rolcreatedb as createdb,
              r.rolreplication as replication, r.rolbypassrls as bypassrls,
              pg_get_userbyid(n.nspowner) = r.rolname as owns_public
         from pg_class c join pg_roles r on r.oid = c.relowner, pg_namespace n
        where c.oid = 'public.products'::regclass and n.nspname = 'public'`,
    );
    expect(owner).toEqual({ superuser: false, createrole: true, createdb: true, replication: true, bypassrls: true, owns_public: true });
  });

  test('no function of the schema runs with a superuser\'s rights, as none does on hosted Supabase', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_roles r on r.oid = p.proowner
        where p.pronamespace = 'public'::regnamespace and r.rolsuper`,
    );
    expect(rows).toEqual([]);
  });

  test.each([
    ['a read of the server\'s files', `select pg_read_file('PG_VERSION')`],
    ['an extension hosted Supabase does not offer (file_fdw reads the server\'s files)', 'create extension file_fdw with schema extensions'],
    ['a function in C', `create function public.needs_superuser() returns void language c as 'needs_superuser', 'needs_superuser'`],
  ])('a migration with %s fails', async (_, sql) => {
    const needsSuperuser = { version: '29991231000000_needs_superuser', sql };
    const outcome = await openTestDatabase('postgres', { migrations: [needsSuperuser] }).then(
      async (migrated) => {
        await migrated.drop();
        return 'applied';
      },
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/^migration 29991231000000_needs_superuser failed: (must be superuser|permission denied)/);
  });
});
