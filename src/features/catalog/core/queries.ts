/**
 * Catalogue reads through supabase-js: the only module of the feature that calls the database.
 * Every call checks `error` and throws with the query's name and the cause.
 */
import type { Db } from '../../../lib/supabase.ts';
import { BATCH_QUESTIONS, type PopularityWindow } from './popularity.ts';
import { type Category, CATEGORY_COLUMNS, type Gender, type Product, PRODUCT_COLUMNS, toCategory, toProduct } from './model.ts';
import { countedPage, readError } from '../../../lib/query-cache.ts';
import { audienceSet } from '../../../lib/audience.ts';
import { allRows, changesAfter, type ChangeMark } from '../../../lib/all-rows.ts';
import { inBatches } from '../../../lib/batches.ts';
import { pageRange } from './paging.ts';
import type { PricePoint } from '../../prices/rules.ts';

/** Products changed after `cursor` (all when undefined), oldest change first, up to `limit` after the change `after` (sync-loader.ts). */
export async function productsChangedSince(db: Db, cursor: string | undefined, after: ChangeMark | undefined, limit: number) {
  const query = changesAfter(db.from('products').select(PRODUCT_COLUMNS), cursor, after);
  const { data, error, status } = await query.order('updated_at').order('id').limit(limit);
  if (error) throw readError(`catalog.productsChangedSince(${cursor ?? 'start'})`, error, status);
  return data.map((row) => {
    const product = toProduct(row);
    return { id: product.id, updatedAt: row.updated_at, data: product };
  });
}

/** Every product id, read in pages (the API caps rows per request). */
export async function productIds(db: Db): Promise<string[]> {
  const rows = await allRows('catalog.productIds', (from, to) => db.from('products').select('id').order('id').range(from, to));
  return rows.map((r) => r.id);
}

/** Visible categories with their subcategories, by name, read in pages. */
export async function visibleCategories(db: Db): Promise<Category[]> {
  const rows = await allRows('catalog.visibleCategories', (from, to) =>
    db.from('categories').select(CATEGORY_COLUMNS).eq('visible', true).order('name').order('id').range(from, to),
  );
  return rows.map(toCategory);
}

/**
 * How a page's read may fail fast: `signal` ends it (retries included) and `retry: false` skips
 * supabase-js's retries of a failed read (1, 2 and 4 s apart), for a page that offers Retry itself.
 */
export interface ReadOptions {
  signal?: AbortSignal;
  retry?: boolean;
}

export async function productsByIds(db: Db, ids: string[], options: ReadOptions = {}): Promise<Product[]> {
  if (ids.length === 0) return [];
  let query = db.from('products').select(PRODUCT_COLUMNS).in('id', ids).retry(options.retry ?? true);
  if (options.signal) query = query.abortSignal(options.signal);
  const { data, error, status } = await query;
  if (error) throw readError(`catalog.productsByIds(${ids.length} ids)`, error, status);
  const byId = new Map(data.map((row) => [row.id, toProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface LatestPrice {
  platform: string;
  price: number;
  scrapedAt: string;
}

/**
 * Products whose prices changed after `cursor` (all with prices when undefined), oldest change
 * first, up to `limit` after the change `after` (sync-loader.ts), with their prices.
 */
export async function productPricesChangedSince(db: Db, cursor: string | undefined, after: ChangeMark | undefined, limit: number) {
  const query = changesAfter(db.from('product_prices').select('id, updated_at, latest, history'), cursor, after);
  const { data, error, status } = await query.order('updated_at').order('id').limit(limit);
  if (error) throw readError(`catalog.productPricesChangedSince(${cursor ?? 'start'})`, error, status);
  return data.flatMap(({ id, updated_at: updatedAt, latest, history }) =>
    id && updatedAt ? [{ id, updatedAt, data: { id, latest: pricePoints(latest), history: pricePoints(history) } }] : []);
}

/** [platform, price, scraped_at] triples as price points, leaving out any that is not one. */
function pricePoints(triples: unknown): PricePoint[] {
  if (!Array.isArray(triples)) return [];
  return triples.flatMap((triple) => {
    if (!Array.isArray(triple)) return [];
    const [platform, price, scrapedAt] = triple as unknown[];
    return typeof platform === 'string' && typeof scrapedAt === 'string' && price !== null && Number.isFinite(Number(price))
      ? [{ platform, price: Number(price), scrapedAt }]
      : [];
  });
}

export interface PopularityQuery {
  window: PopularityWindow;
  categoryId?: string;
  subcategoryIds?: string[];
  gender?: string;
  priceMin?: number;
  priceMax?: number;
  page?: number;
  perPage: number;
  /** Fall back daily → weekly → monthly when a window has no clicks (default true). */
  fallback?: boolean;
  /** Follow the ranked products with the unclicked ones, newest first. */
  includeUnclicked?: boolean;
}

export interface PopularityRanking {
  ids: string[];
  /** The window that answered (after any fallback). */
  window: string | null;
  total: number;
}

/** A question as popular_products' arguments (left out: the function's default). */
function rankingArguments(query: PopularityQuery) {
  return {
    time_window: query.window,
    category_filter: query.categoryId,
    subcategory_filter: query.subcategoryIds,
    gender_filter: query.gender,
    price_min: query.priceMin,
    price_max: query.priceMax,
    page: query.page ?? 1,
    per_page: query.perPage,
    fallback: query.fallback ?? true,
    include_unclicked: query.includeUnclicked ?? false,
  };
}

/** Product ids ranked by clicks in a window, with the listing filters (SQL popular_products). */
export async function popularProducts(db: Db, query: PopularityQuery): Promise<PopularityRanking> {
  const { data, error, status } = await db.rpc('popular_products', rankingArguments(query));
  if (error) throw readError(`catalog.popularProducts(${JSON.stringify(query)})`, error, status);
  return { ids: data.map((r) => r.id), window: data[0]?.ranked_window ?? null, total: data[0]?.total_count ?? 0 };
}

/** Many rankings at once, each as popularProducts answers it, in the order asked (SQL popular_products_batch). */
export function popularProductsBatch(db: Db, queries: readonly PopularityQuery[]): Promise<PopularityRanking[]> {
  return inBatches(queries, BATCH_QUESTIONS, async (asked) => {
    const { data, error, status } = await db.rpc('popular_products_batch', { queries: asked.map(rankingArguments) });
    if (error) throw readError(`catalog.popularProductsBatch(${asked.length} questions)`, error, status);
    const byQuestion = new Map(data.map((row) => [row.question, row]));
    return asked.map((_, i) => {
      const row = byQuestion.get(i + 1);
      return { ids: row?.ids ?? [], window: row?.ranked_window ?? null, total: row?.total_count ?? 0 };
    });
  });
}

export interface ProductPageQuery {
  /** Part of the name, any case. */
  nameContains?: string;
  categoryId?: string;
  subcategoryId?: string;
  priceMin?: number;
  priceMax?: number;
  /** That audience plus for_both. */
  gender?: Gender;
  /** Only products with a 'Price dropped N%' badge. */
  priceDropsOnly?: boolean;
  sort: 'newest' | 'lowToHigh' | 'highToLow';
  page: number;
  perPage: number;
}

export interface ProductPage {
  products: Product[];
  /** Products matching the filters, over all pages. */
  total: number;
}

/**
 * A page of the product list (spec: exact count and range paging; name ilike, category_ids
 * contains, subcategory_ids overlaps, price gte/lte, gender_category in [chosen, for_both]; by
 * created_at descending or price ascending/descending). A page past the end is empty, with the total.
 */
export async function productPage(db: Db, query: ProductPageQuery): Promise<ProductPage> {
  const { from, to } = pageRange(query.page, query.perPage);
  const sorted = query.sort === 'newest'
    ? filteredProducts(db, query, false).order('created_at', { ascending: false })
    : filteredProducts(db, query, false).order('price', { ascending: query.sort === 'lowToHigh' });
  const { rows, total } = await countedPage(`catalog.productPage(${JSON.stringify(query)})`, sorted.order('id').range(from, to), () =>
    filteredProducts(db, query, true),
  );
  return { products: rows.map(toProduct), total };
}

function filteredProducts(db: Db, query: ProductPageQuery, head: boolean) {
  let request = db.from('products').select(PRODUCT_COLUMNS, { count: 'exact', head });
  if (query.nameContains) request = request.ilike('name', `%${query.nameContains.replace(/[\\%_]/g, '\\$&')}%`);
  if (query.categoryId) request = request.contains('category_ids', [query.categoryId]);
  if (query.subcategoryId) request = request.overlaps('subcategory_ids', [query.subcategoryId]);
  if (query.priceMin !== undefined) request = request.gte('price', query.priceMin);
  if (query.priceMax !== undefined) request = request.lte('price', query.priceMax);
  if (query.gender) request = request.in('gender_category', audienceSet(query.gender));
  if (query.priceDropsOnly) request = request.not('price_drop_percent', 'is', null);
  return request;
}

/** A filter state whose facet counts are asked for (the listing's filters; left out: no filter). */
export interface FacetQuery {
  categoryId?: string;
  subcategoryId?: string;
  /** That audience plus for_both. */
  gender?: Gender;
  priceMin?: number;
  priceMax?: number;
  priceDropsOnly?: boolean;
}

/** The filter groups product_facets counts, as the filter panel names them. */
export const FACETS = ['categories', 'subcategories', 'price', 'deals', 'gender'] as const;
export type Facet = (typeof FACETS)[number];

/** How many products each filter choice would give, with the other filters as they are. */
export interface ProductFacets {
  /** The products the filters themselves give (the listing's total). */
  total: number;
  /** By facet, then by the choice's key: 'all', a category or subcategory id, a price bucket id … */
  counts: Record<Facet, Record<string, number>>;
}

const isFacet = (name: string): name is Facet => FACETS.some((facet) => facet === name);

/** The facet counts of a filter state (SQL product_facets: one call, every group). */
export async function productFacets(db: Db, query: FacetQuery): Promise<ProductFacets> {
  const { data, error, status } = await db.rpc('product_facets', {
    category_filter: query.categoryId,
    subcategory_filter: query.subcategoryId,
    gender_filter: query.gender,
    price_min: query.priceMin,
    price_max: query.priceMax,
    price_drops_only: query.priceDropsOnly ?? false,
  });
  // With its HTTP status, so a refused call (400) is not tried again.
  if (error) throw readError(`catalog.productFacets(${JSON.stringify(query)})`, error, status);
  const facets: ProductFacets = { total: 0, counts: { categories: {}, subcategories: {}, price: {}, deals: {}, gender: {} } };
  for (const row of data) {
    if (row.facet === 'total') facets.total = row.product_count;
    else if (isFacet(row.facet)) facets.counts[row.facet][row.choice] = row.product_count;
  }
  return facets;
}
