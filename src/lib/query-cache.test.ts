import { describe, expect, test, vi } from 'vitest';
import { countedPage, createQuery, httpStatus, readError, retryDelay, shouldRetry, STALE_MS, type QueryOptions, type Read } from './query-cache.ts';

const httpError = (status: number) => Object.assign(new Error(`read failed (${status})`), { status });

function harness<A, T>(read: Read<A, T>, options: Pick<QueryOptions, 'budgetMs' | 'prepare'> = {}) {
  let clock = 0;
  const waits: number[] = [];
  const query = createQuery(read, {
    ...options,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  return { query, waits, advance: (ms: number) => (clock += ms) };
}

describe('retry rules', () => {
  test('the delay doubles from 1 second up to 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  test('reads the HTTP status from the error or its cause', () => {
    expect(httpStatus(httpError(503))).toBe(503);
    expect(httpStatus(new Error('catalog.productPage', { cause: httpError(404) }))).toBe(404);
    expect(httpStatus(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(httpStatus(Object.assign(new Error('offline'), { status: 0 }))).toBeUndefined();
  });

  test('does not retry HTTP 400-499', () => {
    expect(shouldRetry(httpError(400), 1)).toBe(false);
    expect(shouldRetry(httpError(416), 1)).toBe(false);
    expect(shouldRetry(httpError(499), 1)).toBe(false);
  });

  test('retries other failures up to 3 attempts', () => {
    expect(shouldRetry(httpError(500), 1)).toBe(true);
    expect(shouldRetry(new TypeError('Failed to fetch'), 2)).toBe(true);
    expect(shouldRetry(httpError(503), 3)).toBe(false);
  });
});

describe('createQuery', () => {
  test('keeps an answer fresh for 5 minutes, then reads again', async () => {
    const read = vi.fn(async (page: number) => `page ${page}`);
    const { query, advance } = harness(read);
    expect(query.cached(1)).toBeUndefined();
    expect(await query.fetch(1)).toBe('page 1');
    advance(STALE_MS - 1);
    expect(query.cached(1)).toBe('page 1');
    expect(await query.fetch(1)).toBe('page 1');
    expect(read).toHaveBeenCalledTimes(1);
    advance(1);
    expect(query.cached(1)).toBeUndefined();
    await query.fetch(1);
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('caches each argument separately', async () => {
    const read = vi.fn(async (filters: { page: number }) => filters.page * 10);
    const { query } = harness(read);
    expect(await query.fetch({ page: 1 })).toBe(10);
    expect(await query.fetch({ page: 2 })).toBe(20);
    expect(query.cached({ page: 1 })).toBe(10);
  });

  test('shares a read already in flight', async () => {
    const read = vi.fn(async () => 'answer');
    const { query } = harness(read);
    const [a, b] = await Promise.all([query.fetch(undefined), query.fetch(undefined)]);
    expect([a, b]).toEqual(['answer', 'answer']);
    expect(read).toHaveBeenCalledTimes(1);
  });

  test('retries a server failure after 1 s, then 2 s, and gives up after 3 attempts', async () => {
    const read = vi.fn(async () => {
      throw httpError(503);
    });
    const { query, waits } = harness(read);
    await expect(query.fetch('x')).rejects.toThrow('read failed (503)');
    expect(read).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });

  test('succeeds when a retry does', async () => {
    const read = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('second time lucky');
    const { query, waits } = harness(read);
    expect(await query.fetch(undefined)).toBe('second time lucky');
    expect(waits).toEqual([1000]);
  });

  test('fails at once on a refused request (HTTP 4xx)', async () => {
    const read = vi.fn(async () => {
      throw new Error('catalog.productPage', { cause: httpError(400) });
    });
    const { query, waits } = harness(read);
    await expect(query.fetch('x')).rejects.toThrow('catalog.productPage');
    expect(read).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  test('does not cache a failure, so Retry reads again', async () => {
    const read = vi.fn<() => Promise<string>>().mockRejectedValueOnce(httpError(404)).mockResolvedValueOnce('found');
    const { query } = harness(read);
    await expect(query.fetch(undefined)).rejects.toThrow();
    expect(await query.fetch(undefined)).toBe('found');
  });

  test('with a time budget, no retry starts that would wait past it', async () => {
    const read = vi.fn(async () => {
      throw httpError(503);
    });
    const { query, waits } = harness(read, { budgetMs: 2_500 });
    await expect(query.fetch('x')).rejects.toThrow('read failed (503)');
    // After the second failure (at 1 s) the next attempt would start at 3 s.
    expect(read).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([1000]);
  });

  test('with a time budget, a read that never answers is abandoned when the budget is spent', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.fn((_args: string, signal: AbortSignal) => new Promise<string>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
      }));
      const { query } = harness(read, { budgetMs: 4_000 });
      const answer = query.fetch('x');
      const outcome = expect(answer).rejects.toMatchObject({ name: 'TimeoutError', message: 'The read took longer than 4 s' });
      await vi.advanceTimersByTimeAsync(3_999);
      expect(read.mock.calls[0]![1].aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a time budget given as a function is asked when each read starts', async () => {
    const read = vi.fn(async () => {
      throw httpError(503);
    });
    const budgets = [2_500, 60_000];
    const { query, waits } = harness(read, { budgetMs: () => budgets.shift()! });
    await expect(query.fetch('x')).rejects.toThrow();
    expect(waits).toEqual([1000]);
    await expect(query.fetch('x')).rejects.toThrow();
    expect(waits).toEqual([1000, 1000, 2000]);
  });

  test("the page's own preparation (loading the reader) comes first and is not counted in the budget", async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      let loaded!: () => void;
      const prepare = vi.fn(() => new Promise<void>((resolve) => (loaded = () => {
        order.push('prepared');
        resolve();
      })));
      const read = vi.fn((_args: string, signal: AbortSignal) => new Promise<string>((resolve, reject) => {
        order.push('read');
        signal.addEventListener('abort', () => reject(signal.reason));
        setTimeout(() => resolve('answer'), 1_500);
      }));
      const { query } = harness(read, { budgetMs: 2_000, prepare });
      const answer = query.fetch('x');
      // The reader takes 3 s to load on a slow phone: longer than the whole budget.
      await vi.advanceTimersByTimeAsync(3_000);
      expect(read).not.toHaveBeenCalled();
      loaded();
      await vi.advanceTimersByTimeAsync(1_500);
      await expect(answer).resolves.toBe('answer');
      expect(order).toEqual(['prepared', 'read']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('without a preparation, the read starts as the fetch is made', () => {
    const read = vi.fn(async () => 'answer');
    const { query } = harness(read);
    void query.fetch('x');
    expect(read).toHaveBeenCalledTimes(1);
  });

  test('a budget given as a function is set once the preparation is done', async () => {
    const order: string[] = [];
    const { query } = harness(async () => 'answer', {
      budgetMs: () => {
        order.push('budget set');
        return 2_000;
      },
      prepare: async () => {
        order.push('prepared');
      },
    });
    await query.fetch('x');
    expect(order).toEqual(['prepared', 'budget set']);
  });

  test('a preparation that fails ends the read with its error, without attempts', async () => {
    const read = vi.fn(async () => 'answer');
    const { query, waits } = harness(read, { prepare: async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    await expect(query.fetch('x')).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(read).not.toHaveBeenCalled();
    expect(waits).toEqual([]);
  });

  test('without a time budget, the read\'s signal never aborts', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const { query } = harness(async (_args: string, given: AbortSignal) => {
        signal = given;
        return 'answer';
      });
      await query.fetch('x');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(signal?.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test('clear forgets the cached answers', async () => {
    const read = vi.fn(async () => 'answer');
    const { query } = harness(read);
    await query.fetch(undefined);
    query.clear();
    expect(query.cached(undefined)).toBeUndefined();
  });
});

test('a read error names the query and carries the status of the answer', () => {
  const error = readError('catalog.productPage({"page":2})', { code: 'PGRST100' }, 400);
  expect(error.message).toBe('catalog.productPage({"page":2})');
  expect(error.cause).toEqual({ code: 'PGRST100' });
  expect(shouldRetry(error, 1)).toBe(false);
});

describe('countedPage', () => {
  const answer = <Row>(rows: Row[] | null, count: number | null, error: { code?: string } | null = null, status = 200) =>
    Promise.resolve({ data: rows, error, count, status });

  test('gives the page\'s rows with the total over all pages', async () => {
    const countAll = vi.fn(() => answer(null, 0));
    expect(await countedPage('q', answer(['a', 'b'], 7), countAll)).toEqual({ rows: ['a', 'b'], total: 7 });
    expect(countAll).not.toHaveBeenCalled();
  });

  test('a page past the last row (PGRST103) is empty, with the total counted alone', async () => {
    const page = await countedPage('q', answer(null, null, { code: 'PGRST103' }, 416), () => answer(null, 7));
    expect(page).toEqual({ rows: [], total: 7 });
  });

  test('a failed read throws with the query\'s name and the HTTP status', async () => {
    const failed = countedPage('catalog.productPage', answer(null, null, { code: '42501' }, 401), () => answer(null, 0));
    await expect(failed).rejects.toMatchObject({ message: 'catalog.productPage', status: 401 });
  });
});
