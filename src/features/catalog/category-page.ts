/**
 * The category page (/category/{id}/{slug} and its audience variants): its limits, texts, links
 * and breadcrumbs, and how its lists are cut from one ranking of the whole category.
 */
import { SEO_DESCRIPTION_MAX, truncateWords } from '../seo/text.ts';
import { genderLabel } from '../../lib/audience.ts';
import type { Category, Gender } from './model.ts';
import { categoryHref } from '../../lib/links.ts';

/** Limits (spec: 4 weekly-popular blogs, 21 monthly popular, 5 top clicked, 21 at or under $50; newest: the default list limit 20). */
export const CATEGORY_PAGE_LIMITS = {
  newest: 20,
  topBlogs: 4,
  popular: 21,
  topClicked: 5,
  budget: 21,
} as const;

/** 'Under $50' (spec: products at or under $50). */
export const BUDGET_MAX_PRICE = 50;

/** The most rows popular_products answers at once (its per_page limit). */
export const MAX_RANKING_PAGE = 1000;

/** Section headings (spec). */
export const CATEGORY_SECTIONS = {
  newest: 'Newest Products',
  topBlogs: 'Top Blogs',
  popular: 'Popular Products by Subcategory',
  topClicked: 'Daily Top Clicked',
  budget: 'Under $50',
} as const;

/** The empty state of a subcategory (spec, products page). */
export const EMPTY_SUBCATEGORY = 'No products found in this subcategory.';

/** Page size that ranks a whole category in one request (at least 1, at most the RPC's limit). */
export function rankingPageSize(productsInCategory: number): number {
  return Math.min(Math.max(productsInCategory, 1), MAX_RANKING_PAGE);
}

/**
 * The first `limit` items of a ranking that pass `keep`, in rank order. Filtering a ranking of the
 * whole category gives the same order as ranking the filtered products, so one request serves
 * every subcategory, price and audience list. When the ranking is not complete (a category larger
 * than one request) and too few items pass, the answer is undefined: ask the database instead.
 */
export function cutRanking<T>(ranking: readonly T[], complete: boolean, keep: (item: T) => boolean, limit: number): T[] | undefined {
  const kept: T[] = [];
  for (const item of ranking) {
    if (kept.length === limit) return kept;
    if (keep(item)) kept.push(item);
  }
  return complete || kept.length === limit ? kept : undefined;
}

/** Audience of a category page: the variants filter by it; the main page shows every audience. */
export type CategoryAudience = Exclude<Gender, 'for_both'> | undefined;

/** Title and meta description (at most 155 characters) of a category page. */
export function categoryPageSeo(
  category: Pick<Category, 'name' | 'description' | 'shortDescription'>,
  audience: CategoryAudience,
): { title: string; description: string } {
  const title = audience ? `${category.name} Gifts for ${audience === 'for_him' ? 'Him' : 'Her'}` : `${category.name} Gifts`;
  const about = category.shortDescription?.trim() || category.description.trim();
  const description = about || `Gift ideas from ${category.name}: the newest finds, the most popular picks and gifts under $50.`;
  return { title, description: truncateWords(description, SEO_DESCRIPTION_MAX) };
}

type Linked = Pick<Category, 'id' | 'name'>;

/** The category page's own link for an audience (spec: ?gender= added when not for_both). */
export function categoryPageHref(category: Linked, audience: CategoryAudience): string {
  return categoryHref(category.id, category.name, audience ?? 'for_both');
}

/** See-more links of the sections, filtered to the category and the page's audience. */
export function categorySeeMore(category: Linked, audience: CategoryAudience) {
  const query = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]]))).toString();
  return {
    newest: `/products?${query({ category: category.id, gender: audience, sortBy: 'newest' })}`,
    // Spec: /blogs?category={id}&gender={gender}&sortBy=popular.
    topBlogs: `/blogs?${query({ category: category.id, gender: audience, sortBy: 'popular' })}`,
    popular: `/products?${query({ category: category.id, gender: audience, sortBy: 'popular' })}`,
    budget: `/products?${query({ category: category.id, priceMax: String(BUDGET_MAX_PRICE), gender: audience, sortBy: 'popular' })}`,
  };
}

/** Breadcrumbs: Home, the audience's landing page for a variant, then the category. */
export function categoryBreadcrumbs(category: Linked, audience: CategoryAudience): { name: string; href: string }[] {
  return [
    { name: 'Home', href: '/' },
    ...(audience ? [{ name: genderLabel(audience), href: `/gender/${audience}` }] : []),
    { name: category.name, href: categoryPageHref(category, audience) },
  ];
}
