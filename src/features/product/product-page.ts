/**
 * What a product page shows, worked out from the build's catalogue and blog library. getStaticPaths
 * keeps only each page's cache key, made from the very values the page renders (lib/cache-key.ts),
 * and a page Astro renders works its values out again from the same catalogue: at 100,000 products
 * the build cannot hold every page's values at once, and a rebuild renders a few hundred of them.
 */
import { cacheKey } from '../../lib/cache-key.ts';
import type { Blog } from '../blog/core/model.ts';
import type { BlogLibrary } from '../blog/core/library.ts';
import { isNew } from '../catalog/cards/new-badge.ts';
import type { Catalogue } from '../catalog/core/catalogue.ts';
import type { Category, Product } from '../catalog/core/model.ts';
import type { LatestPrice } from '../catalog/core/queries.ts';
import { chartDay } from '../prices/chart.ts';
import { priceHistory, type PriceHistory } from '../prices/rules.ts';
import { RELATED_BLOGS_LIMIT, relatedIndex } from './related.ts';

export interface ProductPage {
  product: Product;
  latestPrices: LatestPrice[];
  /** The last 90 days of prices, as of the build. */
  history: PriceHistory;
  /** The categories the page links to: visible and typed for products. */
  categories: Category[];
  related: Product[];
  blogs: Blog[];
}

/** How long the build works on product pages' keys at a stretch before letting the rest of the build go on (ms). */
const WORK_SLICE_MS = 20;

/** A product page's path and cache key (see pageKey). */
export interface ProductPageKey {
  product: Product;
  key: string;
}

/** The keys worked out for a build's catalogue (once per build, whoever asks first). */
const worked = new WeakMap<Catalogue, Promise<ProductPageKey[]>>();

/**
 * Every product page's key, newest first, worked out once for a catalogue. The work goes on in
 * slices of a few milliseconds, so it can start before the product pages' getStaticPaths asks for
 * it and go on while the build waits for the database (the blog articles' getStaticPaths, which
 * Astro runs first, waits 1.2 s for the popular lists at 10,000 products).
 */
export function productPageKeys(shop: Catalogue, library: BlogLibrary): Promise<ProductPageKey[]> {
  let keys = worked.get(shop);
  if (!keys) {
    keys = workOutKeys(shop, library);
    // A failure surfaces where the keys are awaited, not as an unhandled rejection of a start ahead.
    keys.catch(() => undefined);
    worked.set(shop, keys);
  }
  return keys;
}

/** The page of one product, as its key was made (productPageKeys). */
export function productPage(shop: Catalogue, library: BlogLibrary, product: Product): ProductPage {
  return {
    product,
    latestPrices: shop.latestPrices(product.id),
    history: priceHistory(shop.priceHistory(product.id), shop.now),
    categories: product.categoryIds.flatMap((id) => shop.category(id) ?? []).filter((c) => c.types.includes('product')),
    related: relatedIndex(shop.products).related(product),
    blogs: library.blogsWithProduct(product.id).slice(0, RELATED_BLOGS_LIMIT),
  };
}

/** Every page's key, the page itself dropped as soon as its key is made. */
async function workOutKeys(shop: Catalogue, library: BlogLibrary): Promise<ProductPageKey[]> {
  const keys: ProductPageKey[] = [];
  let sliceStart = performance.now();
  for (const product of shop.products) {
    keys.push({ product, key: pageKey(productPage(shop, library, product), shop) });
    if (performance.now() - sliceStart > WORK_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return keys;
}

/**
 * The page's cache key: its data, the facts the build derives from the clock (the related cards'
 * NEW badges; the day the price chart's axis ends, when there is a chart), the related blogs'
 * categories and the header's category list.
 */
function pageKey(page: ProductPage, shop: Catalogue): string {
  const { history, related, blogs } = page;
  // Field by field: the products and blogs in lists are digested once per build, not once per page.
  return cacheKey(
    ...Object.values(page),
    related.map((p) => isNew(p.createdAt, shop.now)),
    history.series.length > 0 ? chartDay(shop.now) : null,
    blogs.map((blog) => shop.category(blog.categoryId ?? '')),
    shop.productCategories,
  );
}
