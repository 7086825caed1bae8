/**
 * Runtime reads with the spec's data-fetching defaults: an answer stays fresh for 5 minutes,
 * nothing is refetched because the window regained focus, and a failed read is tried again after
 * 1 s, 2 s, 4 s … (at most 30 s) unless the server refused it (HTTP 400–499), at most 3 attempts.
 * A query may also have a time budget, retries included, so that a server which never answers
 * ends in the island's error and Retry rather than a loading message that goes on.
 * Framework-free; islands read a query through lib/use-load.ts.
 */

/** What an island shows for a read. */
export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

export type QueryStatus = QueryState<unknown>['status'];

/** Default data staleness (spec: 5 minutes). */
export const STALE_MS = 5 * 60 * 1000;
/** Attempts per read (spec: up to 3). */
export const MAX_ATTEMPTS = 3;
/** Retry delays (spec: doubling from 1 second up to 30 seconds). */
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Delay before the nth retry (1-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export function retryDelay(retry: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, retry - 1), MAX_RETRY_DELAY_MS);
}

/** The HTTP status an error carries, on itself or on one of its causes. */
export function httpStatus(error: unknown): number | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if ('status' in current && typeof current.status === 'number' && current.status > 0) return current.status;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A failed read's error: names the query, keeps the cause, and carries the HTTP status the retry rules read. */
export function readError(name: string, cause: unknown, status: number): Error {
  return Object.assign(new Error(name, { cause }), { status });
}

/** A counted PostgREST read's answer (`count: 'exact'`), as supabase-js gives it. */
interface CountedRead<Row> {
  data: Row[] | null;
  error: { code?: string } | null;
  count: number | null;
  status: number;
}

/**
 * One page of a counted read, with the total over all pages. A range past the last row is refused
 * by PostgREST (PGRST103): that page is empty, and `countAll` reads the total alone.
 */
export async function countedPage<Row>(
  name: string,
  page: PromiseLike<CountedRead<Row>>,
  countAll: () => PromiseLike<CountedRead<unknown>>,
): Promise<{ rows: Row[]; total: number }> {
  const { data, error, count, status } = await page;
  if (error?.code === 'PGRST103') {
    const counted = await countAll();
    if (counted.error) throw readError(name, counted.error, counted.status);
    return { rows: [], total: counted.count ?? 0 };
  }
  if (error) throw readError(name, error, status);
  return { rows: data ?? [], total: count ?? data?.length ?? 0 };
}

/** Whether a read that failed `attempts` times is tried again (spec: never on HTTP 400–499; at most 3 attempts). */
export function shouldRetry(error: unknown, attempts: number): boolean {
  const status = httpStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return attempts < MAX_ATTEMPTS;
}

export interface QueryOptions {
  staleMs?: number;
  /**
   * The longest a read may take, its retries included: the read's signal aborts when the time is
   * up, and no retry starts that would wait past it. Without it, a read has only its attempts. A
   * function is asked when each read starts, once its preparation is done (a budget counted from
   * the page's opening, say).
   */
  budgetMs?: number | (() => number);
  /**
   * The page's own work a read waits for first, such as loading the code that reads: done once
   * before each read, neither retried nor counted in the budget, which is the server's time. On a slow phone or network, loading
   * supabase-js could otherwise spend a budget before any request.
   */
  prepare?: () => Promise<unknown>;
  /** The clock, for tests. */
  now?: () => number;
  /** Waits between attempts, for tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** A read whose answers are cached per argument (the key is the arguments as JSON). */
export interface Query<A, T> {
  key(args: A): string;
  /** The cached answer, if it is younger than the staleness window. */
  cached(args: A): T | undefined;
  /** The answer: cached if fresh, shared with a read already in flight, else read with retries. */
  fetch(args: A): Promise<T>;
  /** Forgets every cached answer (after a write that changes them). */
  clear(): void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The reason a read's signal aborts when its query's budget is spent. */
function budgetSpent(budgetMs: number): DOMException {
  return new DOMException(`The read took longer than ${budgetMs / 1000} s`, 'TimeoutError');
}

/** A read of `args`; `signal` aborts when the query's time budget is spent (never without one). */
export type Read<A, T> = (args: A, signal: AbortSignal) => Promise<T>;

export function createQuery<A, T>(read: Read<A, T>, options: QueryOptions = {}): Query<A, T> {
  const { staleMs = STALE_MS, now = Date.now, sleep = wait } = options;
  const answers = new Map<string, { data: T; at: number }>();
  const inFlight = new Map<string, Promise<T>>();

  async function readWithRetries(args: A): Promise<T> {
    // The budget is set and counts once the page's own preparation is done; that is only awaited
    // when there is one, so a read without it starts as the fetch is made.
    if (options.prepare) await options.prepare();
    const budgetMs = typeof options.budgetMs === 'function' ? options.budgetMs() : options.budgetMs;
    const budget = new AbortController();
    const started = now();
    const timer = budgetMs === undefined ? undefined : setTimeout(() => budget.abort(budgetSpent(budgetMs)), budgetMs);
    try {
      for (let attempts = 1; ; attempts++) {
        try {
          return await read(args, budget.signal);
        } catch (error) {
          if (budget.signal.aborted || !shouldRetry(error, attempts)) throw error;
          const delay = retryDelay(attempts);
          if (budgetMs !== undefined && now() - started + delay >= budgetMs) throw error;
          await sleep(delay);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  const key = (args: A) => JSON.stringify(args);

  function cached(args: A): T | undefined {
    const answer = answers.get(key(args));
    return answer && now() - answer.at < staleMs ? answer.data : undefined;
  }

  return {
    key,
    cached,
    fetch(args) {
      const fresh = cached(args);
      if (fresh !== undefined) return Promise.resolve(fresh);
      const k = key(args);
      let pending = inFlight.get(k);
      if (!pending) {
        pending = readWithRetries(args)
          .then((data) => {
            answers.set(k, { data, at: now() });
            return data;
          })
          .finally(() => inFlight.delete(k));
        inFlight.set(k, pending);
      }
      return pending;
    },
    clear() {
      answers.clear();
    },
  };
}
