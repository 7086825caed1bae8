/** An island's view of a cached read (lib/query-cache.ts): its state and a Retry action. */
import { useCallback, useEffect, useState } from 'react';
import type { Query, QueryState } from './query-cache.ts';

/** Reads `query` for `args`; with `args` null nothing is read and the state is 'idle'. */
export function useQuery<A, T>(query: Query<A, T>, args: A | null): { state: QueryState<T>; retry: () => void } {
  const key = args === null ? null : query.key(args);
  const [settled, setSettled] = useState<{ key: string; state: QueryState<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (args === null || key === null) return;
    let current = true;
    query.fetch(args).then(
      (data) => current && setSettled({ key, state: { status: 'ready', data } }),
      (error: unknown) => {
        if (!current) return;
        console.error(error);
        setSettled({ key, state: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
    // The key stands for the arguments; `attempt` re-runs the read after Retry.
  }, [query, key, attempt]);

  const retry = useCallback(() => {
    setSettled(null);
    setAttempt((n) => n + 1);
  }, []);

  // Worked out while rendering, so a cached answer shows at once and an old one never shows for new arguments.
  let state: QueryState<T>;
  if (args === null) state = { status: 'idle' };
  else if (settled?.key === key) state = settled.state;
  else {
    const cached = query.cached(args);
    state = cached === undefined ? { status: 'loading' } : { status: 'ready', data: cached };
  }
  return { state, retry };
}
