/**
 * Click history: per-day click counts for products, categories, blogs and the quiz over the past
 * months, skewed the way real traffic is (a few items get most clicks, the long tail a trickle),
 * plus a few dozen raw click events from today that the rollup has not folded in yet.
 */
import { daysBefore, seeded, utcDay, type Rng } from './random.ts';

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

/** A few dozen clicks from earlier today (at most the last eight hours), not yet rolled up. */
export function clickEventsToday(groups: ClickGroup[], now: Date, count: number): ClickEvent[] {
  const r = seeded(`clicks:today:${utcDay(now)}`);
  const from = Math.max(Date.parse(`${utcDay(now)}T00:00:00Z`), now.getTime() - 8 * 3600_000);
  const events: ClickEvent[] = [];
  const groupWeights = groups.map((g) => (g.type === 'product' ? 6 : g.type === 'blog' ? 2 : 1));
  for (let i = 0; i < count; i++) {
    const group = groups[r.weighted(groupWeights)]!;
    const item = group.items[r.weighted(group.items.slice(0, 200).map((_, rank) => 1 / (rank + 1) ** ZIPF))]!;
    const at = from + Math.floor(r.next() * (now.getTime() - from));
    if (item.since.getTime() > at) continue;
    const affiliate = group.type === 'product' && (item.platforms?.length ?? 0) > 0 && r.chance(0.25);
    events.push({
      item_id: item.id, click_type: group.type, affiliate,
      platform: affiliate ? r.pick(item.platforms ?? []) : null,
      item_name: item.name, occurred_at: new Date(at).toISOString(),
    });
  }
  return events.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
}
