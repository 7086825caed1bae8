import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'astro/zod';
import type { ChangeMark } from './all-rows.ts';
import { syncFileCollection } from './file-collection.ts';

const rowSchema = z.object({ id: z.string(), name: z.string() });
type Row = z.infer<typeof rowSchema>;

/** A table as the sync reads it: rows with the moment each last changed, read in pages of changes. */
function table(count: number) {
  const rows = new Map<string, { updatedAt: string; data: Row }>();
  let clock = Date.UTC(2026, 0, 1);
  const write = (data: Row) => rows.set(data.id, { updatedAt: new Date((clock += 1000)).toISOString(), data });
  for (let i = 0; i < count; i++) write({ id: `row-${i}`, name: `Row ${i}` });
  const reads = { changed: 0 };
  const source = {
    changedSince: async (cursor: string | undefined, after: ChangeMark | undefined, limit: number) => {
      const later = (mark: ChangeMark) => !after || mark.updatedAt > after.updatedAt || (mark.updatedAt === after.updatedAt && mark.id > after.id);
      const changed = [...rows.values()]
        .map(({ updatedAt, data }) => ({ id: data.id, updatedAt, data }))
        .filter((row) => (!cursor || row.updatedAt > cursor) && later(row))
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id))
        .slice(0, limit);
      reads.changed += changed.length;
      return changed;
    },
    allIds: async () => [...rows.keys()],
  };
  return { rows, write, source, reads };
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-collection-'));
  file = join(dir, 'cache', 'rows.json');
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The file's lines: a header, then an entry each. */
const storedLines = async () => (await readFile(file, 'utf8')).trimEnd().split('\n');
const storedEntries = async () => (await storedLines()).slice(1);
const writeLines = (lines: string[]) => writeFile(file, `${lines.join('\n')}\n`);
const sync = (source: ReturnType<typeof table>['source']) => syncFileCollection({ name: 'rows', file, source, parse: (data) => rowSchema.parse(data) });
const names = (rows: Row[]) => rows.map((r) => r.name).sort();

describe('syncFileCollection', () => {
  test('the first build reads every row and keeps them in its file', async () => {
    const { source } = table(1500);
    expect(await sync(source)).toHaveLength(1500);
    expect(await storedEntries()).toHaveLength(1500);
  });

  test('a later build reads only the rows changed since, and the next build sees them', async () => {
    const { source, write, reads } = table(50);
    await sync(source);
    write({ id: 'row-7', name: 'Renamed' });
    write({ id: 'row-new', name: 'New' });
    reads.changed = 0;
    const rows = await sync(source);
    expect(reads.changed).toBe(2);
    expect(rows).toHaveLength(51);
    expect(rows.find((r) => r.id === 'row-7')?.name).toBe('Renamed');
    reads.changed = 0;
    expect(names(await sync(source))).toEqual(names(rows));
    expect(reads.changed).toBe(0);
  });

  test('a build with nothing changed leaves the file as it was', async () => {
    const { source } = table(10);
    await sync(source);
    const before = await stat(file);
    await sync(source);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  test('a deleted row leaves the collection', async () => {
    const { source, rows } = table(10);
    await sync(source);
    rows.delete('row-3');
    const synced = await sync(source);
    expect(synced.map((r) => r.id)).not.toContain('row-3');
    expect(await storedEntries()).toHaveLength(9);
  });

  test('a file that is not a collection is read again from the table', async () => {
    const { source } = table(10);
    await sync(source);
    await writeFile(file, '{"entries": [');
    expect(await sync(source)).toHaveLength(10);
  });

  test('a file cut short is read again from the table, with the rows it lost', async () => {
    const { source, reads } = table(10);
    await sync(source);
    await writeLines((await storedLines()).slice(0, -3));
    reads.changed = 0;
    expect(names(await sync(source))).toHaveLength(10);
    expect(reads.changed).toBe(10);
    expect(await storedEntries()).toHaveLength(10);
  });

  test('a file with a line that is no entry is read again from the table', async () => {
    const { source, reads } = table(10);
    await sync(source);
    const lines = await storedLines();
    lines[4] = '{"id": "row-3"}';
    await writeLines(lines);
    reads.changed = 0;
    expect(await sync(source)).toHaveLength(10);
    expect(reads.changed).toBe(10);
  });

  test('a row the schema refuses fails the sync and leaves the file as it was', async () => {
    const { source, rows } = table(10);
    await sync(source);
    const kept = await readFile(file, 'utf8');
    rows.set('row-bad', { updatedAt: '2027-01-01T00:00:00.000Z', data: { id: 'row-bad', name: 42 } as unknown as Row });
    await expect(sync(source)).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe(kept);
  });
});
