/**
 * The wishlist page's product read. WishlistPage loads this module (and supabase-js with it) only
 * when there are liked products to show.
 */
import { browserDb } from '../../lib/supabase.ts';
import { productCardData, type ProductCardData } from '../catalog/cards/card.ts';
import { productsByIds } from '../catalog/core/queries.ts';

/** Ids per request: a long wishlist would otherwise make an address too long for some servers. */
const IDS_PER_READ = 100;

export async function readWishlistProducts(ids: string[]): Promise<ProductCardData[]> {
  const db = browserDb();
  const batches: string[][] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) batches.push(ids.slice(from, from + IDS_PER_READ));
  const products = await Promise.all(batches.map((batch) => productsByIds(db, batch)));
  return products.flat().map(productCardData);
}
