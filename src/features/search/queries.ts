/**
 * The search page's reads through supabase-js: its two stored procedures. Every call checks
 * `error` and throws with the query's name and the cause. The header's suggestions are
 * suggestions.ts.
 */
import { readError } from '../../lib/query-cache.ts';
import type { Db } from '../../lib/supabase.ts';
import type { BlogCardData } from '../blog/cards/card.ts';
import type { CardProduct } from '../catalog/cards/card.ts';
import { productMedia, productVariants, type Gender } from '../catalog/core/model.ts';
import { SEARCH_PAGE_SIZE, searchOffset } from './rules.ts';

export type SearchSort = 'relevance' | 'newest' | 'lowToHigh' | 'highToLow';

export interface SearchQuery {
  term: string;
  sort: SearchSort;
  page: number;
  categoryId?: string;
  gender?: Gender;
  priceMin?: number;
  priceMax?: number;
}

/** A product found, with what its card shows (as in every listing) and the rank of the match. */
export type ProductHit = CardProduct & { rank: number };

/** A blog found, as its card shows it, with the rank of the match. */
export type BlogHit = BlogCardData & { rank: number };

export interface SearchPage<H> {
  hits: H[];
  /** Matches before paging; unknown (null) when the page is past the last match. */
  total: number | null;
}

/** Products matching a search, one page (spec: search_products_enhanced). */
export async function searchProducts(db: Db, query: SearchQuery): Promise<SearchPage<ProductHit>> {
  const { data, error, status } = await db.rpc('search_products_enhanced', {
    ...searchArguments(query),
    price_min: query.priceMin,
    price_max: query.priceMax,
    sort_by: query.sort,
  });
  if (error) throw readError(`search.searchProducts(${query.term})`, error, status);
  return searchPage(query, data, (p) => ({
    id: p.id, name: p.name, description: p.description, price: Number(p.price), imageUrl: p.image_url, createdAt: p.created_at, rank: p.rank,
    media: productMedia(p.media_urls), variants: productVariants(p.variants),
    lowestPriceIn90Days: p.price_lowest_in_90_days, priceDropPercent: p.price_drop_percent,
  }));
}

/** Blogs matching a search, one page (spec: search_blogs_enhanced). */
export async function searchBlogs(db: Db, query: SearchQuery): Promise<SearchPage<BlogHit>> {
  const { data, error, status } = await db.rpc('search_blogs_enhanced', searchArguments(query));
  if (error) throw readError(`search.searchBlogs(${query.term})`, error, status);
  return searchPage(query, data, (b) => ({
    id: b.id, title: b.title, excerpt: b.excerpt, imageUrl: b.image_url, publishDate: b.publish_date, categoryId: b.category_id, rank: b.rank,
  }));
}

/** The arguments both searches take: the term, the category and audience filters, and the page. */
function searchArguments(query: SearchQuery) {
  return {
    search_query: query.term,
    category_filter: query.categoryId,
    gender_filter: query.gender,
    result_limit: SEARCH_PAGE_SIZE,
    result_offset: searchOffset(query.page),
  };
}

/** A page of hits; every row carries the total, so a page past the last match has none to tell. */
function searchPage<R extends { total_count: number }, H>(query: SearchQuery, rows: readonly R[], toHit: (row: R) => H): SearchPage<H> {
  return { hits: rows.map(toHit), total: rows[0]?.total_count ?? (query.page === 1 ? 0 : null) };
}
