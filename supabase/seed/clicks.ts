/**
 * Click history: per-day click counts for products, categories, blogs and the quiz over the past
 * months, skewed the way real traffic is (a few items get most clicks, the long tail a trickle),
 * plus today's clicks so far as raw click events that the rollup has not folded in yet.
 */
import { DAY_MS, daysBefore, seeded, utcDay, type Rng } from './random.ts';

export type ClickType = 'product' | 'category' | 'blog' | 'quiz';

export interface Clickable {
  id: string;
  name: string;
  /** No clicks before this moment (when the item was published). */
  since: Date;
  /** Retailers of a product, for affiliate clicks. */
  platforms?: string[];
}

export interface ClickGroup {
  type: ClickType;
  /** Most popular first: the nth item gets about top / n^1.05 clicks a day. */
  items: Clickable[];
  top: number;
  /** Items clicked at least once every day, so every ranking window has an answer. */
  steady?: Set<string>;
}

export interface DailyClicks {
  item_id: string;
  click_type: ClickType;
  day: string;
  clicks: number;
  affiliate_clicks: number;
  item_name: string;
  last_click_at: string;
}

export interface ClickEvent {
  item_id: string;
  click_type: ClickType;
  affiliate: boolean;
  platform: string | null;
  item_name: string;
  occurred_at: string;
}

const ZIPF = 1.05;

function poisson(r: Rng, mean: number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(r)));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = r.next(); p > limit; p *= r.next()) k++;
  return k;
}

function gaussian(r: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
}

/** Days 1 (yesterday) to `days` ago, as clicks_daily rows. Today is left to clickEventsToday. */
export function dailyClicks(groups: ClickGroup[], now: Date, days: number): DailyClicks[] {
  const rows: DailyClicks[] = [];
  for (const group of groups) {
    // Each product converts to affiliate clicks at its own steady rate.
    const conversion = group.items.map((item) => 0.06 + 0.18 * seeded(`clicks:conversion:${item.id}`).next());
    for (let ago = 1; ago <= days; ago++) {
      const moment = daysBefore(now, ago);
      const day = utcDay(moment);
      const dayStart = Date.parse(`${day}T00:00:00Z`);
      const r = seeded(`clicks:${group.type}:${day}`);
      const weekday = new Date(dayStart).getUTCDay();
      // Weekends are busier, and traffic has grown over the period.
      const busy = (weekday === 0 || weekday === 6 ? 1.25 : 1) * (1.1 - 0.35 * (ago / days)) * r.float(0.85, 1.15);
      group.items.forEach((item, rank) => {
        if (item.since.getTime() > dayStart) return;
        let clicks = poisson(r, (group.top * busy) / (rank + 1) ** ZIPF);
        if (clicks === 0 && group.steady?.has(item.id)) clicks = 1;
        if (clicks === 0) return;
        let affiliate = 0;
        if (group.type === 'product' && item.platforms?.length) {
          for (let i = 0; i < clicks; i++) if (r.next() < (conversion[rank] ?? 0)) affiliate++;
        }
        const last = dayStart + r.int(8 * 3600, 23 * 3600 + 3599) * 1000;
        rows.push({
          item_id: item.id, click_type: group.type, day, clicks, affiliate_clicks: affiliate,
          item_name: item.name, last_click_at: new Date(last).toISOString(),
        });
      });
    }
  }
  return rows;
}

/**
 * Today's clicks since midnight UTC, not yet rolled up: yesterday's, on the same items in the same
 * shares (affiliate clicks included), in proportion to the part of today gone by. So the
 * dashboard's today against yesterday reads as a steady day's does, not as a collapse.
 */
export function clickEventsToday(groups: ClickGroup[], daily: DailyClicks[], now: Date): ClickEvent[] {
  const r = seeded(`clicks:today:${utcDay(now)}`);
  const midnight = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const yesterday = utcDay(daysBefore(now, 1));
  const rows = daily.filter((row) => row.day === yesterday);
  const weights = rows.map((row) => row.clicks + row.affiliate_clicks);
  const count = Math.round(weights.reduce((sum, w) => sum + w, 0) * ((now.getTime() - midnight) / DAY_MS));
  const platforms = new Map(groups.flatMap((g) => g.items.map((item) => [item.id, item.platforms ?? []] as const)));
  const events: ClickEvent[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows[r.weighted(weights)]!;
    const affiliate = r.chance(row.affiliate_clicks / (row.clicks + row.affiliate_clicks));
    events.push({
      item_id: row.item_id, click_type: row.click_type, affiliate,
      platform: affiliate ? r.pick(platforms.get(row.item_id) ?? []) : null,
      item_name: row.item_name, occurred_at: new Date(midnight + Math.floor(r.next() * (now.getTime() - midnight))).toISOString(),
    });
  }
  return events.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
}
