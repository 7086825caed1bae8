/**
 * Paging of the blog category listing. Every page is prebuilt: page 1 at the listing's route,
 * page n at {route with gender}/page/{n}. The controls link to ?page=n on the route the visitor
 * is on, and the generated _redirects serve the prebuilt page there (see redirects.ts), so the
 * address a visitor shares is the one the spec gives.
 */
import type { Gender } from '../../catalog/core/model.ts';
import { blogCategoryHref } from '../../../lib/links.ts';

/** Blog category listing page size (spec: 9). */
export const BLOG_CATEGORY_PAGE_SIZE = 9;

/** Number of pages for `total` items; an empty listing still has its first page. */
export function pageCount(total: number, size: number = BLOG_CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The items of page `page` (from 1). */
export function pageItems<T>(items: readonly T[], page: number, size: number = BLOG_CATEGORY_PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** Where page `page` of a category listing is prebuilt (the gender defaults to for_both). */
export function categoryListingFile(categoryId: string, gender: Gender | undefined, page: number): string {
  if (page <= 1) return blogCategoryHref(categoryId, gender);
  return `${blogCategoryHref(categoryId, gender ?? 'for_both')}/page/${page}`;
}

/** A control's link: the route itself for page 1, ?page=n otherwise. */
export function pageHref(route: string, page: number): string {
  return page <= 1 ? route : `${route}?page=${page}`;
}

export interface PageControl {
  page: number;
  /** null when the control is disabled. */
  href: string | null;
}

export interface PaginationControls {
  previous: PageControl;
  pages: (PageControl & { current: boolean })[];
  next: PageControl;
}

/** Listing controls (spec: Previous, numbered and Next; Previous disabled on page 1, Next on the last page). */
export function paginationControls(route: string, current: number, pages: number): PaginationControls {
  const control = (page: number, enabled: boolean): PageControl => ({ page, href: enabled ? pageHref(route, page) : null });
  return {
    previous: control(current - 1, current > 1),
    pages: Array.from({ length: pages }, (_, i) => ({ ...control(i + 1, i + 1 !== current), current: i + 1 === current })),
    next: control(current + 1, current < pages),
  };
}
