/**
 * The URL state of the /products and /blogs listings: parsed from the query string with bad
 * values dropped, written back without defaults, and changed one filter at a time.
 *
 * The query string is read by hand rather than with zod: the listing islands ship this module,
 * and zod would add about 24 KB gzipped to their JavaScript. The tests pin every rule.
 */
import { GENDERS, type Gender } from '../../../lib/audience.ts';
import { LISTING_PAGE_SIZE } from '../core/paging.ts';

/** Sort options (spec: products newest, popular, lowToHigh, highToLow; blogs newest or popular; default popular). */
export const PRODUCT_SORTS = ['newest', 'popular', 'lowToHigh', 'highToLow'] as const;
export const BLOG_SORTS = ['newest', 'popular'] as const;
export const DEFAULT_SORT = 'popular';

export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type BlogSort = (typeof BLOG_SORTS)[number];

export interface ProductFilters {
  category: string | null;
  subcategory: string | null;
  priceMin: number | null;
  priceMax: number | null;
  gender: Gender | null;
  /** 'Price drops': only products with a 'Price dropped N%' badge (true, or null for all). */
  priceDrops: true | null;
  sortBy: ProductSort;
  page: number;
}

export interface BlogFilters {
  category: string | null;
  gender: Gender | null;
  sortBy: BlogSort;
  page: number;
}

const MAX_FILTER_LENGTH = 200;
const MAX_PAGE = 1_000_000;

const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a filter's value has the shape of a row's id (a uuid). A value without that shape is no
 * row's id, and the database refuses to compare an id column with it (400) rather than find nothing.
 */
export function isRowId(value: string): boolean {
  return ROW_ID.test(value);
}

/** An id filter: trimmed, 1 to 200 characters, else none. */
function filterValue(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  return value.length >= 1 && value.length <= MAX_FILTER_LENGTH ? value : null;
}

/** A price: digits with optional decimals (no sign), else none. */
function priceValue(raw: string | null): number | null {
  return raw !== null && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : null;
}

function genderValue(raw: string | null): Gender | null {
  return GENDERS.find((gender) => gender === raw) ?? null;
}

function oneOf<T extends string>(options: readonly T[], raw: string | null, fallback: T): T {
  return options.find((option) => option === raw) ?? fallback;
}

/** A page: a whole number from 1 to 1,000,000, else 1. */
function pageValue(raw: string | null): number {
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 0;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The sort control's labels, listed in the order of PRODUCT_SORTS and BLOG_SORTS. */
export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  popular: 'Most Popular',
  lowToHigh: 'Price: Low to High',
  highToLow: 'Price: High to Low',
};

/** /products query (spec: category, subcategory, priceMin, priceMax, gender, sortBy default popular, page; priceDrops=true for 'Price drops'). */
export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {
    category: filterValue(params.get('category')),
    subcategory: filterValue(params.get('subcategory')),
    priceMin: priceValue(params.get('priceMin')),
    priceMax: priceValue(params.get('priceMax')),
    gender: genderValue(params.get('gender')),
    priceDrops: params.get('priceDrops') === 'true' ? true : null,
    sortBy: oneOf(PRODUCT_SORTS, params.get('sortBy'), DEFAULT_SORT),
    page: pageValue(params.get('page')),
  };
  // A minimum above the maximum matches nothing; such a range is dropped rather than guessed at.
  const contradictory = filters.priceMin !== null && filters.priceMax !== null && filters.priceMin > filters.priceMax;
  return contradictory ? { ...filters, priceMin: null, priceMax: null } : filters;
}

/** /blogs query (spec: category, gender, sortBy newest or popular, page); sortBy defaults to popular. */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  return {
    category: filterValue(params.get('category')),
    gender: genderValue(params.get('gender')),
    sortBy: oneOf(BLOG_SORTS, params.get('sortBy'), DEFAULT_SORT),
    page: pageValue(params.get('page')),
  };
}

/** /products link for a filter state, defaults omitted (sortBy popular, page 1, empty filters). */
export function productsHref(filters: ProductFilters): string {
  return withQuery('/products', filters, DEFAULT_SORT);
}

/** /blogs link for a filter state, defaults omitted (sortBy popular, page 1, empty filters). */
export function blogsHref(filters: BlogFilters): string {
  return withQuery('/blogs', filters, DEFAULT_SORT);
}

export type ListingFilters = ProductFilters | BlogFilters;

/** For Both in the address is no gender filter, as choosing it in the filters is (spec: choosing For Both clears the gender filter). */
export function withoutForBoth<S extends ListingFilters>(filters: S): S {
  return filters.gender === 'for_both' ? { ...filters, gender: null } : filters;
}

/** Filter change (spec: page resets to 1 when any filter changes; choosing For Both clears the gender filter). */
// A new category also clears the subcategory, which belonged to the old one.
export function withFilter(state: ProductFilters, change: Partial<Omit<ProductFilters, 'page'>>): ProductFilters;
export function withFilter(state: BlogFilters, change: Partial<Omit<BlogFilters, 'page'>>): BlogFilters;
export function withFilter<S extends ListingFilters>(state: S, change: Partial<Omit<S, 'page'>>): S {
  const merged: S = { ...state, ...change };
  const next: S = merged.gender === 'for_both' ? { ...merged, gender: null } : merged;
  const categoryMoved = next.category !== state.category && !('subcategory' in change);
  const settled: S = categoryMoved && 'subcategory' in next ? { ...next, subcategory: null } : next;
  return sameFilters(state, settled) ? state : { ...settled, page: 1 };
}

/** Pagination: move to a page, at least 1. */
export function withPage<S extends ListingFilters>(state: S, page: number): S {
  return { ...state, page: Math.max(1, Math.trunc(page)) };
}

function withQuery(path: string, filters: ListingFilters, defaultSort: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || (key === 'sortBy' && value === defaultSort) || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function sameFilters(a: ListingFilters, b: ListingFilters): boolean {
  return withQuery('', a, '') === withQuery('', b, '');
}

/** The line above a listing: 'Showing 13–24 of 40 products', or just the total past the last page. */
export function listingSummary(page: number, total: number, noun: { one: string; many: string }, pageSize = LISTING_PAGE_SIZE): string {
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const name = total === 1 ? noun.one : noun.many;
  return from > total ? `${total} ${name}` : `Showing ${from}–${to} of ${total} ${name}`;
}
