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

/** `read` of the ids in batches of IDS_PER_READ, at once. */
async function inBatchesOf<T>(ids: readonly string[], read: (batch: string[]) => Promise<T>): Promise<T[]> {
  const batches: string[][] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_READ) batches.push(ids.slice(from, from + IDS_PER_READ));
  return Promise.all(batches.map(read));
}

// Each read ends with `signal` (its query's time budget, wishlist-view.ts) and is not retried by
// supabase-js: the query's own retries count against that budget.
async function readProducts(db: Db, ids: readonly string[], signal: AbortSignal): Promise<Product[]> {
  return (await inBatchesOf(ids, (batch) => productsByIds(db, batch, { signal, retry: false }))).flat();
}

export async function readWishlistProducts(ids: string[], signal: AbortSignal): Promise<ProductCardData[]> {
  const products = await readProducts(browserDb(), ids, signal);
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
export async function readSharedList(token: string, signal: AbortSignal): Promise<SharedList | null> {
  const db = browserDb();
  const list = await sharedWishlist(db, token, { signal, retry: false });
  if (!list) return null;
  const ids = wishlistOrder(list.productIds);
  const [products, priceMaps] = await Promise.all([
    readProducts(db, ids, signal),
    inBatchesOf(ids, (batch) => latestPricesOf(db, batch, { signal, retry: false })),
  ]);
  const prices = new Map(priceMaps.flatMap((map) => [...map]));
  return {
    title: list.title,
    gifts: products.map((product) => ({ card: productCardData(product), offers: retailerOffers(product.affiliateLinks, prices.get(product.id) ?? []) })),
  };
}
