/**
 * The one way islands read data: a read's state ('idle' | 'loading' | 'error' | 'ready') and a
 * Retry action. `useLoad` runs any read; `useQuery` reads a cached query (lib/query-cache.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Query, QueryState } from './query-cache.ts';

export type LoadState<T> = QueryState<T>;

export interface LoadOptions<T> {
  /** An answer already at hand for the key: shown at once, before the read settles. */
  cached?: () => T | undefined;
  /**
   * While a new key or a retry loads, keep showing the last answer (with `refreshing` true), so a
   * list does not flash empty between pages. Otherwise an old answer never shows for a new key.
   */
  keepPrevious?: boolean;
}

export interface Loaded<T> {
  state: LoadState<T>;
  /** A read is under way while an earlier answer is shown (keepPrevious). */
  refreshing: boolean;
  retry: () => void;
}

interface Settled<T> {
  key: string;
  attempt: number;
  state: LoadState<T>;
}

/**
 * Runs `load` when `key` changes and on retry(); with `key` null nothing is read and the state is
 * 'idle'. A failure is logged and becomes the 'error' state.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, options: LoadOptions<T> = {}): Loaded<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [lastReady, setLastReady] = useState<{ data: T } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (key === null) return;
    let current = true;
    latest.current().then(
      (data) => {
        if (!current) return;
        setSettled({ key, attempt, state: { status: 'ready', data } });
        setLastReady({ data });
      },
      (error: unknown) => {
        if (!current) return;
        console.error(error);
        setSettled({ key, attempt, state: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Worked out while rendering, so a cached answer shows at once and a stale one never does.
  if (key === null) return { state: { status: 'idle' }, refreshing: false, retry };
  if (settled?.key === key && settled.attempt === attempt) return { state: settled.state, refreshing: false, retry };
  const cached = options.cached?.();
  if (cached !== undefined) return { state: { status: 'ready', data: cached }, refreshing: false, retry };
  if (options.keepPrevious && lastReady) return { state: { status: 'ready', data: lastReady.data }, refreshing: true, retry };
  return { state: { status: 'loading' }, refreshing: false, retry };
}

/** Reads `query` for `args` through its cache; with `args` null nothing is read. */
export function useQuery<A, T>(query: Query<A, T>, args: A | null): Loaded<T> {
  return useLoad(args === null ? null : query.key(args), () => query.fetch(args as A), {
    cached: () => (args === null ? undefined : query.cached(args)),
  });
}
