/**
 * What an admin list shows while its read is not ready: the loading text, or the error with
 * Retry; once ready, the empty text or the list itself.
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import type { LoadState } from '../../lib/use-load.ts';

const BOX = 'rounded-2xl border border-black/10 bg-white p-8 text-center text-muted';

export function ReadState<T>({ state, loading, error, onRetry, isEmpty, empty, children }: {
  state: LoadState<T>;
  /** The spec's loading text, e.g. 'Loading products...'. */
  loading: string;
  error: string;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'idle' || state.status === 'loading') return <p role="status" className={BOX}>{loading}</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-2xl border border-red-700/20 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">{error}</p>
        <Button variant="secondary" onClick={onRetry} className="mt-3">Retry</Button>
      </div>
    );
  }
  if (empty !== undefined && isEmpty?.(state.data)) return <p className={BOX}>{empty}</p>;
  return <>{children(state.data)}</>;
}
