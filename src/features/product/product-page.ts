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

/** What a product page shows that needs no price. */
interface UnpricedPage {
  product: Product;
  /** The categories the page links to: visible and typed for products. */
  categories: Category[];
  related: Product[];
  blogs: Blog[];
}

/** What a product page shows of the product's prices. */
interface PricedPart {
  latestPrices: LatestPrice[];
  /** The last 90 days of prices, as of the build. */
  history: PriceHistory;
}

export type ProductPage = UnpricedPage & PricedPart;

/** How long the build works on product pages at a stretch while the prices are still being read (ms). */
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
export async function productPage(shop: Catalogue, library: BlogLibrary, product: Product): Promise<ProductPage> {
  return { ...unpricedPage(shop, library, product), ...(await pricedPart(shop, product)) };
}

function unpricedPage(shop: Catalogue, library: BlogLibrary, product: Product): UnpricedPage {
  return {
    product,
    categories: product.categoryIds.flatMap((id) => shop.category(id) ?? []).filter((c) => c.types.includes('product')),
    related: relatedIndex(shop.products).related(product),
    blogs: library.blogsWithProduct(product.id).slice(0, RELATED_BLOGS_LIMIT),
  };
}

async function pricedPart(shop: Catalogue, product: Product): Promise<PricedPart> {
  const [latestPrices, points] = await Promise.all([shop.latestPrices(product.id), shop.priceHistory(product.id)]);
  return { latestPrices, history: priceHistory(points, shop.now) };
}

/**
 * The prices of all products are read at once (catalogue.ts); meanwhile the build digests what
 * needs no price (categories, related products and blogs), pausing every few milliseconds so that
 * each next page of rows is asked for as soon as the one before has come, and the rest of the build
 * goes on. Only digests are kept, never a page's values.
 */
async function workOutKeys(shop: Catalogue, library: BlogLibrary): Promise<ProductPageKey[]> {
  const reading = shop.readPrices();
  reading.catch(() => undefined); // a failed read surfaces below, where the prices are awaited
  const unpriced: string[] = [];
  let sliceStart = performance.now();
  for (const product of shop.products) {
    unpriced.push(unpricedKey(unpricedPage(shop, library, product), shop));
    if (performance.now() - sliceStart > WORK_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  await reading;
  return Promise.all(shop.products.map(async (product, i) => ({
    product,
    key: pageKey(unpriced[i]!, await pricedPart(shop, product), shop),
  })));
}

/**
 * The digest of what the page shows without prices: its values, the related cards' NEW badges
 * (a fact of the build's clock), the related blogs' categories and the header's category list.
 * Field by field: the products and blogs in lists are digested once per build, not once per page.
 */
function unpricedKey(page: UnpricedPage, shop: Catalogue): string {
  return cacheKey(
    ...Object.values(page),
    page.related.map((p) => isNew(p.createdAt, shop.now)),
    page.blogs.map((blog) => shop.category(blog.categoryId ?? '')),
    shop.productCategories,
  );
}

/** The page's cache key: the unpriced digest, the prices, and the day the price chart's axis ends when there is a chart. */
function pageKey(unpriced: string, priced: PricedPart, shop: Catalogue): string {
  return cacheKey(unpriced, ...Object.values(priced), priced.history.series.length > 0 ? chartDay(shop.now) : null);
}
