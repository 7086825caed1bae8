/**
 * The /search page's state as its address carries it (q, tab, sort, page), its heading, which
 * results it lists, the tabs (counts, pages, keys), and its blog hits as cards (a product hit is
 * made a card as any product is, by productCardData).
 */
import type { BlogCardData } from '../blog/cards/card.ts';
import { pageCount } from '../catalog/core/paging.ts';
import type { BlogHit, SearchSort } from './queries.ts';
import { SEARCH_PAGE_SIZE, searchTerm } from './rules.ts';

/** Search results cache (spec: 30 seconds). */
export const RESULTS_STALE_MS = 30_000;

export const SEARCH_TABS = ['all', 'products', 'blogs'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const TAB_LABELS: Readonly<Record<SearchTab, string>> = { all: 'All', products: 'Products', blogs: 'Blogs' };

export const SEARCH_SORTS = ['relevance', 'newest', 'lowToHigh', 'highToLow'] as const satisfies readonly SearchSort[];
/** The product sort control (spec: Best Match is the relevance order). */
export const SEARCH_SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  relevance: 'Best Match',
  newest: 'Newest',
  lowToHigh: 'Price: Low to High',
  highToLow: 'Price: High to Low',
};

export interface SearchPageState {
  /** The text as typed; what is searched is its trimmed, lower-case form (rules.searchTerm). */
  q: string;
  tab: SearchTab;
  sort: SearchSort;
  page: number;
}

export const NO_SEARCH: SearchPageState = { q: '', tab: 'all', sort: 'relevance', page: 1 };
const MAX_PAGE = 10_000;

/** /search?q=&tab=&sort=&page= read defensively: unknown values fall back to All, Best Match, page 1. */
export function parseSearchState(params: URLSearchParams): SearchPageState {
  const raw = params.get('page');
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : 1;
  return {
    q: params.get('q') ?? '',
    tab: SEARCH_TABS.find((t) => t === params.get('tab')) ?? NO_SEARCH.tab,
    sort: SEARCH_SORTS.find((s) => s === params.get('sort')) ?? NO_SEARCH.sort,
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The address of a state (spec: /search?q={query}), defaults left out. */
export function searchPageHref(state: SearchPageState): string {
  const params = new URLSearchParams({ q: state.q });
  if (state.tab !== NO_SEARCH.tab) params.set('tab', state.tab);
  if (state.sort !== NO_SEARCH.sort) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  // URLSearchParams writes spaces as '+'; the spec's links encode them as %20 (rules.searchHref).
  return `/search?${params.toString().replace(/\+/g, '%20')}`;
}

/** A new text starts at its first page; the tab and sort stay as chosen. */
export function withText(state: SearchPageState, q: string): SearchPageState {
  return { ...state, q: q.trim(), page: 1 };
}

export function withTab(state: SearchPageState, tab: SearchTab): SearchPageState {
  return { ...state, tab, page: 1 };
}

export function withSort(state: SearchPageState, sort: SearchSort): SearchPageState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: SearchPageState, page: number): SearchPageState {
  return { ...state, page };
}

/** The page's heading (spec: 'Search results for “{query}”'), or 'Search' while there is nothing to search. */
export function searchHeading(q: string): string {
  return searchTerm(q) ? `Search results for “${q.trim()}”` : 'Search';
}

const TAB_KEYS = new Map<string, (index: number, last: number) => number>([
  ['ArrowRight', (index, last) => Math.min(index + 1, last)],
  ['ArrowLeft', (index) => Math.max(index - 1, 0)],
  ['Home', () => 0],
  ['End', (_, last) => last],
]);

/** The tab a key moves to (spec: arrow keys, Home and End; the arrows stop at the ends), or none for other keys. */
export function tabAfterKey(current: SearchTab, key: string): SearchTab | undefined {
  const move = TAB_KEYS.get(key);
  return move && SEARCH_TABS[move(SEARCH_TABS.indexOf(current), SEARCH_TABS.length - 1)];
}

/** Which kinds of results a tab lists: All lists products then blogs, page by page. */
export function listedKinds(tab: SearchTab): { products: boolean; blogs: boolean } {
  return { products: tab !== 'blogs', blogs: tab !== 'products' };
}

export type TabCounts = Readonly<Record<SearchTab, number | null>>;

/**
 * Tab counts (spec: from the first page's total_count, kept while paging a tab); All is the sum
 * once both are known.
 */
export function tabCounts(products: number | null, blogs: number | null): TabCounts {
  return { all: products === null || blogs === null ? null : products + blogs, products, blogs };
}

/** Pages of a tab (spec: 24 per page); All has as many as the longer of its two lists. */
export function tabPages(tab: SearchTab, counts: TabCounts): number {
  const pages = (count: number | null) => pageCount(count ?? 0, SEARCH_PAGE_SIZE);
  if (tab === 'all') return Math.max(pages(counts.products), pages(counts.blogs));
  return pages(counts[tab]);
}

export function blogHitCard(hit: BlogHit): BlogCardData {
  return { id: hit.id, title: hit.title, excerpt: hit.excerpt, imageUrl: hit.imageUrl, publishDate: hit.publishDate, categoryId: hit.categoryId };
}
