/**
 * The Analytics tab (spec): summary cards and the Daily, Weekly and Monthly cards with their
 * trends, the top 10 products, categories, blogs and quizzes for a chosen timeframe (products also
 * by affiliate-link clicks, with the conversion rate), and clicks over the last 30 or 90 days.
 * Everything is read as the signed-in admin from the `analytics` view and clicks_per_day.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { SeriesChart, SeriesTable } from './ClicksChart.tsx';
import {
  CHART_RANGES, clickSeries, formatConversionRate, PERIODS, periodClicks, rangeStart, SERIES, summaryCards, TIMEFRAME_LABELS,
  TIMEFRAMES, topAffiliateProducts, topItems, topProducts, trend, utcDay, type AnalyticsRow, type ChartRange, type ClickType,
  type Timeframe, type TrendDirection,
} from './rules.ts';
import { analyticsRows, dailyClicks } from './queries.ts';
import { BUTTON, INPUT, LABEL, useAdminRead } from '../content-ui.tsx';

const NUMBER = new Intl.NumberFormat('en-US');
const DEFAULT_TIMEFRAME: Timeframe = 'monthly';

export default function AnalyticsPanel() {
  const [rows, retry] = useAdminRead(analyticsRows);

  return (
    <section aria-labelledby="analytics-heading" className="space-y-8">
      <h2 id="analytics-heading" className="text-xl font-bold text-ink">Analytics</h2>
      {rows.status === 'loading' && <p role="status" className="text-muted">Loading analytics data...</p>}
      {rows.status === 'error' && (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">Error loading analytics data</p>
          <button type="button" onClick={retry} className={`mt-3 ${BUTTON.secondary}`}>Retry</button>
        </div>
      )}
      {rows.status === 'ready' && <Dashboard rows={rows.data} />}
    </section>
  );
}

function Dashboard({ rows }: { rows: AnalyticsRow[] }) {
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  return (
    <>
      <ul aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {summaryCards(rows).map((card) => (
          <li key={card.label} className="rounded-2xl border border-black/10 bg-white p-4">
            <p className="text-sm font-medium text-muted">{card.label}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums text-ink">{NUMBER.format(card.value)}</p>
            <Trend delta={card.trend.delta} direction={card.trend.direction} previousLabel={card.previousLabel} />
          </li>
        ))}
      </ul>

      <div className="grid gap-4 lg:grid-cols-3">
        {PERIODS.map((period) => <PeriodCard key={period.id} rows={rows} period={period} />)}
      </div>

      <section aria-labelledby="top-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id="top-heading" className="text-lg font-bold text-ink">Top 10</h3>
          <div className="w-48">
            <label htmlFor="analytics-timeframe" className={LABEL}>Timeframe</label>
            <select id="analytics-timeframe" value={timeframe} onChange={(e) => setTimeframe(e.target.value as Timeframe)} className={INPUT}>
              {TIMEFRAMES.map((t) => <option key={t} value={t}>{TIMEFRAME_LABELS[t]}</option>)}
            </select>
          </div>
        </div>
        <div className="grid gap-6 xl:grid-cols-2">
          <ProductTable title="Top Products" rows={topProducts(rows, timeframe)} by="views" />
          <ProductTable title="Top Products by Affiliate Clicks" rows={topAffiliateProducts(rows, timeframe)} by="affiliate" />
          <ItemTable title="Top Categories" column="Category" rows={rows} type="category" timeframe={timeframe} />
          <ItemTable title="Top Blogs" column="Blog" rows={rows} type="blog" timeframe={timeframe} />
          <ItemTable title="Top Quizzes" column="Quiz" rows={rows} type="quiz" timeframe={timeframe} />
        </div>
      </section>

      <ClicksOverTime />
    </>
  );
}

function Trend({ delta, direction, previousLabel }: { delta: number; direction: TrendDirection; previousLabel: string }) {
  if (direction === 'flat') return <p className="mt-1 text-sm text-muted">No change vs {previousLabel}</p>;
  const up = direction === 'up';
  return (
    <p className={`mt-1 text-sm font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
      {NUMBER.format(Math.abs(delta))} vs {previousLabel}
    </p>
  );
}

const BREAKDOWN: { key: ClickType | 'affiliate'; label: string }[] = [
  { key: 'product', label: 'Products' },
  { key: 'category', label: 'Categories' },
  { key: 'blog', label: 'Blogs' },
  { key: 'quiz', label: 'Quiz' },
  { key: 'affiliate', label: 'Affiliate links' },
];

function PeriodCard({ rows, period }: { rows: AnalyticsRow[]; period: (typeof PERIODS)[number] }) {
  const current = periodClicks(rows, period.current);
  const previous = periodClicks(rows, period.previous);
  const change = trend(current.total, previous.total);
  const headingId = `period-${period.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-black/10 bg-white p-4">
      <h3 id={headingId} className="text-base font-bold text-ink">{period.title}</h3>
      <p className="text-sm text-muted">{TIMEFRAME_LABELS[period.current]} vs {period.previousLabel}</p>
      <p className="mt-2 text-3xl font-bold tabular-nums text-ink">{NUMBER.format(current.total)} <span className="text-base font-medium text-muted">clicks</span></p>
      <Trend delta={change.delta} direction={change.direction} previousLabel={period.previousLabel} />
      <dl className="mt-3 divide-y divide-black/5 text-sm">
        {BREAKDOWN.map(({ key, label }) => (
          <div key={key} className="flex justify-between gap-2 py-1.5">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums text-ink">
              {NUMBER.format(current[key])}
              <span className="ml-2 text-xs text-muted">({NUMBER.format(previous[key])} {period.previousLabel})</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TableFrame({ title, children }: { title: string; children: ReactNode }) {
  const id = `table-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="min-w-0">
      <h4 id={id} className="mb-2 text-base font-semibold text-ink">{title}</h4>
      {/* Focusable, so a table wider than a phone can be scrolled with the keyboard. */}
      <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-2xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
        <table aria-labelledby={id} className="w-full text-left text-sm">{children}</table>
      </div>
    </div>
  );
}

const TH = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted';
const TD = 'px-3 py-2 tabular-nums';

function NoData({ columns }: { columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-muted">No data available</td>
    </tr>
  );
}

function ProductTable({ title, rows, by }: { title: string; rows: ReturnType<typeof topProducts>; by: 'views' | 'affiliate' }) {
  const views = <th scope="col" className={`${TH} text-right`}>Views</th>;
  const affiliate = <th scope="col" className={`${TH} text-right`}>Affiliate Clicks</th>;
  return (
    <TableFrame title={title}>
      <thead className="border-b border-black/10 bg-gray-50">
        <tr>
          <th scope="col" className={`${TH} w-12`}>Rank</th>
          <th scope="col" className={TH}>Product</th>
          {by === 'views' ? <>{views}{affiliate}</> : <>{affiliate}{views}</>}
          <th scope="col" className={`${TH} text-right`}>Conversion Rate</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-black/5">
        {rows.length === 0 && <NoData columns={5} />}
        {rows.map((p, i) => {
          const viewsCell = <td className={`${TD} text-right`}>{NUMBER.format(p.views)}</td>;
          const affiliateCell = <td className={`${TD} text-right`}>{NUMBER.format(p.affiliateClicks)}</td>;
          return (
            <tr key={p.itemId}>
              <td className={`${TD} text-muted`}>{i + 1}</td>
              <th scope="row" className="px-3 py-2 font-medium text-ink">{p.name}</th>
              {by === 'views' ? <>{viewsCell}{affiliateCell}</> : <>{affiliateCell}{viewsCell}</>}
              <td className={`${TD} text-right`}>{formatConversionRate(p.conversionRate)}</td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}

function ItemTable({ title, column, rows, type, timeframe }: { title: string; column: string; rows: AnalyticsRow[]; type: ClickType; timeframe: Timeframe }) {
  const top = topItems(rows, type, timeframe);
  return (
    <TableFrame title={title}>
      <thead className="border-b border-black/10 bg-gray-50">
        <tr>
          <th scope="col" className={`${TH} w-12`}>Rank</th>
          <th scope="col" className={TH}>{column}</th>
          <th scope="col" className={`${TH} text-right`}>Clicks</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-black/5">
        {top.length === 0 && <NoData columns={3} />}
        {top.map((item, i) => (
          <tr key={item.itemId}>
            <td className={`${TD} text-muted`}>{i + 1}</td>
            <th scope="row" className="px-3 py-2 font-medium text-ink">{item.name}</th>
            <td className={`${TD} text-right`}>{NUMBER.format(item.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

/** The widest chart range; the narrower one is drawn from the same days. */
const LONGEST_RANGE = Math.max(...CHART_RANGES) as ChartRange;

function ClicksOverTime() {
  const today = useMemo(() => utcDay(new Date()), []);
  const [days, retry] = useAdminRead((db) => dailyClicks(db, rangeStart(today, LONGEST_RANGE)));
  const [range, setRange] = useState<ChartRange>(30);
  const series = useMemo(() => (days.status === 'ready' ? clickSeries(days.data, today, range) : null), [days, today, range]);

  return (
    <section aria-labelledby="over-time-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="over-time-heading" className="text-lg font-bold text-ink">Clicks Over Time</h3>
        <div role="group" aria-label="Chart range" className="inline-flex rounded-full border border-black/15 p-0.5">
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={`rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${range === r ? 'bg-ink text-white' : 'text-muted hover:text-ink'}`}
            >
              Last {r} days
            </button>
          ))}
        </div>
      </div>
      {days.status === 'loading' && <p role="status" className="text-muted">Loading charts...</p>}
      {days.status === 'error' && (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">The charts could not be loaded.</p>
          <button type="button" onClick={retry} className={`mt-3 ${BUTTON.secondary}`}>Retry</button>
        </div>
      )}
      {series && (
        <>
          <p className="text-sm text-muted">{series.bucket === 'day' ? 'Clicks per day (UTC).' : 'Clicks per week (UTC, weeks from Monday).'}</p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {SERIES.map((key) => <SeriesChart key={key} series={series} seriesKey={key} />)}
          </div>
          <details className="group">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline">Show the numbers as a table</summary>
            <div className="mt-3"><SeriesTable series={series} /></div>
          </details>
        </>
      )}
    </section>
  );
}
