/**
 * The wishlist's own calls through supabase-js, under row-level security: the only module of the
 * wishlist that calls the database. The price-drop alert setting: the read sees the shopper's own
 * row only; the write is set_price_alerts, which acts on the caller alone (and takes the baseline
 * prices when the alerts go on). Shared gift lists: the owner reads their own share and changes it
 * only through share_wishlist and stop_sharing_wishlist; anyone with a link reads that one list
 * through shared_wishlist, which says nothing about its owner.
 */
import { readError } from '../../lib/query-cache.ts';
import type { Db } from '../../lib/supabase.ts';
import type { ReadOptions } from '../catalog/core/queries.ts';

/** A retailer's latest known price for a product. */
export interface PlatformPrice {
  platform: string;
  price: number;
}

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

/** A shopper's shared gift list as they see it: its link's token and its title. */
export interface ListShare {
  token: string;
  title: string;
}

/** The signed-in shopper's share of their wishlist; null when it is not shared. */
export async function ownListShare(db: Db, userId: string): Promise<ListShare | null> {
  const { data, error, status } = await db.from('shared_lists').select('token, title').eq('owner_id', userId).maybeSingle();
  if (error) throw readError(`wishlist.ownListShare(${userId})`, error, status);
  return data;
}

/** Shares the caller's wishlist under `title`, or renames their share (its link stays); the share as saved. */
export async function shareWishlist(db: Db, title: string): Promise<ListShare> {
  const { data, error, status } = await db.rpc('share_wishlist', { title });
  if (error) throw readError('wishlist.shareWishlist', error, status);
  return { token: data.token, title: data.title };
}

/** Stops sharing the caller's wishlist: its link shows nothing from now on. */
export async function stopSharingWishlist(db: Db): Promise<void> {
  const { error, status } = await db.rpc('stop_sharing_wishlist');
  if (error) throw readError('wishlist.stopSharingWishlist', error, status);
}

/** A shared list as its link shows it: the title and the owner's liked product ids, oldest like first. */
export interface SharedWishlist {
  title: string;
  productIds: string[];
}

/** The list a link's token names; null when the token names none (wrong, or no longer shared). */
export async function sharedWishlist(db: Db, token: string, options: ReadOptions = {}): Promise<SharedWishlist | null> {
  let call = db.rpc('shared_wishlist', { token }).retry(options.retry ?? true);
  if (options.signal) call = call.abortSignal(options.signal);
  const { data, error, status } = await call.maybeSingle();
  if (error) throw readError('wishlist.sharedWishlist', error, status);
  return data && { title: data.title, productIds: data.product_ids };
}

/** The latest known price of each of these products on each platform, by product id. */
export async function latestPricesOf(db: Db, productIds: readonly string[], options: ReadOptions = {}): Promise<Map<string, PlatformPrice[]>> {
  const byProduct = new Map<string, PlatformPrice[]>();
  if (productIds.length === 0) return byProduct;
  let query = db.from('latest_prices').select('product_id, platform, price').in('product_id', [...productIds]).retry(options.retry ?? true);
  if (options.signal) query = query.abortSignal(options.signal);
  const { data, error, status } = await query;
  if (error) throw readError(`wishlist.latestPricesOf(${productIds.length} ids)`, error, status);
  for (const row of data) {
    if (!row.product_id || !row.platform || row.price === null) continue;
    byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), { platform: row.platform, price: Number(row.price) }]);
  }
  return byProduct;
}
