/**
 * Keeps a build-time collection in step with a database table across builds (syncCollection), as
 * a content-collection loader (syncLoader) or in a file of its own (file-collection.ts): the first
 * build reads every row; later builds read only rows changed since the cursor saved in the meta
 * store, and drop entries whose row is gone. A rebuild after one admin edit therefore reads one
 * row, not the catalogue.
 *
 * A row's updated_at is the start of the transaction that wrote it (now()), so a transaction can
 * commit after a build has read rows stamped later than its own: a price import that began before
 * an admin's save and ends after the rebuild that save set off. The cursor therefore never passes
 * the moment a write still open at the read may have begun (nextCursor), and the rows of the last
 * minute before it are read again by the next build, which stores only those that differ.
 */
import type { Loader } from 'astro/loaders';
import { API_MAX_ROWS, type ChangeMark } from './all-rows.ts';

export interface SyncSource<T extends Record<string, unknown>> {
  /**
   * Up to `limit` rows changed after `cursor` (all rows when undefined), oldest change first, ties
   * by id, starting after the change `after` (from the first when undefined).
   */
  changedSince(cursor: string | undefined, after: ChangeMark | undefined, limit: number): Promise<(ChangeMark & { data: T })[]>;
  /** The ids of every row that exists now. */
  allIds(): Promise<string[]>;
}

/** Rows per read (the API's cap on rows per request). */
export const PAGE_SIZE = API_MAX_ROWS;

/**
 * Longer than any write to the catalogue can stay open (ms): every write reaches the database
 * through the API as one statement in its own transaction, and hosted Supabase stops a statement
 * after 8 s (the `authenticator` role's statement_timeout; the longest write, a 100,000-row price
 * feed's apply_price_import, takes a few seconds). The rest is room for clocks that differ between
 * the build's machine and the database.
 */
export const WRITE_SETTLES_MS = 60_000;

/**
 * The cursor to save after a read that began at `readStartedMs` (the build's clock) and saw rows
 * changed up to `latest`: `latest` itself when it is older than WRITE_SETTLES_MS before the read,
 * else that moment, so a transaction that commits later, stamped at its start, is still after it.
 */
export function nextCursor(latest: string | undefined, readStartedMs: number): string | undefined {
  if (latest === undefined) return undefined;
  const settled = readStartedMs - WRITE_SETTLES_MS;
  // Date.parse keeps milliseconds of PostgreSQL's microseconds: an equal millisecond counts as not yet settled.
  return Date.parse(latest) < settled ? latest : new Date(settled).toISOString();
}

// Bump when the shape of stored entries changes, so old stores are rebuilt from scratch.
const STORE_VERSION = '2'; // 2: products carry their price badges

/**
 * Every row changed after `cursor`, read page by page (each from the last row of the one before,
 * asked for as soon as that page has come) and handed to `take` in order; stops at the first page
 * that is not full.
 */
export async function readChangedRows<R extends ChangeMark>(
  readPage: (after: ChangeMark | undefined, limit: number) => Promise<R[]>,
  take: (rows: R[]) => Promise<void>,
  { pageSize = PAGE_SIZE } = {},
): Promise<number> {
  let count = 0;
  let next = readPage(undefined, pageSize);
  for (;;) {
    const rows = await next;
    const full = rows.length >= pageSize;
    if (full) {
      next = readPage(rows.at(-1), pageSize);
      // Should handing this page over fail, the read ahead's own failure must not go unheard and crash the build.
      next.catch(() => undefined);
    }
    await take(rows);
    count += rows.length;
    if (!full) return count;
  }
}

/** What a sync keeps between builds: Astro's data and meta stores, or a file collection's (file-collection.ts). */
export interface SyncContext<T extends Record<string, unknown>> {
  store: {
    keys(): string[];
    get(id: string): { digest?: string | number } | undefined;
    set(entry: { id: string; data: T; digest: string }): unknown;
    delete(id: string): void;
    clear(): void;
  };
  meta: {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
    delete(key: string): void;
  };
  parseData(entry: { id: string; data: T }): Promise<T>;
  generateDigest(data: T): string;
  logger: { info(message: string): void };
}

/** Brings the stored entries of `name` in step with its table (see the top of this file). */
export async function syncCollection<T extends Record<string, unknown>>(
  name: string,
  source: SyncSource<T>,
  { store, meta, parseData, generateDigest, logger }: SyncContext<T>,
): Promise<void> {
  if (meta.get('version') !== STORE_VERSION) {
    store.clear();
    meta.delete('cursor');
    meta.set('version', STORE_VERSION);
  }
  const cursor = meta.get('cursor');
  const readStarted = Date.now();
  // Entries only a previous build stored may belong to rows deleted since.
  const mayHoldDeleted = store.keys().length > 0;
  // The newest change read, as the API wrote it: the last row, as rows come oldest change first.
  let latest: string | undefined;
  let changed = 0;
  await readChangedRows(
    (after, limit) => source.changedSince(cursor, after, limit),
    async (rows) => {
      for (const row of rows) {
        const data = await parseData({ id: row.id, data: row.data });
        const digest = generateDigest(data);
        // A row read again (nextCursor) is most often one the store holds already: only a different one counts.
        if (store.get(row.id)?.digest !== digest) {
          store.set({ id: row.id, data, digest });
          changed += 1;
        }
      }
      latest = rows.at(-1)?.updatedAt ?? latest;
    },
  );

  // A store that was empty holds only rows just read: no id scan needed (the first build's case).
  let removed = 0;
  if (mayHoldDeleted) {
    const existing = new Set(await source.allIds());
    for (const id of store.keys()) {
      if (!existing.has(id)) {
        store.delete(id);
        removed += 1;
      }
    }
  }
  // The cursor moves only with the store: any write makes the store be written whole again (Astro's
  // data store, or the collection's file), and a cursor left behind only means a few rows read again.
  const next = nextCursor(latest, readStarted);
  if (changed + removed > 0 && next !== undefined && next !== cursor) meta.set('cursor', next);
  logger.info(`${name}: ${changed} changed, ${removed} removed, ${store.keys().length} in all`);
}

/** A content-collection loader that syncs the collection with syncCollection. */
export function syncLoader<T extends Record<string, unknown>>(name: string, source: SyncSource<T>): Loader {
  return {
    name: `sync-loader:${name}`,
    load: (context) => syncCollection(name, source, context),
  };
}
