/**
 * The popularity rankings of the SQL functions public.popular_products and public.popular_blogs
 * (supabase/migrations/20261101000800_popularity.sql), worked out in memory from each window's
 * click counts. A build asks the database for the clicks of every product and blog per window
 * once, instead of one ranking request for each list of each page (about 300 requests, which held
 * the category and blog pages of a 10,000-product build back by seconds). Islands still ask the SQL
 * functions at run time, so the two must rank alike: a change to either is a change to both.
 */
import { audienceSet } from '../../lib/audience.ts';
import type { Gender } from './model.ts';
import { fallbackWindows, popularityWindow, type PopularityWindow } from './popularity.ts';

/** Ids of the items clicked in a window, with their clicks (more than 0). */
export type WindowClicks = ReadonlyMap<string, number>;

interface Ranked {
  id: string;
  createdAt: string;
}

export interface RankableProduct extends Ranked {
  price: number;
  gender: Gender;
  categoryIds: readonly string[];
  subcategoryIds: readonly string[];
}

export interface RankableBlog extends Ranked {
  gender: Gender;
  categoryId: string | null;
}

/** The questions popular_products answers (its arguments, but as_of: the clicks are read as of the build). */
export interface ProductRankingQuery {
  window: string;
  categoryId?: string;
  subcategoryIds?: readonly string[];
  gender?: string;
  priceMin?: number;
  priceMax?: number;
  page?: number;
  perPage: number;
  fallback?: boolean;
  includeUnclicked?: boolean;
}

export interface ProductRanking {
  ids: string[];
  /** The window that answered, as ranked_window (null when the page is empty). */
  window: PopularityWindow | null;
  /** Products in the whole ranking, as total_count (0 when the page is empty). */
  total: number;
}

/** Microseconds since 1970 of a PostgREST timestamp ("2026-05-13T00:13:55.057+00:00", the fraction trimmed), for created_at order. */
export function timestampMicros(timestamp: string): number {
  const match = /^(.+T\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d:?\d\d)?$/.exec(timestamp);
  if (!match) throw new Error(`'${timestamp}' is not a timestamp the ranking can order by`);
  const seconds = Date.parse(`${match[1]}${match[3] ?? 'Z'}`);
  return seconds * 1000 + Number((match[2] ?? '').padEnd(6, '0'));
}

// A build ranks the same products over and over: each timestamp is read once.
const MICROS_CACHE_LIMIT = 200_000;
const micros = new Map<string, number>();

function cachedMicros(timestamp: string): number {
  let value = micros.get(timestamp);
  if (value === undefined) {
    if (micros.size >= MICROS_CACHE_LIMIT) micros.clear();
    value = timestampMicros(timestamp);
    micros.set(timestamp, value);
  }
  return value;
}

/** The items in the SQL functions' order (spec): most clicks first, then the newest (created_at), then by id. */
function sortByClicksThenNewest<T extends Ranked>(items: readonly T[], clicks: WindowClicks): T[] {
  return items
    .map((item) => ({ item, clicks: clicks.get(item.id) ?? 0, created: cachedMicros(item.createdAt) }))
    .sort((a, b) => b.clicks - a.clicks || b.created - a.created || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0))
    .map(({ item }) => item);
}

/** The audiences a gender filter admits (SQL: none for null or '', else public.audience_set). */
function audiences(gender: string | undefined): readonly Gender[] | undefined {
  return gender ? audienceSet(gender) : undefined;
}

/**
 * popular_products in memory (spec: products ranked by clicks in the window with the listing
 * filters; with fallback an empty daily ranking falls back to weekly, then monthly; with
 * include_unclicked the unclicked ones follow, newest first).
 */
export function rankProducts<P extends RankableProduct>(
  products: readonly P[],
  clicksIn: (window: PopularityWindow) => WindowClicks,
  query: ProductRankingQuery,
): ProductRanking {
  const page = query.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw new Error(`page must be 1 or more, not ${page}`);
  if (!Number.isInteger(query.perPage) || query.perPage < 1 || query.perPage > 1000) {
    throw new Error(`per_page must be between 1 and 1000, not ${query.perPage}`);
  }
  const asked = popularityWindow(query.window);
  const windows = query.fallback ?? true ? fallbackWindows(asked) : [asked];
  const admitted = audiences(query.gender);
  const matching = products.filter(
    (p) =>
      (query.categoryId === undefined || p.categoryIds.includes(query.categoryId)) &&
      (query.subcategoryIds === undefined || p.subcategoryIds.some((id) => query.subcategoryIds!.includes(id))) &&
      (admitted === undefined || admitted.includes(p.gender)) &&
      (query.priceMin === undefined || p.price >= query.priceMin) &&
      (query.priceMax === undefined || p.price <= query.priceMax),
  );
  // The first window in which a matching product was clicked answers; else the last one asked.
  const chosen = windows.find((window) => matching.some((p) => clicksIn(window).has(p.id))) ?? windows.at(-1)!;
  const clicks = clicksIn(chosen);
  const ranked = sortByClicksThenNewest(query.includeUnclicked ? matching : matching.filter((p) => clicks.has(p.id)), clicks);
  const ids = ranked.slice((page - 1) * query.perPage, page * query.perPage).map((p) => p.id);
  return ids.length > 0 ? { ids, window: chosen, total: ranked.length } : { ids, window: null, total: 0 };
}

/**
 * popular_blogs in memory (spec: blogs ranked by clicks in the window with the audience and
 * category filters; when none of them was clicked, the newest answer).
 */
export function rankBlogs<B extends RankableBlog>(
  blogs: readonly B[],
  clicks: WindowClicks,
  query: { gender?: string; categoryId?: string; limit: number; offset?: number },
): string[] {
  const offset = query.offset ?? 0;
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 1000) {
    throw new Error(`result_limit must be between 1 and 1000, not ${query.limit}`);
  }
  if (!Number.isInteger(offset) || offset < 0) throw new Error(`result_offset must be 0 or more, not ${offset}`);
  const admitted = audiences(query.gender);
  const candidates = blogs.filter(
    (b) => (admitted === undefined || admitted.includes(b.gender)) && (query.categoryId === undefined || b.categoryId === query.categoryId),
  );
  const clicked = candidates.filter((b) => clicks.has(b.id));
  return sortByClicksThenNewest(clicked.length > 0 ? clicked : candidates, clicks)
    .slice(offset, offset + query.limit)
    .map((b) => b.id);
}
