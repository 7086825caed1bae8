/**
 * The shopper's price-drop alert setting through supabase-js, under row-level security: the only
 * module of the wishlist that calls the database for it. The read sees the shopper's own row only;
 * the write is set_price_alerts, which acts on the caller alone (and takes the baseline prices
 * when the alerts go on).
 */
import { readError } from '../../lib/query-cache.ts';
import type { Db } from '../../lib/supabase.ts';

/** Whether the signed-in shopper's price-drop emails are on; off when they never chose. */
export async function priceAlertsEnabled(db: Db, userId: string): Promise<boolean> {
  const { data, error, status } = await db.from('price_alert_settings').select('enabled').eq('user_id', userId).maybeSingle();
  if (error) throw readError(`wishlist.priceAlertsEnabled(${userId})`, error, status);
  return data?.enabled ?? false;
}

/** Turns the caller's price-drop emails on or off; the setting as saved. */
export async function setPriceAlerts(db: Db, enabled: boolean): Promise<boolean> {
  const { data, error, status } = await db.rpc('set_price_alerts', { enabled });
  if (error) throw readError(`wishlist.setPriceAlerts(${enabled})`, error, status);
  return data;
}
