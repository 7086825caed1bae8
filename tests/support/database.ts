/**
 * Fresh, migrated databases for tests.
 *
 * TEST_DB=pglite (default): an embedded PGlite started from a cached snapshot of a migrated
 * database (initdb and the migrations run once per schema change, not once per test file).
 * TEST_DB=postgres: a new database on the PostgreSQL server at TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), migrated, and dropped again by drop().
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dumpPglite, openPglite, openPostgres, type Database } from '../../supabase/local/db.ts';
import { migrate, schemaFingerprint } from '../../supabase/local/migrate.ts';

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

export async function openTestDatabase(kind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
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
  await migrate(db);
  return Object.assign(db, {
    async drop() {
      await db.close();
      const server = openPostgres(SERVER_URL, 1);
      await server.query(`drop database if exists ${name} with (force)`);
      await server.close();
    },
  });
}
