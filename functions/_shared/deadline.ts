/**
 * Deadlines for what the functions ask of Supabase. A locked table, a database that refuses
 * connections or a host that accepts a connection and never answers must not hold a function's
 * caller: every call to Supabase made while a request is answered shares that request's deadline,
 * retries included, and a request whose calls did not get an answer in time is answered 503 with
 * Retry-After (ServiceUnavailable), well within the 5 s a caller waits.
 *
 * How: each function runs its work inside withDeadline, which keeps the deadline in an
 * AsyncLocalStorage scope; the service client (supabase.ts) makes every request
 * through supabaseFetch, which aborts at the scope's deadline and notes in the scope when Supabase
 * did not answer, could not be reached or answered that it is unavailable. Work that failed after
 * such trouble is the database's unavailability, not the shop's fault: a 503, not a 500.
 *
 * Retries: postgrest-js retries a GET or HEAD that failed to connect or was answered 503 or 520,
 * up to 3 times, waiting 1, 2 and 4 s (or the answer's Retry-After) — waits no deadline of a
 * fetch can cut short, so a whole call took 7 s and more. The service client turns those off
 * (`db: { retry: false }`) and supabaseFetch retries the same requests itself, only while the
 * deadline leaves room for the wait, and with waits the deadline ends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError, ServiceUnavailable } from './http.ts';

/**
 * How long one request's calls to Supabase may take in all, retries included: longer than any
 * healthy call takes (milliseconds), and short enough that the 503 reaches the caller well within
 * 5 s even when a long-lived server gives up on a thousand waiting requests at once.
 */
export const SUPABASE_DEADLINE_MS = 3_500;

/** What a 503 for an unanswering database asks the caller to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export const DATABASE_NOT_ANSWERING = "The shop's database is not answering. Please try again in a few seconds.";

interface Scope {
  signal: AbortSignal;
  ms: number;
  /** When the deadline passes (performance.now()). */
  endsAt: number;
  /** The first sign that Supabase was not answering, if any. */
  trouble?: string;
}

const scopes = new AsyncLocalStorage<Scope>();

/** The deadline's abort reason: names what happened, and is not retried by postgrest-js or us. */
class DeadlinePassed extends Error {
  constructor(ms: number) {
    super(`Supabase did not answer within ${ms} ms`);
    this.name = 'AbortError';
  }
}

/**
 * Runs `work` with every Supabase call made in it (through supabaseFetch) bounded by one deadline,
 * `ms` from now. Resolves or rejects as `work` does, except that a failure after Supabase did not
 * answer in time, could not be reached or said it is unavailable (or a database error that says
 * so: a statement or lock timeout) becomes a ServiceUnavailable. `work` gets the deadline's
 * signal, for waits of its own (a click waiting for its batch).
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const scope: Scope = { signal: controller.signal, ms, endsAt: performance.now() + ms };
  const timer = setTimeout(() => controller.abort(new DeadlinePassed(ms)), ms);
  try {
    return await scopes.run(scope, () => work(controller.signal));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const problem = scope.trouble ?? (controller.signal.aborted ? `did not answer within ${ms} ms` : databaseTimeout(error));
    if (problem) throw new ServiceUnavailable(DATABASE_NOT_ANSWERING, problem, RETRY_AFTER_SECONDS, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PostgREST's and Postgres's own ways of saying the database is not answering: statement timeout
 * or cancel (57014), lock timeout (55P03), and PostgREST's connection errors (PGRST000–PGRST003).
 */
const NOT_ANSWERING_CODES = new Set(['57014', '55P03', 'PGRST000', 'PGRST001', 'PGRST002', 'PGRST003']);

function databaseTimeout(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_ANSWERING_CODES.has(code)) return `answered ${code}: ${String((e as { message?: unknown }).message ?? '')}`;
  }
  return undefined;
}

/** Statuses that say Supabase (or the gateway in front of it) cannot serve the request now. */
const isUnavailableStatus = (status: number) => status === 502 || status === 503 || status === 504 || status >= 520;

/** What postgrest-js would retry: an idempotent request that failed to connect or was answered 503 or 520. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD']);
const RETRYABLE_STATUSES = new Set([503, 520]);
const MAX_RETRIES = 3;
const FIRST_RETRY_WAIT_MS = 100;

/** Waits `ms`, or less if the signal aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const describeFailure = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`;
};

/**
 * The fetch of the service client. Inside withDeadline it aborts at the scope's deadline (with
 * the caller's own signal too, if any), retries as postgrest-js would but only within the
 * deadline, and notes trouble in the scope. Outside any scope (a script), each call gets a
 * deadline of its own.
 */
export async function supabaseFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const scope = scopes.getStore() ?? {
    signal: AbortSignal.timeout(SUPABASE_DEADLINE_MS), ms: SUPABASE_DEADLINE_MS, endsAt: performance.now() + SUPABASE_DEADLINE_MS,
  };
  const signal = init.signal ? AbortSignal.any([init.signal, scope.signal]) : scope.signal;
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const note = (trouble: string) => void (scope.trouble ??= trouble);

  for (let attempt = 0; ; attempt++) {
    const wait = FIRST_RETRY_WAIT_MS * 2 ** attempt;
    const mayRetry = RETRYABLE_METHODS.has(method) && attempt < MAX_RETRIES;
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal });
    } catch (error) {
      if (scope.signal.aborted) {
        note(`did not answer within ${scope.ms} ms`);
        throw scope.signal.reason;
      }
      // The caller's own abort is the caller's business, not the database's.
      if (init.signal?.aborted) throw error;
      if (mayRetry && performance.now() + wait < scope.endsAt) {
        await pause(wait, signal);
        continue;
      }
      note(describeFailure(error));
      throw error;
    }
    if (mayRetry && RETRYABLE_STATUSES.has(response.status)) {
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      const delay = Number.isFinite(retryAfter) ? Math.max(0, retryAfter) * 1000 : wait;
      if (performance.now() + delay < scope.endsAt) {
        await response.body?.cancel();
        await pause(delay, signal);
        if (!scope.signal.aborted) continue;
        note(`did not answer within ${scope.ms} ms`);
        throw scope.signal.reason;
      }
    }
    if (isUnavailableStatus(response.status)) note(`answered ${response.status}`);
    return response;
  }
}
