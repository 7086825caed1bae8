/**
 * What a product page shows, gathered in getStaticPaths from the build's catalogue and blog
 * library: the page renders from it, and its cache key is made from it, so a page is carried over
 * from the previous build only when nothing it shows has changed (lib/cache-key.ts).
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

/** How long the build works on product pages at a stretch while the prices are still being read (ms). */
const WORK_SLICE_MS = 20;

/** A product page and its cache key (productPageKey). */
export interface KeyedProductPage {
  page: ProductPage;
  key: string;
}

/** The pages worked out for a build's catalogue (once per build, whoever asks first). */
const worked = new WeakMap<Catalogue, Promise<KeyedProductPage[]>>();

/**
 * Every product's page and its key, newest first, worked out once for a catalogue. The work goes
 * on in slices of a few milliseconds, so it can start before the product pages' getStaticPaths
 * asks for it and go on while the build waits for the database (the blog articles'
 * getStaticPaths, which Astro runs first, waits 1.2 s for the popular lists at 10,000 products).
 */
export function productPages(shop: Catalogue, library: BlogLibrary): Promise<KeyedProductPage[]> {
  let pages = worked.get(shop);
  if (!pages) {
    pages = workOutProductPages(shop, library);
    // A failure surfaces where the pages are awaited, not as an unhandled rejection of a start ahead.
    pages.catch(() => undefined);
    worked.set(shop, pages);
  }
  return pages;
}

/**
 * The prices of all products are read at once (catalogue.ts); meanwhile the build works out what
 * needs no price (categories, related products and blogs), pausing every few milliseconds so that
 * each next page of rows is asked for as soon as the one before has come, and the rest of the build
 * goes on.
 */
async function workOutProductPages(shop: Catalogue, library: BlogLibrary): Promise<KeyedProductPage[]> {
  const reading = shop.readPrices();
  reading.catch(() => undefined); // a failed read surfaces below, where the prices are awaited
  const index = relatedIndex(shop.products);
  const unpriced: Omit<ProductPage, 'latestPrices' | 'history'>[] = [];
  let sliceStart = performance.now();
  for (const product of shop.products) {
    unpriced.push({
      product,
      categories: product.categoryIds.flatMap((id) => shop.category(id) ?? []).filter((c) => c.types.includes('product')),
      related: index.related(product),
      blogs: library.blogsWithProduct(product.id).slice(0, RELATED_BLOGS_LIMIT),
    });
    if (performance.now() - sliceStart > WORK_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  await reading;
  return Promise.all(unpriced.map(async ({ product, categories, related, blogs }) => {
    const [latestPrices, points] = await Promise.all([shop.latestPrices(product.id), shop.priceHistory(product.id)]);
    // In this order: the cache key digests the page's values in order (productPageKey).
    const page = { product, latestPrices, history: priceHistory(points, shop.now), categories, related, blogs };
    return { page, key: productPageKey(page, shop) };
  }));
}

/**
 * The page's cache key: its data, the facts the build derives from the clock (the related cards'
 * NEW badges; the day the price chart's axis ends, when there is a chart), the related blogs'
 * categories and the header's category list.
 */
function productPageKey(page: ProductPage, shop: Catalogue): string {
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
