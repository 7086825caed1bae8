/**
 * The wishlist page's and the shared list page's product reads. The islands load this module
 * (and supabase-js with it) only when there are products to show.
 */
import { browserDb, type Db } from '../../lib/supabase.ts';
import { productCardData, type ProductCardData } from '../catalog/cards/card.ts';
import type { Product } from '../catalog/core/model.ts';
import { productsByIds } from '../catalog/core/queries.ts';
import { retailerOffers, type RetailerOffer } from '../product/offers.ts';
import { latestPricesOf, sharedWishlist } from './queries.ts';
import { wishlistOrder } from './wishlist-view.ts';

/** Ids per request: a long wishlist would otherwise make an address too long for some servers. */
const IDS_PER_READ = 100;

/**
 * How long a page waits for its products: past it the shopper sees the error and Retry rather
 * than 'Loading products...'. The pages offer Retry themselves, so a failed read is not retried
 * behind the shopper's back (supabase-js would go on for 7 s more).
 */
export const WISHLIST_READ_DEADLINE_MS = 3_500;

/** `read` of the ids in batches of IDS_PER_READ, at once. */
async function inBatchesOf<T>(ids: readonly string[], read: (batch: string[]) => Promise<T>): Promise<T[]> {
  const batches: string[][] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) batches.push(ids.slice(from, from + IDS_PER_READ));
  return Promise.all(batches.map(read));
}

async function readProducts(db: Db, ids: readonly string[], deadline: AbortSignal): Promise<Product[]> {
  return (await inBatchesOf(ids, (batch) => productsByIds(db, batch, { signal: deadline, retry: false }))).flat();
}

export async function readWishlistProducts(ids: string[]): Promise<ProductCardData[]> {
  const products = await readProducts(browserDb(), ids, AbortSignal.timeout(WISHLIST_READ_DEADLINE_MS));
  return products.map(productCardData);
}

/** A gift on a shared list: its card and the retailers its links go to. */
export interface SharedGift {
  card: ProductCardData;
  offers: RetailerOffer[];
}

export interface SharedList {
  title: string;
  /** Newest like first, as the owner's own wishlist page shows them. */
  gifts: SharedGift[];
}

/** The list a link's token names, with its products; null when the token names no shared list. */
export async function readSharedList(token: string): Promise<SharedList | null> {
  const db = browserDb();
  const deadline = AbortSignal.timeout(WISHLIST_READ_DEADLINE_MS);
  const list = await sharedWishlist(db, token, { signal: deadline, retry: false });
  if (!list) return null;
  const ids = wishlistOrder(list.productIds);
  const [products, priceMaps] = await Promise.all([
    readProducts(db, ids, deadline),
    inBatchesOf(ids, (batch) => latestPricesOf(db, batch, { signal: deadline, retry: false })),
  ]);
  const prices = new Map(priceMaps.flatMap((map) => [...map]));
  return {
    title: list.title,
    gifts: products.map((product) => ({ card: productCardData(product), offers: retailerOffers(product.affiliateLinks, prices.get(product.id) ?? []) })),
  };
}
