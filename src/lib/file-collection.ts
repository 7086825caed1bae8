/**
 * A build-time collection kept in a file of its own (JSON lines) in Astro's cache folder and synced with
 * its table by syncCollection (sync-loader.ts), as a content collection would be, for a collection
 * too large for Astro's data store: that store is written whole with devalue after any change,
 * read back whole at each build start, and compiled into the server bundle as one module. At
 * 30,000 products that was some 10 s of every rebuild and a second copy of the catalogue in
 * memory while Vite bundles; here a rebuild reads one file and writes it again only when a row
 * changed. The file is a cache: without it (or from an older version) the first build reads
 * every row again.
 */
import { hash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { syncCollection, type SyncSource } from './sync-loader.ts';

/**
 * The file is read and written a line at a time, so a build never holds it whole as one string
 * (at 100,000 products the products' file is some 170 MB, and its text beside its parsed rows
 * was a good part of a rebuild's peak memory). The first line says what the file is, how many
 * entries follow and the sync's meta; each further line is one entry, `[id, digest, data]`.
 */
const FORMAT = 'giftshop/file-collection@2';

/**
 * Strings of up to this many characters are held once per read of a file: a catalogue repeats its
 * category ids, retailers, keywords and time stamps thousands of times, and JSON.parse makes each
 * occurrence a string of its own. At 30,000 products this took the parsed products from 88 to
 * 58 MB of heap and the prices from 57 to 37 MB, for some 0.2 s.
 */
const SHARED_STRING_MAX_LENGTH = 64;

interface Header {
  format: typeof FORMAT;
  /** How many entry lines follow: a file with fewer or more is not read. */
  count: number;
  meta: Record<string, string>;
}

interface Stored<T> {
  meta: Record<string, string>;
  entries: Map<string, { digest: string; data: T }>;
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
  const { entries, meta: storedMeta } = await readStored<T>(file);
  const meta = new Map(Object.entries(storedMeta));
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
  if (changed) await writeStored(file, { meta: Object.fromEntries(meta), entries });
  return [...entries.values()].map((entry) => entry.data);
}

/** The stored collection, or an empty one when there is no file or it cannot be read as one whole. */
async function readStored<T>(file: string): Promise<Stored<T>> {
  const empty = (): Stored<T> => ({ meta: {}, entries: new Map() });
  const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return empty();
  const stored = empty();
  const share = sharedStrings();
  let header: Header | undefined;
  try {
    for await (const line of handle.readLines({ encoding: 'utf8', autoClose: false })) {
      const value: unknown = JSON.parse(line);
      if (!header) {
        if (!isHeader(value)) return empty();
        header = value;
        stored.meta = header.meta;
      } else if (Array.isArray(value) && value.length === 3) {
        const [id, digest, data] = value as [string, string, T];
        stored.entries.set(id, { digest, data: share(data) });
      } else {
        return empty();
      }
    }
  } catch (error) {
    // Not a collection's file: read every row again.
    if (error instanceof SyntaxError) return empty();
    throw error;
  } finally {
    await handle.close();
  }
  // A file cut short (or with an entry twice) is not trusted: the rows it lacks would never be read again.
  return header && stored.entries.size === header.count ? stored : empty();
}

function isHeader(value: unknown): value is Header {
  const header = value as Partial<Header> | null;
  return header?.format === FORMAT && Number.isInteger(header.count) && typeof header.meta === 'object' && header.meta !== null;
}

/** A function that makes each short string within a parsed value the one string held for that text. */
function sharedStrings(): <V>(value: V) => V {
  const strings = new Map<string, string>();
  const held = (text: string) => {
    if (text.length > SHARED_STRING_MAX_LENGTH) return text;
    const kept = strings.get(text);
    if (kept !== undefined) return kept;
    strings.set(text, text);
    return text;
  };
  const share = (value: unknown): unknown => {
    if (typeof value === 'string') return held(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) value[i] = share(value[i]);
    } else if (typeof value === 'object' && value !== null) {
      const fields = value as Record<string, unknown>;
      for (const key in fields) fields[key] = share(fields[key]);
    }
    return value;
  };
  return share as <V>(value: V) => V;
}

/** Writes the file whole or not at all, a line at a time: a build stopped halfway leaves the old file. */
async function writeStored<T>(file: string, { meta, entries }: Stored<T>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const output = createWriteStream(temporary);
  const writeLine = async (value: unknown) => {
    if (!output.write(`${JSON.stringify(value)}\n`)) await once(output, 'drain');
  };
  try {
    await writeLine({ format: FORMAT, count: entries.size, meta } satisfies Header);
    for (const [id, { digest, data }] of entries) await writeLine([id, digest, data]);
    output.end();
    await finished(output);
  } catch (error) {
    output.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  await rename(temporary, file);
}
