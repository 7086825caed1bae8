/**
 * The Analytics tab's numbers: which counter a timeframe reads, the top 10 tables, the conversion
 * rate, the trend of each period against the one before, and the clicks-over-time series. Data in,
 * data out: rows come from the `analytics` view and click_totals_per_day (UTC days; weeks start on
 * Monday, as in the database).
 */

/** The click types the shop counts (spec). */
export const CLICK_TYPES = ['product', 'category', 'blog', 'quiz'] as const;
export type ClickType = (typeof CLICK_TYPES)[number];

/** Analytics timeframes (spec: daily, yesterday, weekly, last_week, monthly, last_month, annually). */
export const TIMEFRAMES = ['daily', 'yesterday', 'weekly', 'last_week', 'monthly', 'last_month', 'annually'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  daily: 'Today',
  yesterday: 'Yesterday',
  weekly: 'This Week',
  last_week: 'Last Week',
  monthly: 'This Month',
  last_month: 'Last Month',
  annually: 'This Year',
};

/** Analytics tables show the top 10 (spec). */
export const TOP_LIMIT = 10;

const COUNTERS = {
  daily: 'today_clicks',
  yesterday: 'yesterday_clicks',
  weekly: 'this_week',
  last_week: 'last_week',
  monthly: 'this_month',
  last_month: 'last_month',
  annually: 'yearly',
} as const satisfies Record<Timeframe, string>;

const AFFILIATE_COUNTERS = {
  daily: 'today_affiliate_links',
  yesterday: 'yesterday_affiliate_links',
  weekly: 'this_week_affiliate_links',
  last_week: 'last_week_affiliate_links',
  monthly: 'this_month_affiliate_links',
  last_month: 'last_month_affiliate_links',
  annually: 'yearly_affiliate_links',
} as const satisfies Record<Timeframe, string>;

export type CounterColumn = (typeof COUNTERS)[Timeframe];
export type AffiliateColumn = (typeof AFFILIATE_COUNTERS)[Timeframe];

/** One row of the `analytics` view: an item's counters for every period (spec: Analytics row). */
export type AnalyticsRow = {
  item_id: string;
  item_name: string;
  click_type: ClickType;
  record_date: string;
} & Record<CounterColumn | AffiliateColumn, number>;

/** The view's counter column for a timeframe (today_clicks, this_week, …, yearly). */
export function counterColumn(timeframe: Timeframe): CounterColumn {
  return COUNTERS[timeframe];
}

/** The affiliate-link twin of a timeframe's counter (today_affiliate_links, …). */
export function affiliateColumn(timeframe: Timeframe): AffiliateColumn {
  return AFFILIATE_COUNTERS[timeframe];
}

/** Conversion rate (spec: affiliate clicks / views × 100, one decimal); null when there were no views. */
export function conversionRate(affiliateClicks: number, views: number): number | null {
  if (views <= 0) return null;
  return Math.round((affiliateClicks / views) * 1000) / 10;
}

export function formatConversionRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}

const COUNT = new Intl.NumberFormat('en-US');

/** A count as the dashboard writes it, grouped in thousands: 12,345. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

export type TrendDirection = 'up' | 'down' | 'flat';

/** Trend (spec: current minus previous period, shown as up or down). */
export function trend(current: number, previous: number): { delta: number; direction: TrendDirection } {
  const delta = current - previous;
  return { delta, direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat' };
}

export interface TopItem {
  itemId: string;
  name: string;
  clicks: number;
}

const byCountThenName = <T extends { name: string }>(count: (item: T) => number) => (a: T, b: T) =>
  count(b) - count(a) || a.name.localeCompare(b.name);

/** The top 10 items of one click type in a timeframe (spec: top 10 per table); items without clicks are left out. */
export function topItems(rows: readonly AnalyticsRow[], type: ClickType, timeframe: Timeframe, limit = TOP_LIMIT): TopItem[] {
  const column = counterColumn(timeframe);
  return rows
    .filter((row) => row.click_type === type && row[column] > 0)
    .map((row) => ({ itemId: row.item_id, name: row.item_name, clicks: row[column] }))
    .sort(byCountThenName((item) => item.clicks))
    .slice(0, limit);
}

export interface ProductPerformance {
  itemId: string;
  name: string;
  views: number;
  affiliateClicks: number;
  conversionRate: number | null;
}

function productPerformance(rows: readonly AnalyticsRow[], timeframe: Timeframe): ProductPerformance[] {
  const views = counterColumn(timeframe);
  const affiliate = affiliateColumn(timeframe);
  return rows
    .filter((row) => row.click_type === 'product')
    .map((row) => ({
      itemId: row.item_id,
      name: row.item_name,
      views: row[views],
      affiliateClicks: row[affiliate],
      conversionRate: conversionRate(row[affiliate], row[views]),
    }));
}

/** The top 10 products by views in a timeframe, with their affiliate clicks and conversion rate. */
export function topProducts(rows: readonly AnalyticsRow[], timeframe: Timeframe, limit = TOP_LIMIT): ProductPerformance[] {
  return productPerformance(rows, timeframe)
    .filter((p) => p.views > 0)
    .sort(byCountThenName((p) => p.views))
    .slice(0, limit);
}

/** The top 10 products by affiliate-link clicks (spec: products are also ranked by affiliate-link clicks). */
export function topAffiliateProducts(rows: readonly AnalyticsRow[], timeframe: Timeframe, limit = TOP_LIMIT): ProductPerformance[] {
  return productPerformance(rows, timeframe)
    .filter((p) => p.affiliateClicks > 0)
    .sort((a, b) => b.affiliateClicks - a.affiliateClicks || b.views - a.views || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Clicks of every type in a timeframe, plus affiliate-link clicks. */
export type PeriodClicks = Record<ClickType | 'affiliate', number> & { total: number };

export function periodClicks(rows: readonly AnalyticsRow[], timeframe: Timeframe): PeriodClicks {
  const column = counterColumn(timeframe);
  const sums: PeriodClicks = { product: 0, category: 0, blog: 0, quiz: 0, affiliate: 0, total: 0 };
  for (const row of rows) {
    sums[row.click_type] += row[column];
    sums.total += row[column];
    sums.affiliate += row[affiliateColumn(timeframe)];
  }
  return sums;
}

export interface PeriodComparison {
  id: 'daily' | 'weekly' | 'monthly';
  /** Spec: the Daily, Weekly and Monthly cards. */
  title: 'Daily' | 'Weekly' | 'Monthly';
  current: Timeframe;
  previous: Timeframe;
  /** 'yesterday', 'last week', 'last month'. */
  previousLabel: string;
}

/** The periods the cards compare (spec trends: today vs yesterday, this week vs last, this month vs last). */
export const PERIODS: readonly PeriodComparison[] = [
  { id: 'daily', title: 'Daily', current: 'daily', previous: 'yesterday', previousLabel: 'yesterday' },
  { id: 'weekly', title: 'Weekly', current: 'weekly', previous: 'last_week', previousLabel: 'last week' },
  { id: 'monthly', title: 'Monthly', current: 'monthly', previous: 'last_month', previousLabel: 'last month' },
];

export interface SummaryCard {
  label: string;
  value: number;
  previous: number;
  previousLabel: string;
  trend: { delta: number; direction: TrendDirection };
}

/** The summary cards: total clicks today, this week and this month, and affiliate clicks this month, each with its trend. */
export function summaryCards(rows: readonly AnalyticsRow[]): SummaryCard[] {
  const card = (label: string, period: PeriodComparison, pick: (p: PeriodClicks) => number): SummaryCard => {
    const value = pick(periodClicks(rows, period.current));
    const previous = pick(periodClicks(rows, period.previous));
    return { label, value, previous, previousLabel: period.previousLabel, trend: trend(value, previous) };
  };
  const [daily, weekly, monthly] = PERIODS as [PeriodComparison, PeriodComparison, PeriodComparison];
  return [
    card('Total Clicks Today', daily, (p) => p.total),
    card('Total Clicks This Week', weekly, (p) => p.total),
    card('Total Clicks This Month', monthly, (p) => p.total),
    card('Affiliate Clicks This Month', monthly, (p) => p.affiliate),
  ];
}

// ---------------------------------------------------------------------------------------------
// Clicks over time
// ---------------------------------------------------------------------------------------------

/** One click type's clicks on one UTC day, as click_totals_per_day returns them. */
export interface DayClicks {
  click_type: ClickType;
  day: string;
  clicks: number;
  affiliate_clicks: number;
}

/** The lines the charts draw: one per click type, and affiliate-link clicks. */
export const SERIES = ['product', 'category', 'blog', 'quiz', 'affiliate'] as const;
export type SeriesKey = (typeof SERIES)[number];
export const SERIES_LABELS: Record<SeriesKey, string> = {
  product: 'Product clicks', category: 'Category clicks', blog: 'Blog clicks', quiz: 'Quiz clicks', affiliate: 'Affiliate link clicks',
};

/** The chart ranges (spec: last 30 and 90 days); 90 days are drawn by week. */
export const CHART_RANGES = [30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export interface SeriesBucket {
  /** First day of the bucket (YYYY-MM-DD). */
  start: string;
  /** 'Nov 22', or 'Week of Nov 17'. */
  label: string;
}

export interface ClickSeries {
  bucket: 'day' | 'week';
  buckets: SeriesBucket[];
  values: Record<SeriesKey, number[]>;
}

const DAY_MS = 86_400_000;
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The UTC calendar day of an instant (YYYY-MM-DD). */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** A day moved by whole days. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The first day a range of `days` ending today covers: what to ask clicks_per_day for. */
export function rangeStart(today: string, days: number): string {
  return addDays(today, -(days - 1));
}

function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * Clicks over time (spec: last 30/90 days per type): every day of the range is a point, zero when
 * nothing was clicked; 90 days are summed per week (Monday first; the first week starts with the
 * range). Days outside the range are ignored.
 */
export function clickSeries(days: readonly DayClicks[], today: string, range: ChartRange): ClickSeries {
  const first = rangeStart(today, range);
  const bucket = range === 30 ? 'day' : 'week';
  const startOf = (day: string) => {
    if (bucket === 'day') return day;
    const monday = mondayOf(day);
    return monday < first ? first : monday;
  };

  const buckets: SeriesBucket[] = [];
  const index = new Map<string, number>();
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const start = startOf(day);
    if (index.has(start)) continue;
    index.set(start, buckets.length);
    const label = SHORT_DAY.format(new Date(`${start}T00:00:00Z`));
    buckets.push({ start, label: bucket === 'day' ? label : `Week of ${label}` });
  }

  const values = Object.fromEntries(SERIES.map((key) => [key, buckets.map(() => 0)])) as Record<SeriesKey, number[]>;
  for (const row of days) {
    if (row.day < first || row.day > today) continue;
    const at = index.get(startOf(row.day));
    if (at === undefined) continue;
    values[row.click_type][at]! += row.clicks;
    values.affiliate[at]! += row.affiliate_clicks;
  }
  return { bucket, buckets, values };
}

/** A chart's text alternative: the total, the busiest point and the latest one. */
export function seriesSummary(label: string, values: readonly number[], buckets: readonly SeriesBucket[]): string {
  if (values.length === 0) return `${label}: no data.`;
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total === 0) return `${label}: none in this range.`;
  let peak = 0;
  values.forEach((v, i) => {
    if (v > (values[peak] ?? 0)) peak = i;
  });
  const last = values.length - 1;
  return `${label}: ${total} in total; highest ${values[peak]} (${buckets[peak]?.label}); latest ${values[last]} (${buckets[last]?.label}).`;
}

/** A round top for a chart's axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= max) ?? 10 * power;
}
