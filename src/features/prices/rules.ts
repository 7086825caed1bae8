/**
 * The price badges and the price history of a product, as plain functions of its price history
 * and a clock. SQL computes the same badges set-based (price_badges_of in
 * 20261101001700_price_insights.sql) so the listing can filter on them; tests/db/price-insights.test.ts
 * proves the two agree on the fixtures of rules.test.ts.
 *
 * Money is compared in whole cents (and medians in half cents) so 10% is exactly 10%, never
 * 9.999...% by floating point.
 */

export interface PricePoint {
  platform: string;
  price: number;
  /** ISO timestamp (UTC). */
  scrapedAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The period the chart, the lowest price and the 'Lowest price in 90 days' badge look at. */
export const HISTORY_DAYS = 90;
/** The 'Lowest price in 90 days' badge needs this much history: the first known price at least this long ago. */
export const MIN_HISTORY_DAYS = 14;
/** The 'Price dropped N%' badge compares with the median of this many days. */
export const MEDIAN_DAYS = 30;
/** The 'Price dropped N%' badge needs a drop of at least this many percent. */
export const MIN_DROP_PERCENT = 10;

const cents = (price: number) => Math.round(price * 100);
const time = (point: PricePoint) => Date.parse(point.scrapedAt);
// Retailer names are matched ignoring case and surrounding spaces, as elsewhere in the shop.
const platformKey = (platform: string) => platform.trim().toLowerCase();

/** Points seen in the `days` before `now` (a point exactly `days` old is out; points after `now` are not yet seen). */
function within(points: readonly PricePoint[], now: Date, days: number): PricePoint[] {
  const end = now.getTime();
  const start = end - days * DAY_MS;
  return points.filter((p) => {
    const at = time(p);
    return at > start && at <= end;
  });
}

/**
 * Each retailer's latest price within the last 90 days: a price older than that is no longer
 * current, so it neither earns a badge nor counts as the retailer's price now.
 */
export function latestPerRetailer(points: readonly PricePoint[], now: Date): PricePoint[] {
  const latest = new Map<string, PricePoint>();
  for (const point of within(points, now, HISTORY_DAYS)) {
    const key = platformKey(point.platform);
    const seen = latest.get(key);
    if (!seen || time(point) > time(seen)) latest.set(key, point);
  }
  return [...latest.values()];
}

/**
 * Lowest price in 90 days: a retailer's latest price equals the product's lowest price across
 * retailers in the last 90 days, and the product's first known price is at least 14 days old
 * (exactly 14 days counts).
 */
export function isLowestIn90Days(points: readonly PricePoint[], now: Date): boolean {
  const seen = points.filter((p) => time(p) <= now.getTime());
  if (seen.length === 0) return false;
  const first = Math.min(...seen.map(time));
  if (now.getTime() - first < MIN_HISTORY_DAYS * DAY_MS) return false;
  const period = within(points, now, HISTORY_DAYS);
  if (period.length === 0) return false;
  const lowest = Math.min(...period.map((p) => cents(p.price)));
  return latestPerRetailer(points, now).some((p) => cents(p.price) === lowest);
}

/** The median of the prices of the last 30 days, in half cents (the mean of two middle prices may end in half a cent). */
function medianHalfCents(points: readonly PricePoint[], now: Date): number | null {
  const prices = within(points, now, MEDIAN_DAYS).map((p) => cents(p.price)).sort((a, b) => a - b);
  if (prices.length === 0) return null;
  const middle = Math.floor(prices.length / 2);
  return prices.length % 2 === 1 ? 2 * prices[middle]! : prices[middle - 1]! + prices[middle]!;
}

/**
 * Price dropped N%: the lowest latest price over retailers is at least 10% under the median of the
 * product's prices (all retailers) of the last 30 days. N is the drop in whole percent rounded
 * down, so the badge never claims more than the drop: 10% exactly is 'Price dropped 10%', 19.9%
 * is 'Price dropped 19%'. Null when there is no such drop.
 */
export function priceDropPercent(points: readonly PricePoint[], now: Date): number | null {
  const median = medianHalfCents(points, now);
  const latest = latestPerRetailer(points, now);
  if (median === null || median === 0 || latest.length === 0) return null;
  const lowest = 2 * Math.min(...latest.map((p) => cents(p.price)));
  const percent = Math.floor((100 * (median - lowest)) / median);
  return percent >= MIN_DROP_PERCENT ? percent : null;
}

export interface PriceBadges {
  lowestIn90Days: boolean;
  /** The drop in whole percent, or null without a 'Price dropped N%' badge. */
  dropPercent: number | null;
}

export function priceBadges(points: readonly PricePoint[], now: Date): PriceBadges {
  return { lowestIn90Days: isLowestIn90Days(points, now), dropPercent: priceDropPercent(points, now) };
}

export interface RetailerSeries {
  platform: string;
  /** Oldest first. */
  points: { price: number; scrapedAt: string }[];
}

export interface PriceHistory {
  series: RetailerSeries[];
  lowest: number | null;
  highest: number | null;
}

/** The last 90 days per retailer (retailers by name, points oldest first), with the period's lowest and highest price. */
export function priceHistory(points: readonly PricePoint[], now: Date): PriceHistory {
  const period = within(points, now, HISTORY_DAYS);
  const byRetailer = new Map<string, RetailerSeries>();
  for (const point of [...period].sort((a, b) => time(a) - time(b))) {
    const key = platformKey(point.platform);
    const series = byRetailer.get(key) ?? { platform: point.platform.trim(), points: [] };
    series.points.push({ price: point.price, scrapedAt: point.scrapedAt });
    byRetailer.set(key, series);
  }
  const prices = period.map((p) => p.price);
  return {
    series: [...byRetailer.values()].sort((a, b) => a.platform.localeCompare(b.platform)),
    lowest: prices.length > 0 ? Math.min(...prices) : null,
    highest: prices.length > 0 ? Math.max(...prices) : null,
  };
}
