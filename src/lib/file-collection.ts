/**
 * A build-time collection kept in a JSON file of its own in Astro's cache folder and synced with
 * its table by syncCollection (sync-loader.ts), as a content collection would be, for a collection
 * too large for Astro's data store: that store is written whole with devalue after any change,
 * read back whole at each build start, and compiled into the server bundle as one module. At
 * 30,000 products that was some 10 s of every rebuild and a second copy of the catalogue in
 * memory while Vite bundles; here a rebuild parses one JSON file and writes it again only when a
 * row changed. The file is a cache: without it (or from an older version) the first build reads
 * every row again.
 */
import { hash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncCollection, type SyncSource } from './sync-loader.ts';

interface Stored<T> {
  meta: Record<string, string>;
  /** [id, digest, data], in the order stored. */
  entries: [string, string, T][];
}

export interface FileCollectionOptions<T extends Record<string, unknown>> {
  /** The collection's name, in the build log ('products: 1 changed, 0 removed, 10000 in all'). */
  name: string;
  /** The file the collection is kept in between builds. */
  file: string;
  source: SyncSource<T>;
  /** Checks a row read from the source, as a content collection's schema does. */
  parse(data: unknown): T;
}

/** The collection's entries, in step with the source; the file is rewritten when any changed. */
export async function syncFileCollection<T extends Record<string, unknown>>({ name, file, source, parse }: FileCollectionOptions<T>): Promise<T[]> {
  const stored = await readStored<T>(file);
  const entries = new Map(stored.entries.map(([id, digest, data]) => [id, { digest, data }]));
  const meta = new Map(Object.entries(stored.meta));
  let changed = false;
  const write = <R>(change: () => R): R => {
    changed = true;
    return change();
  };
  await syncCollection(name, source, {
    store: {
      keys: () => [...entries.keys()],
      get: (id) => entries.get(id),
      set: ({ id, data, digest }) => write(() => entries.set(id, { data, digest })),
      delete: (id) => write(() => entries.delete(id)),
      clear: () => write(() => entries.clear()),
    },
    meta: {
      get: (key) => meta.get(key),
      set: (key, value) => write(() => meta.set(key, value)),
      delete: (key) => write(() => meta.delete(key)),
    },
    parseData: async ({ data }) => parse(data),
    generateDigest: (data) => hash('sha1', JSON.stringify(data), 'base64url'),
    logger: { info: (message) => console.log(`[file-collection:${name}] ${message}`) },
  });
  if (changed) {
    const next: Stored<T> = {
      meta: Object.fromEntries(meta),
      entries: [...entries].map(([id, { digest, data }]) => [id, digest, data]),
    };
    await writeAtomically(file, JSON.stringify(next));
  }
  return [...entries.values()].map((entry) => entry.data);
}

/** The stored collection, or an empty one when there is no file or it cannot be read as one. */
async function readStored<T>(file: string): Promise<Stored<T>> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  const empty: Stored<T> = { meta: {}, entries: [] };
  if (text === null) return empty;
  try {
    const stored = JSON.parse(text) as Partial<Stored<T>>;
    return Array.isArray(stored.entries) && typeof stored.meta === 'object' && stored.meta ? (stored as Stored<T>) : empty;
  } catch {
    // Not a collection's file: read every row again.
    return empty;
  }
}

/** Writes the file whole or not at all: a build stopped halfway leaves the old file. */
async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
