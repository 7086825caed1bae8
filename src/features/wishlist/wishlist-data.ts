/**
 * The wishlist page's product read. WishlistPage loads this module (and supabase-js with it) only
 * when there are liked products to show.
 */
import { browserDb } from '../../lib/supabase.ts';
import { productCardData, type ProductCardData } from '../catalog/cards/card.ts';
import { productsByIds } from '../catalog/core/queries.ts';

/** Ids per request: a long wishlist would otherwise make an address too long for some servers. */
const IDS_PER_READ = 100;

/**
 * How long the page waits for its products: past it the shopper sees the error and Retry rather
 * than 'Loading products...'. The page offers Retry itself, so a failed read is not retried
 * behind the shopper's back (supabase-js would go on for 7 s more).
 */
export const WISHLIST_READ_DEADLINE_MS = 3_500;

export async function readWishlistProducts(ids: string[]): Promise<ProductCardData[]> {
  const db = browserDb();
  const batches: string[][] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) batches.push(ids.slice(from, from + IDS_PER_READ));
  const deadline = AbortSignal.timeout(WISHLIST_READ_DEADLINE_MS);
  const products = await Promise.all(batches.map((batch) => productsByIds(db, batch, { signal: deadline, retry: false })));
  return products.flat().map(productCardData);
}
