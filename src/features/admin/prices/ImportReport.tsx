/**
 * One import's report: rows imported, rows skipped as duplicates, rows rejected with the line
 * number and the reason (the first 1,000; the count says how many in all).
 */
import { Badge } from '../../../components/ui/Badge.tsx';
import type { PriceImport } from './queries.ts';

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

export function ImportReport({ report }: { report: PriceImport }) {
  if (report.status === 'failed') return <p className="text-sm font-medium text-red-700">Import failed: {report.failure}</p>;
  return (
    <div className="space-y-2 text-sm">
      <ul className="flex flex-wrap gap-2" aria-label="Import report">
        <li><Badge tone="success" size="lg">{rows(report.imported)} imported</Badge></li>
        <li><Badge tone="neutral" size="lg">{rows(report.duplicates)} skipped as duplicates</Badge></li>
        <li><Badge tone={report.rejected > 0 ? 'warning' : 'neutral'} size="lg">{rows(report.rejected)} rejected</Badge></li>
      </ul>
      {report.rejections.length > 0 && (
        <details open={report.rejections.length <= 10}>
          <summary className="cursor-pointer font-semibold text-ink">Rejected rows</summary>
          <ul className="mt-1 max-h-60 space-y-0.5 overflow-y-auto text-muted">
            {report.rejections.map((r) => <li key={r.line}>Line {r.line}: {r.reason}</li>)}
          </ul>
          {report.rejected > report.rejections.length && (
            <p className="mt-1 text-muted">The first {report.rejections.length} of {report.rejected} rejected rows are listed.</p>
          )}
        </details>
      )}
    </div>
  );
}
