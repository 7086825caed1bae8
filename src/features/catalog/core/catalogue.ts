/**
 * The catalogue as the build sees it: the content collections indexed once per build, every
 * product's latest prices read once, and every popular list the prebuilt pages show ranked by SQL
 * in one request (popular-lists.ts), so thousands of prebuilt pages share a handful of queries.
 */
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import { buildCacheDir } from '../../../lib/build-cache.ts';
import { syncFileCollection } from '../../../lib/file-collection.ts';
import { buildDb } from '../../../lib/supabase.ts';
import { audienceSet } from '../../../lib/audience.ts';
import { askedAhead } from '../../../lib/batches.ts';
import { byName, indexById, newestFirst } from '../../../lib/order.ts';
import { productSchema, type Category, type Gender, type Product } from './model.ts';
import { prebuiltQuestions } from './popular-lists.ts';
import { readPrices, takeStartedPriceReads, type PriceReads } from './price-reads.ts';
import {
  popularProductsBatch, productFacets, productIds, productsChangedSince,
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
  latestPrices(productId: string): Promise<LatestPrice[]>;
  /** A product's prices of the last 90 days, oldest first (the product page's chart). */
  priceHistory(productId: string): Promise<PricePoint[]>;
  /** Starts reading every product's prices (read once per build, at the first asking); settles when both reads have. */
  readPrices(): Promise<void>;
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

async function load(): Promise<Catalogue> {
  const [productRows, categoryEntries] = await Promise.all([syncedProducts(), getCollection('categories')]);
  const products = newestFirst(productRows);
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

  // Started as the build started (price-reads.ts), or here at the first asking.
  let prices: PriceReads | undefined = takeStartedPriceReads();
  const priceReads = () => (prices ??= readPrices(buildDb()));
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
    async latestPrices(productId) {
      return (await priceReads().latest).get(productId) ?? [];
    },
    async priceHistory(productId) {
      return (await priceReads().histories).get(productId) ?? [];
    },
    async readPrices() {
      const { latest, histories } = priceReads();
      await Promise.all([latest, histories]);
    },
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
