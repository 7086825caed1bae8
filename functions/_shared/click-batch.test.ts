import { describe, expect, test } from 'vitest';
import { BatchQueueFull, createBatcher } from './click-batch.ts';

/** A write whose batches finish only when the test says so. */
function controlledWrite() {
  const batches: { items: number[]; finish(): void; fail(error: Error): void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, finish: () => resolve(items.map((i) => `stored ${i}`)), fail: reject });
    });
  return { write, batches };
}

/** Lets deferred starts and settled promises run (a few turns of the event loop). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('createBatcher', () => {
  test('a lone item is written at once, in a batch of its own', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const stored = batcher.submit(1);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    await expect(stored).resolves.toBe('stored 1');
  });

  test('items submitted together go in one write, and each caller gets its own outcome', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const answers = [1, 2, 3].map((i) => batcher.submit(i));
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    batches[0]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['stored 1', 'stored 2', 'stored 3']);
  });

  test('no caller is answered before the write holding its item has finished', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    let answered = false;
    void batcher.submit(1).then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    batches[0]!.finish();
    await settle();
    expect(answered).toBe(true);
  });

  test('items arriving while every write slot is busy wait, then go together in the next write', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const first = batcher.submit(1);
    await settle();
    const later = [2, 3, 4].map((i) => batcher.submit(i));
    await settle();
    expect(batches).toHaveLength(1);
    expect(batcher.waiting()).toBe(3);
    batches[0]!.finish();
    await first;
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    await expect(Promise.all(later)).resolves.toEqual(['stored 2', 'stored 3', 'stored 4']);
  });

  test('a write holds at most maxItems, and at most maxWrites are under way at once', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 2, maxWrites: 2, maxWaiting: 100 });
    const answers = [1, 2, 3, 4, 5].map((i) => batcher.submit(i));
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4]]);
    batches[1]!.finish();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4], [5]]);
    batches[0]!.finish();
    batches[2]!.finish();
    await expect(Promise.all(answers)).resolves.toHaveLength(5);
  });

  test('a failed write fails exactly its own callers; later items are written', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const doomed = [batcher.submit(1), batcher.submit(2)];
    await settle();
    const after = batcher.submit(3);
    batches[0]!.fail(new Error('database unreachable'));
    await Promise.all(doomed.map((p) => expect(p).rejects.toThrow('database unreachable')));
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3]]);
    batches[1]!.finish();
    await expect(after).resolves.toBe('stored 3');
  });

  test('a write answering the wrong number of outcomes fails its callers rather than mismatching them', async () => {
    const batcher = createBatcher(async (items: number[]) => items.slice(1).map(String), { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const answers = [batcher.submit(1), batcher.submit(2)];
    await Promise.all(answers.map((p) => expect(p).rejects.toThrow('a batch write answered 1 outcomes for 2 items')));
  });

  test('a write that throws at once fails its callers', async () => {
    const batcher = createBatcher((): Promise<string[]> => {
      throw new Error('no client');
    }, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    await expect(batcher.submit(1)).rejects.toThrow('no client');
  });

  test('refuses limits below one', () => {
    expect(() => createBatcher(async () => [], { maxItems: 0, maxWrites: 1, maxWaiting: 100 })).toThrow('must be at least 1');
    expect(() => createBatcher(async () => [], { maxItems: 1, maxWrites: 1, maxWaiting: 0 })).toThrow('must be at least 1');
  });

  test('past maxWaiting items waiting, one more is refused at once and never written', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 1, maxWrites: 1, maxWaiting: 2 });
    const taken = [batcher.submit(1)];
    await settle();
    taken.push(batcher.submit(2), batcher.submit(3));
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    expect(batcher.waiting()).toBe(2);
    await expect(batcher.submit(4)).rejects.toBeInstanceOf(BatchQueueFull);
    for (let i = 0; i < 3; i++) {
      batches[i]!.finish();
      await settle();
    }
    await expect(Promise.all(taken)).resolves.toEqual(['stored 1', 'stored 2', 'stored 3']);
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3]]);
    // Room again: the next is taken.
    const next = batcher.submit(5);
    await settle();
    batches[3]!.finish();
    await expect(next).resolves.toBe('stored 5');
  });

  test('a caller that stops waiting is answered at once, and its waiting item is never written', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const first = batcher.submit(1);
    await settle();
    const deadline = new AbortController();
    const given = batcher.submit(2, deadline.signal);
    const kept = batcher.submit(3);
    deadline.abort(new Error('deadline passed'));
    await expect(given).rejects.toThrow('deadline passed');
    expect(batcher.waiting()).toBe(1);
    batches[0]!.finish();
    await first;
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [3]]);
    batches[1]!.finish();
    await expect(kept).resolves.toBe('stored 3');
  });

  test('a caller that stops waiting while its item is being written is answered at once; the others get their outcomes', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    const deadline = new AbortController();
    const given = batcher.submit(1, deadline.signal);
    const other = batcher.submit(2);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2]]);
    deadline.abort(new Error('deadline passed'));
    await expect(given).rejects.toThrow('deadline passed');
    batches[0]!.finish();
    await expect(other).resolves.toBe('stored 2');
  });

  test('a caller whose signal has already aborted is refused without queueing', async () => {
    const { write, batches } = controlledWrite();
    const batcher = createBatcher(write, { maxItems: 10, maxWrites: 1, maxWaiting: 100 });
    await expect(batcher.submit(1, AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    await settle();
    expect(batches).toEqual([]);
  });
});
