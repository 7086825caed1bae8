/**
 * Clicks over time as small inline SVG charts, no chart library: one line per series, its numbers
 * described in words (the chart's <title> and <desc>) and available as a table.
 */
import { useId } from 'react';
import { formatCount, niceCeiling, SERIES, SERIES_LABELS, seriesSummary, type ClickSeries, type SeriesKey } from './rules.ts';

const WIDTH = 300;
const HEIGHT = 100;

/** One series as an area chart; the scale tops out at a round number, written beside it. */
export function SeriesChart({ series, seriesKey }: { series: ClickSeries; seriesKey: SeriesKey }) {
  const titleId = useId();
  const descId = useId();
  const values = series.values[seriesKey];
  const top = niceCeiling(Math.max(0, ...values));
  const total = values.reduce((sum, v) => sum + v, 0);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(i * step).toFixed(2)},${(HEIGHT - (v / top) * HEIGHT).toFixed(2)}`);
  const line = points.join(' ');
  const area = `0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}`;
  const first = series.buckets[0]?.label ?? '';
  const last = series.buckets.at(-1)?.label ?? '';
  const label = SERIES_LABELS[seriesKey];

  return (
    <figure className="rounded-2xl border border-black/10 bg-white p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-ink">{label}</span>
        <span className="text-sm text-muted">{formatCount(total)} total</span>
      </figcaption>
      <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex flex-col justify-between text-right text-xs text-muted" aria-hidden="true">
          <span>{formatCount(top)}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${titleId} ${descId}`} className="h-28 w-full overflow-visible">
          <title id={titleId}>{`${label} per ${series.bucket}`}</title>
          <desc id={descId}>{seriesSummary(label, values, series.buckets)}</desc>
          <line x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-black/10" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-black/20" vectorEffect="non-scaling-stroke" />
          <polygon points={area} className="fill-brand-100" />
          <polyline points={line} fill="none" className="stroke-brand-600" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
        <span />
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{first}</span>
          <span>{last}</span>
        </div>
      </div>
    </figure>
  );
}

/** Every series' numbers per day or week: the charts' text alternative. */
export function SeriesTable({ series }: { series: ClickSeries }) {
  return (
    <div role="region" aria-label={`Clicks per ${series.bucket}`} tabIndex={0} className="max-h-96 overflow-auto rounded-xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="w-full text-right text-sm">
        <caption className="sr-only">Clicks per {series.bucket}</caption>
        <thead className="sticky top-0 bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">{series.bucket === 'day' ? 'Day' : 'Week'}</th>
            {SERIES.map((key) => <th key={key} scope="col" className="px-3 py-2">{SERIES_LABELS[key]}</th>)}
          </tr>
        </thead>
        <tbody className="divide-y divide-black/5">
          {series.buckets.map((bucket, i) => (
            <tr key={bucket.start}>
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-ink">{bucket.label}</th>
              {SERIES.map((key) => <td key={key} className="px-3 py-1.5 tabular-nums text-muted">{formatCount(series.values[key][i] ?? 0)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
