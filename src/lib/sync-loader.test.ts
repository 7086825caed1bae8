import { describe, expect, test } from 'vitest';
import type { ChangeMark } from './all-rows.ts';
import { nextCursor, readChangedRows, WRITE_SETTLES_MS } from './sync-loader.ts';

/** Changes `rows` rows long, one a second, read in pages after a change, recording where each page began. */
function changes(rows: number) {
  const all = Array.from({ length: rows }, (_, i) => ({ id: `row-${String(i).padStart(3, '0')}`, updatedAt: new Date(Date.UTC(2026, 10, 27, 0, 0, i)).toISOString() }));
  const asked: (string | undefined)[] = [];
  /** As the API answers: the changes after `after` in the order of changes (updatedAt, then id). */
  const readPage = async (after: ChangeMark | undefined, limit: number) => {
    asked.push(after?.id);
    const later = (row: ChangeMark) => !after || row.updatedAt > after.updatedAt || (row.updatedAt === after.updatedAt && row.id > after.id);
    return all.filter(later).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id)).slice(0, limit);
  };
  return { all, asked, readPage };
}

describe('readChangedRows', () => {
  test('hands every row over in order, each page read from the last row of the one before, and counts them', async () => {
    const { all, asked, readPage } = changes(25);
    const seen: string[] = [];
    const count = await readChangedRows(readPage, async (rows) => void seen.push(...rows.map((r) => r.id)), { pageSize: 10 });
    expect(count).toBe(25);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(asked).toEqual([undefined, 'row-009', 'row-019']);
  });

  test('asks for the next page before handing the one it has over', async () => {
    const { asked, readPage } = changes(25);
    const askedWhenTaken: number[] = [];
    await readChangedRows(readPage, async () => void askedWhenTaken.push(asked.length), { pageSize: 10 });
    expect(askedWhenTaken).toEqual([2, 3, 3]);
  });

  test('changes that fill their last page exactly end on the empty page after it', async () => {
    const { readPage } = changes(20);
    const pages: number[] = [];
    await readChangedRows(readPage, async (rows) => void pages.push(rows.length), { pageSize: 10 });
    expect(pages).toEqual([10, 10, 0]);
  });

  test('a row changed while the pages are read moves to the end and no other row is skipped', async () => {
    const { all, readPage } = changes(25);
    const seen: string[] = [];
    await readChangedRows(readPage, async (rows) => {
      seen.push(...rows.map((r) => r.id));
      // After the first page, its first row changes again: it is now the newest change.
      if (seen.length === 10) all.push({ ...all.shift()!, updatedAt: '2026-11-27T00:01:00.000Z' });
    }, { pageSize: 10 });
    expect(new Set(seen).size).toBe(25);
  });

  test('a row deleted while the pages are read skips no other row', async () => {
    const { all, readPage } = changes(25);
    const seen: string[] = [];
    await readChangedRows(readPage, async (rows) => {
      seen.push(...rows.map((r) => r.id));
      if (seen.length === 10) all.splice(3, 1);
    }, { pageSize: 10 });
    expect(seen.slice(10)).toEqual(all.slice(9).map((r) => r.id));
  });

  test('a failed read fails the sync', async () => {
    const failing = async (after: ChangeMark | undefined) => {
      if (after) throw new Error('read failed');
      return changes(10).all;
    };
    await expect(readChangedRows(failing, async () => undefined, { pageSize: 10 })).rejects.toThrow('read failed');
  });

  test('a page that cannot be handed over fails the sync, and the read ahead failing meanwhile is no unhandled rejection', async () => {
    const failing = async (after: ChangeMark | undefined) => {
      if (after) throw new Error('read ahead failed');
      return changes(10).all;
    };
    const refusing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('store refused');
    };
    await expect(readChangedRows(failing, refusing, { pageSize: 10 })).rejects.toThrow('store refused');
  });
});

describe('nextCursor', () => {
  const readAt = Date.parse('2026-11-27T12:00:00Z');

  test('a change older than a write can stay open is the cursor, to the microsecond', () => {
    expect(nextCursor('2026-11-27T11:58:59.123456+00:00', readAt)).toBe('2026-11-27T11:58:59.123456+00:00');
  });

  test('after a recent change the cursor stops where a write still open at the read may have begun', () => {
    const settled = new Date(readAt - WRITE_SETTLES_MS).toISOString();
    expect(nextCursor('2026-11-27T11:59:30.5+00:00', readAt)).toBe(settled);
    expect(nextCursor(settled, readAt)).toBe(settled);
    // Microseconds past that moment are past it, though milliseconds cannot tell.
    expect(nextCursor(`${settled.slice(0, -1)}500+00:00`, readAt)).toBe(settled);
  });

  test('nothing read leaves no cursor to save', () => {
    expect(nextCursor(undefined, readAt)).toBeUndefined();
  });
});
