/**
 * The admin product list's rules: its query (search, category and subcategory filters, page), the
 * pagination's links and the ID copy badge (document 2, sections 2, 4 and 9). Pure.
 */

/** Admin product list page size (spec: pages of 10). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 10;
/** Numbered links in the pagination (spec: 8 page-number links). */
export const PAGE_LINKS = 8;
/** Search debounce (spec: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;
/** How long the ID badge says 'Copied!' (spec: 1.2 seconds). */
export const COPIED_FOR_MS = 1200;

export interface ProductListQuery {
  search: string;
  categoryId: string | null;
  subcategoryId: string | null;
  page: number;
}

export const FIRST_PAGE_QUERY: ProductListQuery = { search: '', categoryId: null, subcategoryId: null, page: 1 };

/** A new search text (spec: the page resets to 1 on search change). */
export function withSearch(query: ProductListQuery, search: string): ProductListQuery {
  return search === query.search ? query : { ...query, search, page: 1 };
}

/** A new category filter; its subcategory filter no longer applies (spec: page resets to 1). */
export function withCategoryFilter(query: ProductListQuery, categoryId: string | null): ProductListQuery {
  return categoryId === query.categoryId ? query : { ...query, categoryId, subcategoryId: null, page: 1 };
}

/** A new subcategory filter (spec: page resets to 1). */
export function withSubcategoryFilter(query: ProductListQuery, subcategoryId: string | null): ProductListQuery {
  return subcategoryId === query.subcategoryId ? query : { ...query, subcategoryId, page: 1 };
}

export function withPage(query: ProductListQuery, page: number): ProductListQuery {
  return { ...query, page };
}

/** The page to show after deleting a row of `page`: the one before, when that row was the page's last. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage === 1 && page > 1 ? page - 1 : page;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
}

export type PageLink =
  | { kind: 'first' | 'last'; page: number; disabled: boolean }
  | { kind: 'page'; page: number; current: boolean }
  | { kind: 'gap'; side: 'before' | 'after' };

/**
 * The pagination (spec: 8 page-number links with ellipsis and first/last links): First, an
 * ellipsis when pages before the window are hidden, up to 8 numbers with the current page fourth
 * where it can be, an ellipsis when pages after it are hidden, and Last. Nothing for one page.
 */
export function pageLinks(current: number, pages: number): PageLink[] {
  if (pages <= 1) return [];
  const page = Math.min(Math.max(1, current), pages);
  const start = Math.min(Math.max(1, page - 3), Math.max(1, pages - PAGE_LINKS + 1));
  const end = Math.min(pages, start + PAGE_LINKS - 1);
  const links: PageLink[] = [{ kind: 'first', page: 1, disabled: page === 1 }];
  if (start > 1) links.push({ kind: 'gap', side: 'before' });
  for (let n = start; n <= end; n++) links.push({ kind: 'page', page: n, current: n === page });
  if (end < pages) links.push({ kind: 'gap', side: 'after' });
  links.push({ kind: 'last', page: pages, disabled: page === pages });
  return links;
}

/** 'Showing 11–20 of 322 products'. */
export function listSummary(page: number, total: number): string {
  if (total === 0) return '';
  const from = (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE + 1;
  const to = Math.min(total, page * ADMIN_PRODUCTS_PAGE_SIZE);
  return `Showing ${from}–${to} of ${total} ${total === 1 ? 'product' : 'products'}`;
}

/** The badge's text: 'Copied!' for 1.2 seconds after a copy (spec), otherwise the short ID. */
export function copyBadgeText(id: string, copiedAt: number | null, now: number): string {
  return copiedAt !== null && now - copiedAt >= 0 && now - copiedAt < COPIED_FOR_MS ? 'Copied!' : `ID: ${id.slice(0, 8)}`;
}
