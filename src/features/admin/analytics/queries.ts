/**
 * The Analytics room's reads through supabase-js: the click analytics, which row-level security
 * lets only an admin read. Every call checks `error` and throws with the query's name and the cause.
 */
import type { Db } from '../../../lib/supabase.ts';
import { allRows } from '../../../lib/all-rows.ts';
import { CLICK_TYPES, type AnalyticsRow, type ClickType, type DayClicks } from './rules.ts';

const isClickType = (value: string | null): value is ClickType => (CLICK_TYPES as readonly (string | null)[]).includes(value);

/** Every row of the `analytics` view (spec: ordered by record_date ascending); admins only. */
export async function analyticsRows(db: Db): Promise<AnalyticsRow[]> {
  const rows = await allRows('admin.analyticsRows', (from, to) =>
    db.from('analytics').select('*').order('record_date').order('id').range(from, to),
  );
  return rows.flatMap((r) => {
    if (!r.item_id || !isClickType(r.click_type)) return [];
    const n = (value: number | null) => Number(value ?? 0);
    return [{
      item_id: r.item_id,
      item_name: r.item_name ?? 'Unknown Product',
      click_type: r.click_type,
      record_date: r.record_date ?? '',
      today_clicks: n(r.today_clicks),
      yesterday_clicks: n(r.yesterday_clicks),
      this_week: n(r.this_week),
      last_week: n(r.last_week),
      this_month: n(r.this_month),
      last_month: n(r.last_month),
      yearly: n(r.yearly),
      today_affiliate_links: n(r.today_affiliate_links),
      yesterday_affiliate_links: n(r.yesterday_affiliate_links),
      this_week_affiliate_links: n(r.this_week_affiliate_links),
      last_week_affiliate_links: n(r.last_week_affiliate_links),
      this_month_affiliate_links: n(r.this_month_affiliate_links),
      last_month_affiliate_links: n(r.last_month_affiliate_links),
      yearly_affiliate_links: n(r.yearly_affiliate_links),
    }];
  });
}

/** Clicks per click type and UTC day since a day (click_totals_per_day), for the charts; admins only. */
export async function dailyClicks(db: Db, since: string): Promise<DayClicks[]> {
  const rows = await allRows(`admin.dailyClicks(${since})`, (from, to) =>
    db.rpc('click_totals_per_day', { since }).select('click_type, day, clicks, affiliate_clicks').order('day').order('click_type').range(from, to),
  );
  return rows.flatMap((r) =>
    isClickType(r.click_type) ? [{ click_type: r.click_type, day: r.day, clicks: Number(r.clicks), affiliate_clicks: Number(r.affiliate_clicks) }] : [],
  );
}

/** Price-drop alert mails sent and unsubscribes through their links in the last `days` days; admins only. */
export interface PriceAlertCounts {
  emailsSent: number;
  unsubscribes: number;
}

export async function priceAlertCounts(db: Db, days: number): Promise<PriceAlertCounts> {
  const { data, error } = await db.rpc('price_alert_counts', { days }).single();
  if (error) throw new Error(`admin.priceAlertCounts(${days})`, { cause: error });
  return { emailsSent: Number(data.emails_sent), unsubscribes: Number(data.unsubscribes) };
}
