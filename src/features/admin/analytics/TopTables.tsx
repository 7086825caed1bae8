/**
 * The top 10 tables for a chosen timeframe (spec: top 10 per table; products are also ranked by
 * affiliate-link clicks, with the conversion rate); an empty one says 'No data available'.
 */
import { useState } from 'react';
import { Field } from '../../../components/ui/Field.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import {
  formatConversionRate, formatCount, TIMEFRAME_LABELS, TIMEFRAMES, topAffiliateProducts, topItems, topProducts, type AnalyticsRow,
  type ClickType, type ProductPerformance, type Timeframe, type TopItem,
} from './rules.ts';

const DEFAULT_TIMEFRAME: Timeframe = 'monthly';

/** A number column of a top 10 table. */
interface Count<R> {
  label: string;
  cell: (row: R) => string;
}

const VIEWS: Count<ProductPerformance> = { label: 'Views', cell: (p) => formatCount(p.views) };
const AFFILIATE_CLICKS: Count<ProductPerformance> = { label: 'Affiliate Clicks', cell: (p) => formatCount(p.affiliateClicks) };
const CONVERSION_RATE: Count<ProductPerformance> = { label: 'Conversion Rate', cell: (p) => formatConversionRate(p.conversionRate) };
const CLICKS: Count<TopItem> = { label: 'Clicks', cell: (item) => formatCount(item.clicks) };

const ITEM_TABLES: { type: Exclude<ClickType, 'product'>; title: string; itemLabel: string }[] = [
  { type: 'category', title: 'Top Categories', itemLabel: 'Category' },
  { type: 'blog', title: 'Top Blogs', itemLabel: 'Blog' },
  { type: 'quiz', title: 'Top Quizzes', itemLabel: 'Quiz' },
];

export function TopTables({ rows }: { rows: readonly AnalyticsRow[] }) {
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  return (
    <section aria-labelledby="top-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="top-heading" className="text-lg font-bold text-ink">Top 10</h3>
        <Field id="analytics-timeframe" label="Timeframe" className="w-48">
          <Select value={timeframe} onChange={(e) => setTimeframe(e.target.value as Timeframe)}>
            {TIMEFRAMES.map((t) => <option key={t} value={t}>{TIMEFRAME_LABELS[t]}</option>)}
          </Select>
        </Field>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <TopTable title="Top Products" itemLabel="Product" rows={topProducts(rows, timeframe)} counts={[VIEWS, AFFILIATE_CLICKS, CONVERSION_RATE]} />
        <TopTable title="Top Products by Affiliate Clicks" itemLabel="Product" rows={topAffiliateProducts(rows, timeframe)} counts={[AFFILIATE_CLICKS, VIEWS, CONVERSION_RATE]} />
        {ITEM_TABLES.map(({ type, title, itemLabel }) => (
          <TopTable key={type} title={title} itemLabel={itemLabel} rows={topItems(rows, type, timeframe)} counts={[CLICKS]} />
        ))}
      </div>
    </section>
  );
}

const TH = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted';
const TD = 'px-3 py-2 tabular-nums';

function TopTable<R extends { itemId: string; name: string }>({ title, itemLabel, rows, counts }: {
  title: string;
  itemLabel: string;
  rows: readonly R[];
  counts: readonly Count<R>[];
}) {
  const id = `table-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="min-w-0">
      <h4 id={id} className="mb-2 text-base font-semibold text-ink">{title}</h4>
      {/* Focusable, so a table wider than a phone can be scrolled with the keyboard. */}
      <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-2xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
        <table aria-labelledby={id} className="w-full text-left text-sm">
          <thead className="border-b border-black/10 bg-gray-50">
            <tr>
              <th scope="col" className={`${TH} w-12`}>Rank</th>
              <th scope="col" className={TH}>{itemLabel}</th>
              {counts.map((count) => <th key={count.label} scope="col" className={`${TH} text-right`}>{count.label}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-black/5">
            {rows.length === 0 && (
              <tr>
                <td colSpan={counts.length + 2} className="px-3 py-6 text-center text-muted">No data available</td>
              </tr>
            )}
            {rows.map((row, i) => (
              <tr key={row.itemId}>
                <td className={`${TD} text-muted`}>{i + 1}</td>
                <th scope="row" className="px-3 py-2 font-medium text-ink">{row.name}</th>
                {counts.map((count) => <td key={count.label} className={`${TD} text-right`}>{count.cell(row)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
