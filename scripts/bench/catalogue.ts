/**
 * The benchmark catalogue: the demo (its categories, a few hundred products, every blog) topped
 * up with seedScale to N products, on embedded PGlite in a temporary folder or in a fresh
 * database on a PostgreSQL server. Both are seeded as of the same moment, so they hold the same
 * rows.
 *
 * Seeding 100,000 products into PGlite takes minutes, so the seeded PGlite folder is kept in
 * .cache/ under a key made of everything that shapes it (schema, seed code, product count, PGlite
 * version); a later run copies it instead of seeding. The PostgreSQL database is always new and
 * is dropped again by cleanup().
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db.ts';
import { migrate, readMigrations, schemaFingerprint } from '../../supabase/local/migrate.ts';
import { seedDemo } from '../../supabase/seed/demo.ts';
import { seedScale } from '../../supabase/seed/scale.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
export const CACHE_DIR = join(ROOT, '.cache');
const SEED_DIR = join(ROOT, 'supabase', 'seed');
const CACHE_PREFIX = 'bench-search-pglite-';

/** Both databases are seeded as of this moment, so their catalogues are identical and cacheable. */
export const SEED_NOW = new Date('2026-11-18T12:00:00Z');

export interface BenchCatalogue {
  db: Database;
  /** How the catalogue was made and how long it took. */
  origin: 'seeded' | 'cache';
  preparedMs: number;
  /** Where it lives, for the report (a PGlite folder or the database name). */
  where: string;
  /** Closes the database and removes it (the temporary folder, or the PostgreSQL database). */
  cleanup(): Promise<void>;
}

type Log = (message: string) => void;
/** Told of a cleanup as soon as there is something to clean up, so Ctrl+C during seeding can run it. */
export type Track = (cleanup: () => Promise<void>) => void;

/** Waits for work at most `ms`: closing a database waits for the transaction in flight, which may be a long seed. */
const atMost = (ms: number, work: Promise<unknown>) =>
  Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
}

/** A hash of every file of the seed generator (code and word lists). */
export async function seedFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(SEED_DIR)) {
    hash.update(relative(SEED_DIR, file)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** The cache key of a seeded PGlite catalogue of `products` products. */
export async function pgliteCacheKey(products: number): Promise<string> {
  const parts = [
    await schemaFingerprint(), String(products), await seedFingerprint(), await pgliteVersion(), SEED_NOW.toISOString(),
    // this module, which decides how the catalogue is seeded
    await readFile(new URL(import.meta.url), 'utf8'),
  ];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

/** Seeds an empty, migrated database: the demo, then scale products up to `products` in all. */
export async function seedCatalogue(db: Database, products: number, mediaDir: string, log: Log): Promise<void> {
  const demo = await seedDemo(db, { mediaDir, now: SEED_NOW });
  log(`demo: ${demo.products} products, ${demo.blogs} blogs in ${(demo.milliseconds / 1000).toFixed(1)} s`);
  const more = products - demo.products;
  if (more > 0) {
    const scale = await seedScale(db, { products: more, mediaDir, now: SEED_NOW });
    log(`scale: ${scale.products} more products in ${(scale.milliseconds / 1000).toFixed(1)} s`);
  }
}

/**
 * Leaves a freshly seeded database as a running shop's would be: statistics gathered, the new rows
 * vacuumed (hint bits and visibility map set, so the first searches do not write pages and
 * autovacuum does not start in the middle of the timing) and written out by a checkpoint.
 */
export async function settle(db: Database): Promise<void> {
  await db.exec('vacuum (analyze)');
  // A checkpoint needs superuser or pg_checkpoint; without either, the server does it in its own time.
  await db.exec('checkpoint').catch(() => undefined);
}

/** The product count and applied migrations a cached catalogue must have to be used. */
async function looksComplete(db: Database, products: number): Promise<boolean> {
  const { rows } = await db.query<{ products: number; migrations: number }>(
    `select (select count(*)::int from public.products) as products,
            (select count(*)::int from standin.schema_migrations) as migrations`,
  );
  return rows[0]?.products === products && rows[0]?.migrations === (await readMigrations()).length;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Forgets older catalogues of the same size (other sizes may still be in use) and copies left by stopped runs. */
async function pruneStaleCaches(products: number, keep: string, log: Log): Promise<void> {
  const entries = await readdir(CACHE_DIR).catch(() => [] as string[]);
  for (const entry of entries) {
    const partial = /\.partial-(\d+)$/.exec(entry);
    const stale = partial ? !running(Number(partial[1])) : entry.startsWith(`${CACHE_PREFIX}${products}-`) && entry !== keep;
    if (entry.startsWith(CACHE_PREFIX) && stale) {
      await rm(join(CACHE_DIR, entry), { recursive: true, force: true });
      log(`removed stale cache .cache/${entry}`);
    }
  }
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Which WAL segments a cleanly closed data folder needs: those up to the one being written when it
 * was closed, and the next (the shutdown checkpoint may spill into it). The rest are old segments
 * renamed for reuse — after seeding, about a gigabyte the copy would carry for nothing.
 */
async function walToKeep(dataDir: string, current: string): Promise<(path: string) => boolean> {
  const walDir = join(dataDir, 'pg_wal');
  const segments = (await readdir(walDir)).filter((name) => WAL_SEGMENT.test(name)).sort();
  const next = segments.find((name) => name > current);
  return (path) => {
    if (dirname(path) !== walDir || !WAL_SEGMENT.test(basename(path))) return true;
    return basename(path) <= current || basename(path) === next;
  };
}

/** Opens a copy of the cached catalogue, or answers null (and forgets the cache) when it is unusable. */
async function fromCache(cached: string, dataDir: string, products: number, log: Log): Promise<Database | null> {
  await cp(cached, dataDir, { recursive: true });
  let db: Database | undefined;
  try {
    db = await openPglite({ dataDir });
    if (await looksComplete(db, products)) return db;
    log('the cached catalogue is incomplete; seeding afresh');
  } catch (error) {
    log(`the cached catalogue does not open (${error instanceof Error ? error.message : String(error)}); seeding afresh`);
  }
  await db?.close().catch(() => undefined);
  await rm(cached, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  return null;
}

export async function pgliteCatalogue(products: number, log: Log, track: Track): Promise<BenchCatalogue> {
  const started = performance.now();
  const work = await mkdtemp(join(tmpdir(), 'giftshop-bench-pglite-'));
  const dataDir = join(work, 'data');
  const cacheName = `${CACHE_PREFIX}${products}-${await pgliteCacheKey(products)}`;
  const cached = join(CACHE_DIR, cacheName);
  let db: Database | undefined;
  const cleanup = async () => {
    await atMost(5000, db?.close() ?? Promise.resolve());
    db = undefined;
    await rm(work, { recursive: true, force: true });
  };
  track(cleanup);

  try {
    if (await exists(cached)) {
      log(`copying the seeded catalogue from .cache/${cacheName}`);
      db = (await fromCache(cached, dataDir, products, log)) ?? undefined;
      if (db) return { db, origin: 'cache', preparedMs: performance.now() - started, where: dataDir, cleanup };
    }

    db = await openPglite({ dataDir });
    await migrate(db);
    await seedCatalogue(db, products, join(work, 'media'), log);
    await settle(db);
    const wal = (await db.query<{ segment: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as segment')).rows[0]!.segment;
    // A cleanly closed folder is a complete snapshot; copied under a temporary name and renamed,
    // so a run stopped halfway never leaves a cache entry that looks finished.
    await db.close();
    db = undefined;
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${cached}.partial-${process.pid}`;
    await cp(dataDir, partial, { recursive: true, filter: await walToKeep(dataDir, wal) });
    await rename(partial, cached).catch(async (error: unknown) => {
      await rm(partial, { recursive: true, force: true });
      if (!(await exists(cached))) throw error;
    });
    await pruneStaleCaches(products, cacheName, log);
    log(`cached the seeded catalogue in .cache/${cacheName}`);
    db = await openPglite({ dataDir });
    return { db, origin: 'seeded', preparedMs: performance.now() - started, where: dataDir, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A database name we make ourselves, checked to need no quoting (letters, digits, underscores). */
const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
};

export async function postgresCatalogue(serverUrl: string, products: number, log: Log, track: Track): Promise<BenchCatalogue> {
  const started = performance.now();
  const name = identifier(`giftshop_bench_${process.pid}`);
  const work = await mkdtemp(join(tmpdir(), 'giftshop-bench-media-'));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let db: Database | undefined;
  const cleanup = async () => {
    await rm(work, { recursive: true, force: true });
    // Closed first so the drop does not cut live connections; forced, in case a seed is still running.
    await atMost(3000, db?.close() ?? Promise.resolve());
    db = undefined;
    const server = openPostgres(serverUrl, 1);
    try {
      await server.query(`drop database if exists ${name} with (force)`);
    } finally {
      await server.close();
    }
  };
  track(cleanup);

  try {
    const admin = openPostgres(serverUrl, 1);
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.close();
    }
    db = openPostgres(url.toString(), 4);
    await migrate(db);
    await seedCatalogue(db, products, work, log);
    return { db, origin: 'seeded', preparedMs: performance.now() - started, where: `database ${name}`, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
