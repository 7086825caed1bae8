/**
 * The catalogue as the build sees it: the products and their prices kept between builds and
 * synced from the rows changed since (lib/file-collection.ts), the content collections, indexed
 * once per build, and every popular list the prebuilt pages show ranked by SQL in one request
 * (popular-lists.ts), so thousands of prebuilt pages share a handful of queries.
 */
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import { buildCacheDir } from '../../../lib/build-cache.ts';
import { syncFileCollection } from '../../../lib/file-collection.ts';
import { buildDb } from '../../../lib/supabase.ts';
import { audienceSet } from '../../../lib/audience.ts';
import { askedAhead } from '../../../lib/batches.ts';
import { byName, indexById, newestFirst } from '../../../lib/order.ts';
import { productPricesSchema, productSchema, type Category, type Gender, type Product, type ProductPrices } from './model.ts';
import { prebuiltQuestions } from './popular-lists.ts';
import {
  popularProductsBatch, productFacets, productIds, productPricesChangedSince, productsChangedSince,
  type FacetQuery, type LatestPrice, type PopularityQuery, type ProductFacets,
} from './queries.ts';
import type { PricePoint } from '../../prices/rules.ts';

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
  latestPrices(productId: string): LatestPrice[];
  /** A product's prices of the last 90 days or later, oldest first (the product page's chart cuts the window at `now`). */
  priceHistory(productId: string): PricePoint[];
  /** Products ranked by clicks (SQL popular_products), in rank order; the prebuilt pages' questions are asked all at once. */
  popular(query: PopularityQuery): Promise<Product[]>;
  /** How many products each filter choice gives in a filter state (SQL product_facets), read once per state. */
  facets(query: FacetQuery): Promise<ProductFacets>;
  /** The build's clock, for rules such as the NEW badge. */
  now: Date;
}

let loading: Promise<Catalogue> | undefined;

export function catalogue(): Promise<Catalogue> {
  loading ??= load();
  return loading;
}

/** A question's key: the same question with its fields in any order, or an undefined field left out, is the same key. */
const questionKey = (query: PopularityQuery | FacetQuery) => JSON.stringify(query, Object.keys(query).sort());

/**
 * Every product, in step with the database: kept in a file of the build's cache rather than as a
 * content collection, which Astro would serialise whole at every change (lib/file-collection.ts).
 */
function syncedProducts(): Promise<Product[]> {
  return syncFileCollection({
    name: 'products',
    file: join(buildCacheDir(), 'giftshop', 'products.json'),
    source: {
      changedSince: (cursor, after, limit) => productsChangedSince(buildDb(), cursor, after, limit),
      allIds: () => productIds(buildDb()),
    },
    parse: (data) => productSchema.parse(data),
  });
}

/**
 * Every product's prices, kept beside the products and read again only for products whose prices
 * changed (the database stamps them: product_price_changes). The prices of a product no longer in
 * the catalogue are dropped.
 */
function syncedPrices(products: Promise<Product[]>): Promise<ProductPrices[]> {
  return syncFileCollection({
    name: 'prices',
    file: join(buildCacheDir(), 'giftshop', 'prices.json'),
    source: {
      changedSince: (cursor, after, limit) => productPricesChangedSince(buildDb(), cursor, after, limit),
      allIds: async () => (await products).map((p) => p.id),
    },
    parse: (data) => productPricesSchema.parse(data),
  });
}

async function load(): Promise<Catalogue> {
  const productRows = syncedProducts();
  const [products, prices, categoryEntries] = await Promise.all([
    productRows.then(newestFirst),
    syncedPrices(productRows),
    getCollection('categories'),
  ]);
  const byId = indexById(products);
  const categories = byName(categoryEntries.map((e) => e.data));
  const categoryById = indexById(categories);

  const inCategory = new Map<string, Product[]>();
  for (const product of products) {
    for (const id of product.categoryIds) {
      const list = inCategory.get(id) ?? [];
      list.push(product);
      inCategory.set(id, list);
    }
  }

  const pricesById = indexById(prices);
  const productCategories = categories.filter((c) => c.types.includes('product'));
  const productsIn = (categoryId: string) => inCategory.get(categoryId) ?? [];
  const popular = askedAhead(
    async () => prebuiltQuestions({ categories, productCategories, productsIn }),
    questionKey,
    async (questions: readonly PopularityQuery[]) =>
      (await popularProductsBatch(buildDb(), questions)).map((ranking) => ranking.ids.flatMap((id) => byId.get(id) ?? [])),
  );

  const facetAnswers = new Map<string, Promise<ProductFacets>>();

  return {
    products,
    product: (id) => byId.get(id),
    categories,
    category: (id) => categoryById.get(id),
    productCategories,
    blogCategories: categories.filter((c) => c.types.includes('blog')),
    curated: categories.find((c) => c.featured),
    productsIn,
    productsFor: (gender) => {
      const audiences = audienceSet(gender);
      return products.filter((p) => audiences.includes(p.gender));
    },
    latestPrices: (productId) => pricesById.get(productId)?.latest ?? [],
    priceHistory: (productId) => pricesById.get(productId)?.history ?? [],
    popular,
    facets: (query) => {
      const key = questionKey(query);
      let answer = facetAnswers.get(key);
      if (!answer) {
        answer = productFacets(buildDb(), query);
        facetAnswers.set(key, answer);
      }
      return answer;
    },
    now: new Date(),
  };
}
