/**
 * Paging of the product and blog lists: the page size the listings and the prebuilt popular lists
 * share, the rows a query reads for a page, and the numbered pages the controls show.
 */

/** Public products and blogs page size (spec: 12). */
export const LISTING_PAGE_SIZE = 12;

/** Number of pages for a total (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Rows of a page for range paging (spec: from (page-1)*size to page*size-1). */
export function pageRange(page: number, pageSize: number = LISTING_PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, page) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** Numbered pages around the current one: at most `size` consecutive numbers within 1..pages. */
export function pageWindow(current: number, pages: number, size = 5): number[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Where Previous leads from `current`: the page before it, or the last page from an address past the end; none from page 1. */
export function previousPage(current: number, pages: number): number | undefined {
  return current > 1 ? Math.min(current - 1, Math.max(1, pages)) : undefined;
}
