/**
 * A signed-in shopper's likes through supabase-js: the only module of the feature that calls the
 * database. The writes are the atomic functions of the likes migration (one statement on the
 * caller's own row), never a read-modify-write of the list. Every call checks `error` and throws
 * with the call's name, the cause and its HTTP status (the read's retry rules use it).
 */
import { readError } from '../../lib/query-cache.ts';
import type { Db } from '../../lib/supabase.ts';

/** PostgREST's answer to `.single()` when the row does not exist. */
const NO_ROWS = 'PGRST116';

/** The ids the user liked, oldest like first; none when they have no liked record yet. */
export async function likedProductIds(db: Db, userId: string): Promise<string[]> {
  const { data, error, status } = await db.from('liked_products').select('product_id').eq('user_id', userId).maybeSingle();
  // Spec: a missing like record is 'no likes yet', not an error.
  if (error?.code === NO_ROWS) return [];
  if (error) throw readError(`wishlist.likedProductIds(${userId})`, error, status);
  return data?.product_id ?? [];
}

/** Adds the product to the caller's likes (creating their record on the first like); the new list. */
export async function likeProduct(db: Db, productId: string): Promise<string[]> {
  const { data, error, status } = await db.rpc('like_product', { product: productId });
  if (error) throw readError(`wishlist.likeProduct(${productId})`, error, status);
  return data;
}

/** Removes the product from the caller's likes; the new list. */
export async function unlikeProduct(db: Db, productId: string): Promise<string[]> {
  const { data, error, status } = await db.rpc('unlike_product', { product: productId });
  if (error) throw readError(`wishlist.unlikeProduct(${productId})`, error, status);
  return data;
}

/** Adds a guest's likes to the caller's (the union, theirs first, no duplicates); the new list. */
export async function mergeGuestLikes(db: Db, productIds: readonly string[]): Promise<string[]> {
  const { data, error, status } = await db.rpc('merge_guest_likes', { product_ids: [...productIds] });
  if (error) throw readError(`wishlist.mergeGuestLikes(${productIds.length} ids)`, error, status);
  return data;
}
