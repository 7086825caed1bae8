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

export async function productPage(shop: Catalogue, library: BlogLibrary, product: Product): Promise<ProductPage> {
  // Both reads at once: the first page's asking starts every product's read of each.
  const [latestPrices, points] = await Promise.all([shop.latestPrices(product.id), shop.priceHistory(product.id)]);
  return {
    product,
    latestPrices,
    history: priceHistory(points, shop.now),
    categories: product.categoryIds.flatMap((id) => shop.category(id) ?? []).filter((c) => c.types.includes('product')),
    related: relatedIndex(shop.products).related(product),
    blogs: library.blogsWithProduct(product.id).slice(0, RELATED_BLOGS_LIMIT),
  };
}

/**
 * The page's cache key: its data, the facts the build derives from the clock (the related cards'
 * NEW badges; the day the price chart's axis ends, when there is a chart), the related blogs'
 * categories and the header's category list.
 */
export function productPageKey(page: ProductPage, shop: Catalogue): string {
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
