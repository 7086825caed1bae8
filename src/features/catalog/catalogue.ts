/**
 * The catalogue as the build sees it: the content collections indexed once per build, each
 * window's product clicks and every product's latest prices read once, and the popularity
 * rankings worked out from those clicks (ranking.ts, memoised per question), so thousands of
 * prebuilt pages share a handful of queries.
 */
import { getCollection } from 'astro:content';
import { buildDb } from '../../lib/supabase.ts';
import { audienceSet } from '../../lib/audience.ts';
import type { Category, Gender, Product } from './model.ts';
import { POPULARITY_WINDOWS, type PopularityWindow } from './popularity.ts';
import { latestPrices, productClicks, type LatestPrice, type PopularityQuery } from './queries.ts';
import { rankProducts, type WindowClicks } from './ranking.ts';

export interface Catalogue {
  /** Every product, newest first. */
  products: Product[];
  product(id: string): Product | undefined;
  /** Visible categories of every type, by name. */
  categories: Category[];
  category(id: string): Category | undefined;
  /** Visible categories typed for products, by name. */
  productCategories: Category[];
  /** Visible categories typed for blogs, by name. */
  blogCategories: Category[];
  /** The curated category whose products are the home page's curated picks. */
  curated: Category | undefined;
  /** Products of a category, newest first. */
  productsIn(categoryId: string): Product[];
  /** Products for an audience (that audience plus for_both; for_both alone otherwise), newest first. */
  productsFor(gender: Gender): Product[];
  /** Each platform's latest known price for a product. */
  latestPrices(productId: string): Promise<LatestPrice[]>;
  /** Starts reading every product's latest prices now, so they are in by the time the first product page asks. */
  prefetchPrices(): void;
  /** Products ranked by clicks as SQL popular_products ranks them (ranking.ts), in rank order. */
  popular(query: PopularityQuery): Promise<Product[]>;
  /** The build's clock, for rules such as the NEW badge. */
  now: Date;
}

let loading: Promise<Catalogue> | undefined;

export function catalogue(): Promise<Catalogue> {
  loading ??= load();
  return loading;
}

function memoise<A, R>(work: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  const cache = new Map<string, Promise<R>>();
  return (arg) => {
    const key = JSON.stringify(arg);
    let result = cache.get(key);
    if (!result) {
      result = work(arg);
      cache.set(key, result);
    }
    return result;
  };
}

async function load(): Promise<Catalogue> {
  const [productEntries, categoryEntries] = await Promise.all([getCollection('products'), getCollection('categories')]);
  const products = productEntries
    .map((e) => e.data)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const byId = new Map(products.map((p) => [p.id, p]));
  const categories = categoryEntries.map((e) => e.data).sort((a, b) => a.name.localeCompare(b.name));
  const categoryById = new Map(categories.map((c) => [c.id, c]));

  const inCategory = new Map<string, Product[]>();
  for (const product of products) {
    for (const id of product.categoryIds) {
      const list = inCategory.get(id) ?? [];
      list.push(product);
      inCategory.set(id, list);
    }
  }

  let prices: Promise<Map<string, LatestPrice[]>> | undefined;
  const allPrices = () => {
    if (!prices) {
      prices = latestPrices(buildDb());
      // Read ahead: a failure surfaces where a page awaits the prices, not as an unhandled rejection.
      prices.catch(() => undefined);
    }
    return prices;
  };
  let clicks: Promise<Map<PopularityWindow, WindowClicks>> | undefined;
  const allClicks = () =>
    (clicks ??= Promise.all(POPULARITY_WINDOWS.map(async (window) => [window, await productClicks(buildDb(), window)] as const)).then(
      (entries) => new Map(entries),
    ));
  const popular = memoise(async (query: PopularityQuery) => {
    const windows = await allClicks();
    // A category's products are all the ranking can hold: no need to filter the whole catalogue.
    const candidates = query.categoryId === undefined ? products : (inCategory.get(query.categoryId) ?? []);
    const ranking = rankProducts(candidates, (window) => windows.get(window)!, query);
    return ranking.ids.flatMap((id) => byId.get(id) ?? []);
  });

  return {
    products,
    product: (id) => byId.get(id),
    categories,
    category: (id) => categoryById.get(id),
    productCategories: categories.filter((c) => c.types.includes('product')),
    blogCategories: categories.filter((c) => c.types.includes('blog')),
    curated: categories.find((c) => c.featured),
    productsIn: (categoryId) => inCategory.get(categoryId) ?? [],
    productsFor: (gender) => {
      const audiences = audienceSet(gender);
      return products.filter((p) => audiences.includes(p.gender));
    },
    async latestPrices(productId) {
      return (await allPrices()).get(productId) ?? [];
    },
    prefetchPrices: () => void allPrices(),
    popular,
    now: new Date(),
  };
}
