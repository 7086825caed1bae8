/**
 * Fresh, migrated databases for tests.
 *
 * TEST_DB=pglite (default): an embedded PGlite started from a cached snapshot of a migrated
 * database (initdb and the migrations run once per schema change, not once per test file).
 * TEST_DB=postgres: a new database on the PostgreSQL server at TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), migrated, and dropped again by drop(). The platform
 * SQL runs as that URL's superuser, the migrations as HOSTED_POSTGRES, a role with only the rights
 * hosted Supabase's `postgres` has, so a migration that needs a superuser fails here, not at deploy
 * time. The tests themselves connect as the superuser (fixtures are written past row-level security).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dumpPglite, openPglite, openPostgres, type Database } from '../../supabase/local/db.ts';
import { applyMigrations, applyPlatform, migrate, schemaFingerprint, type Migration } from '../../supabase/local/migrate.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase extends Database {
  /** Closes the database and removes it (a no-op beyond closing for PGlite). */
  drop(): Promise<void>;
}

export const testDatabaseKind = (): TestDatabaseKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const CACHE_DIR = join(new URL('../../', import.meta.url).pathname, '.cache');
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function pgliteSnapshot(): Promise<Blob> {
  const file = join(CACHE_DIR, `pglite-migrated-${await schemaFingerprint()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const db = await openPglite();
    await migrate(db);
    const dump = await dumpPglite(db);
    await db.close();
    await mkdir(CACHE_DIR, { recursive: true });
    // Written under a temporary name first: test files start in parallel and may race here.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

/**
 * The role the migrations run as on PostgreSQL: what hosted Supabase's `postgres` role may do. It
 * is not a superuser; it has CREATEROLE, CREATEDB, REPLICATION and BYPASSRLS, owns the public
 * schema, may use (not create in) the auth schema and has every right on its tables (foreign keys
 * to auth.users, triggers on it), and gets the platform's default grants to the API roles on what
 * it creates in public. Trusted extensions (pg_trgm, unaccent) it may create; others it may not.
 * Roles are the server's, not one database's: it is created once and kept. It logs in without a
 * password, as the test server's trust authentication allows.
 */
export const HOSTED_POSTGRES = 'hosted_postgres';

const HOSTED_POSTGRES_ROLE = `
  do $$
  begin
    create role ${HOSTED_POSTGRES} login nosuperuser createrole createdb replication bypassrls;
  exception
    -- Test files open their databases at the same time: another one has just created it.
    when duplicate_object or unique_violation then null;
  end
  $$`;

/** What the platform gives HOSTED_POSTGRES in one database, after the platform SQL. */
const hostedPostgresRights = (database: string) => `
  grant all on database ${database} to ${HOSTED_POSTGRES};
  alter schema public owner to ${HOSTED_POSTGRES};
  grant all on schema extensions to ${HOSTED_POSTGRES};
  grant usage on schema auth to ${HOSTED_POSTGRES};
  grant all on all tables in schema auth to ${HOSTED_POSTGRES};
  grant all on all sequences in schema auth to ${HOSTED_POSTGRES};
  grant execute on all functions in schema auth to ${HOSTED_POSTGRES};
  -- The stand-in's record of applied migrations (on hosted Supabase, supabase_migrations).
  grant usage, create on schema standin to ${HOSTED_POSTGRES};
  alter default privileges for role ${HOSTED_POSTGRES} in schema public
    grant all on tables to anon, authenticated, service_role;
  alter default privileges for role ${HOSTED_POSTGRES} in schema public
    grant all on sequences to anon, authenticated, service_role;
  alter default privileges for role ${HOSTED_POSTGRES} in schema public
    grant all on functions to anon, authenticated, service_role;`;

export interface TestDatabaseOptions {
  /** Apply these instead of supabase/migrations (a migration under test). */
  migrations?: Migration[];
}

export async function openTestDatabase(kind = testDatabaseKind(), options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    if (options.migrations) {
      const db = await openPglite();
      await applyPlatform(db);
      await applyMigrations(db, options.migrations);
      return Object.assign(db, { drop: () => db.close() });
    }
    const db = await openPglite({ loadDataDir: await pgliteSnapshot() });
    return Object.assign(db, { drop: () => db.close() });
  }
  const name = `giftshop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(SERVER_URL, 1);
  await admin.query(`create database ${name}`);
  await admin.close();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  const drop = async () => {
    await db.close();
    const server = openPostgres(SERVER_URL, 1);
    await server.query(`drop database if exists ${name} with (force)`);
    await server.close();
  };
  try {
    await applyPlatform(db);
    await db.exec(HOSTED_POSTGRES_ROLE);
    await db.exec(hostedPostgresRights(name));
    url.username = HOSTED_POSTGRES;
    url.password = '';
    const migrator = openPostgres(url.toString(), 1);
    try {
      await applyMigrations(migrator, options.migrations);
    } finally {
      await migrator.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return Object.assign(db, { drop });
}
