/**
 * The category page (/category/{id}/{slug} and its audience variants): its limits, texts, links
 * and breadcrumbs.
 */
import { SEO_DESCRIPTION_MAX, truncateWords } from '../seo/text.ts';
import { genderLabel } from '../../lib/audience.ts';
import type { Category, Gender, Subcategory } from '../catalog/core/model.ts';
import { categoryHref } from '../../lib/links.ts';
import { listingSummary } from '../catalog/listings/listing.ts';

/**
 * Limits (spec: 4 weekly-popular blogs, 21 monthly popular, 21 at or under $50; newest: the
 * default list limit 20; the 5 top clicked are catalog/core/popular-lists.ts categoryDailyTop).
 */
export const CATEGORY_PAGE_LIMITS = {
  newest: 20,
  topBlogs: 4,
  popular: 21,
  budget: 21,
} as const;

/** 'Under $50' (spec: products at or under $50). */
export const BUDGET_MAX_PRICE = 50;

/** Section headings (spec). */
export const CATEGORY_SECTIONS = {
  newest: 'Newest Products',
  topBlogs: 'Top Blogs',
  popular: 'Popular Products by Subcategory',
  topClicked: 'Daily Top Clicked',
  budget: 'Under $50',
} as const;

/** What a category page's product sections say when the category has no products. */
export const EMPTY_CATEGORY = 'No products in this category yet.';

/** The empty state of a subcategory (spec, products page). */
export const EMPTY_SUBCATEGORY = 'No products found in this subcategory.';

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

/** A chip of 'Popular Products by Subcategory' and the line over its list. */
export interface SubcategoryChoice {
  /** 'all', or the subcategory's id. */
  key: string;
  name: string;
  /** Products of the category (for the page's audience) in it; undefined when unknown. */
  count: number | undefined;
  /** 'Showing 1–21 of 34 products': the list shows the most popular of them. */
  summary: string;
  /** It has no products: shown, but cannot be chosen. */
  unavailable: boolean;
}

/**
 * The subcategory chips of a category page (All, then each subcategory) with their facet counts
 * (SQL product_facets for the category and the page's audience, by subcategory id; 'all': the
 * whole category), so each chip says what it holds and the line over its list matches it.
 */
export function subcategoryChoices(
  subcategories: readonly Pick<Subcategory, 'id' | 'name'>[],
  counts: Readonly<Record<string, number>>,
): SubcategoryChoice[] {
  return [{ id: 'all', name: 'All' }, ...subcategories].map(({ id, name }) => {
    const count = counts[id];
    return {
      key: id,
      name,
      count,
      summary: count === undefined ? '' : listingSummary(1, count, { one: 'product', many: 'products' }, CATEGORY_PAGE_LIMITS.popular),
      unavailable: count === 0 && id !== 'all',
    };
  });
}
