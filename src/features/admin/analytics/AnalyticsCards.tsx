/**
 * The dashboard's cards (spec): the summary cards, and the Daily, Weekly and Monthly cards with
 * each click type against the period before; every number with its trend.
 */
import { formatCount, PERIODS, periodClicks, summaryCards, TIMEFRAME_LABELS, trend, type AnalyticsRow, type ClickType, type PeriodComparison, type TrendDirection } from './rules.ts';

const CARD = 'rounded-2xl border border-black/10 bg-white p-4';

export function SummaryCards({ rows }: { rows: readonly AnalyticsRow[] }) {
  return (
    <ul aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {summaryCards(rows).map((card) => (
        <li key={card.label} className={CARD}>
          <p className="text-sm font-medium text-muted">{card.label}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums text-ink">{formatCount(card.value)}</p>
          <Trend delta={card.trend.delta} direction={card.trend.direction} previousLabel={card.previousLabel} />
        </li>
      ))}
    </ul>
  );
}

export function PeriodCards({ rows }: { rows: readonly AnalyticsRow[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {PERIODS.map((period) => <PeriodCard key={period.id} rows={rows} period={period} />)}
    </div>
  );
}

const BREAKDOWN: { key: ClickType | 'affiliate'; label: string }[] = [
  { key: 'product', label: 'Products' },
  { key: 'category', label: 'Categories' },
  { key: 'blog', label: 'Blogs' },
  { key: 'quiz', label: 'Quiz' },
  { key: 'affiliate', label: 'Affiliate links' },
];

function PeriodCard({ rows, period }: { rows: readonly AnalyticsRow[]; period: PeriodComparison }) {
  const current = periodClicks(rows, period.current);
  const previous = periodClicks(rows, period.previous);
  const change = trend(current.total, previous.total);
  const headingId = `period-${period.id}`;
  return (
    <section aria-labelledby={headingId} className={CARD}>
      <h3 id={headingId} className="text-base font-bold text-ink">{period.title}</h3>
      <p className="text-sm text-muted">{TIMEFRAME_LABELS[period.current]} vs {period.previousLabel}</p>
      <p className="mt-2 text-3xl font-bold tabular-nums text-ink">{formatCount(current.total)} <span className="text-base font-medium text-muted">clicks</span></p>
      <Trend delta={change.delta} direction={change.direction} previousLabel={period.previousLabel} />
      <dl className="mt-3 divide-y divide-black/5 text-sm">
        {BREAKDOWN.map(({ key, label }) => (
          <div key={key} className="flex justify-between gap-2 py-1.5">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums text-ink">
              {formatCount(current[key])}
              <span className="ml-2 text-xs text-muted">({formatCount(previous[key])} {period.previousLabel})</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Trend({ delta, direction, previousLabel }: { delta: number; direction: TrendDirection; previousLabel: string }) {
  if (direction === 'flat') return <p className="mt-1 text-sm text-muted">No change vs {previousLabel}</p>;
  const up = direction === 'up';
  return (
    <p className={`mt-1 text-sm font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
      {formatCount(Math.abs(delta))} vs {previousLabel}
    </p>
  );
}
