/** 'Last imports': the newest imports first, each with where it came from, when, and its report. */
import type { LoadState } from '../../../lib/use-load.ts';
import { ReadState } from '../ReadState.tsx';
import { ImportReport } from './ImportReport.tsx';
import type { PriceImport } from './queries.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export function ImportsList({ imports, onRetry }: { imports: LoadState<PriceImport[]>; onRetry: () => void }) {
  return (
    <section aria-labelledby="price-imports-heading" className="space-y-3">
      <h3 id="price-imports-heading" className="text-lg font-bold text-ink">Last imports</h3>
      <ReadState state={imports} loading="Loading imports..." error="Error loading imports" onRetry={onRetry} isEmpty={(d) => d.length === 0} empty="No imports yet.">
        {(rows) => (
          <ol className="space-y-3">
            {rows.map((row) => (
              <li key={row.id} className="space-y-2 rounded-2xl border border-black/10 bg-white p-4">
                <p className="text-sm">
                  <span className="font-semibold text-ink break-all">{row.file_name}</span>{' '}
                  <span className="text-muted">— {row.source === 'feed' ? 'daily feed' : 'upload'}, {when(row.finished_at)}</span>
                </p>
                <ImportReport report={row} />
              </li>
            ))}
          </ol>
        )}
      </ReadState>
    </section>
  );
}
