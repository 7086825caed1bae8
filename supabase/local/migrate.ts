/**
 * Brings a database up to date: the local platform SQL (what hosted Supabase already has), then
 * every migration in supabase/migrations not yet applied, each in its own transaction, in name
 * order. Applied versions are recorded in standin.schema_migrations with a checksum, so a migration
 * edited after it was applied is reported instead of silently leaving the database behind.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './db.ts';

const root = new URL('../', import.meta.url).pathname;
export const PLATFORM_SQL = join(root, 'local', 'platform.sql');
export const MIGRATIONS_DIR = join(root, 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

export async function readMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: await readFile(join(MIGRATIONS_DIR, file), 'utf8'),
    })),
  );
}

/** A fingerprint of the platform SQL and all migrations, to key cached database snapshots. */
export async function schemaFingerprint(): Promise<string> {
  const hash = createHash('sha256').update(await readFile(PLATFORM_SQL, 'utf8'));
  for (const m of await readMigrations()) hash.update(m.version).update(m.sql);
  return hash.digest('hex').slice(0, 16);
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** Applies the platform SQL and pending migrations; returns the versions it applied. */
export async function migrate(db: Database): Promise<string[]> {
  await applyPlatform(db);
  return applyMigrations(db);
}

/** What hosted Supabase has before any migration runs (a superuser's work there too). */
export async function applyPlatform(db: Database): Promise<void> {
  await db.exec(await readFile(PLATFORM_SQL, 'utf8'));
}

/**
 * Applies the pending migrations (by default those of supabase/migrations), as whoever `db` is
 * connected as: on hosted Supabase that is its `postgres` role, which is not a superuser
 * (tests/support/database.ts connects as its like).
 */
export async function applyMigrations(db: Database, migrations?: Migration[]): Promise<string[]> {
  await db.exec(`
    create table if not exists standin.schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    );
    alter table standin.schema_migrations add column if not exists checksum text`);
  const done = new Map(
    (await db.query<{ version: string; checksum: string | null }>('select version, checksum from standin.schema_migrations')).rows.map(
      (r) => [r.version, r.checksum],
    ),
  );
  const applied: string[] = [];
  for (const migration of migrations ?? (await readMigrations())) {
    if (done.has(migration.version)) {
      const recorded = done.get(migration.version);
      if (recorded && recorded !== checksum(migration.sql)) {
        throw new Error(
          `Migration ${migration.version} was changed after it was applied to this database. ` +
            'Applied migrations must not be edited: add a new migration instead. For the local database, `npm run db:reset` starts it again.',
        );
      }
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('insert into standin.schema_migrations (version, checksum) values ($1, $2)', [
          migration.version,
          checksum(migration.sql),
        ]);
      });
    } catch (error) {
      throw new Error(`migration ${migration.version} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(migration.version);
  }
  return applied;
}
