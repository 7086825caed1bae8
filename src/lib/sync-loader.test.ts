import { describe, expect, test } from 'vitest';
import { nextCursor, readChangedRows, WRITE_SETTLES_MS } from './sync-loader.ts';

/** A table of `rows` rows read in pages, recording which pages were asked for. */
function table(rows: number) {
  const asked: number[] = [];
  const readPage = async (from: number, to: number) => {
    asked.push(from);
    return Array.from({ length: Math.max(0, Math.min(to + 1, rows) - from) }, (_, i) => from + i);
  };
  return { asked, readPage };
}

describe('readChangedRows', () => {
  test('hands every row over in page order and counts them', async () => {
    const { readPage } = table(25);
    const seen: number[] = [];
    const count = await readChangedRows(readPage, async (rows) => void seen.push(...rows), { pageSize: 10, inFlight: 3 });
    expect(count).toBe(25);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  test('stops at the first page that is not full, having asked at most inFlight pages ahead', async () => {
    const { asked, readPage } = table(25);
    await readChangedRows(readPage, async () => undefined, { pageSize: 10, inFlight: 2 });
    expect(asked).toEqual([0, 10, 20, 30]);
  });

  test('a table that fills its last page exactly ends on the empty page after it', async () => {
    const { readPage } = table(20);
    const pages: number[][] = [];
    await readChangedRows(readPage, async (rows) => void pages.push(rows), { pageSize: 10, inFlight: 1 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 0]);
  });

  test('a failed read fails the sync, and a failed read ahead of the last page does not', async () => {
    const failing = async (from: number) => {
      if (from === 10) throw new Error('read failed');
      return from === 0 ? Array.from({ length: 10 }, (_, i) => i) : [];
    };
    await expect(readChangedRows(failing, async () => undefined, { pageSize: 10, inFlight: 1 })).rejects.toThrow('read failed');
    const shortFirst = async (from: number) => {
      if (from > 0) throw new Error('read ahead failed');
      return [1, 2, 3];
    };
    await expect(readChangedRows(shortFirst, async () => undefined, { pageSize: 10, inFlight: 3 })).resolves.toBe(3);
  });
});

describe('nextCursor', () => {
  const readAt = Date.parse('2026-11-27T12:00:00Z');

  test('a change older than a write can stay open is the cursor, to the microsecond', () => {
    expect(nextCursor('2026-11-27T11:58:59.123456+00:00', readAt)).toBe('2026-11-27T11:58:59.123456+00:00');
  });

  test('after a recent change the cursor stops where a write still open at the read may have begun', () => {
    expect(nextCursor('2026-11-27T11:59:30.5+00:00', readAt)).toBe(new Date(readAt - WRITE_SETTLES_MS).toISOString());
    expect(nextCursor(new Date(readAt - WRITE_SETTLES_MS).toISOString(), readAt)).toBe('2026-11-27T11:59:00.000Z');
  });

  test('nothing read leaves no cursor to save', () => {
    expect(nextCursor(undefined, readAt)).toBeUndefined();
  });
});
