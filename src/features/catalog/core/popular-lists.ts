/**
 * The popular product lists of the prebuilt pages, as the questions they ask of SQL
 * popular_products. The build asks all of them at once (prebuiltQuestions, one request) and each
 * page asks with the same builders, so its questions are the ones already answered. A category's
 * lists (each subcategory, each audience, under $50, the top clicked, the home page's sections) are
 * cut from a ranking of the whole category: filtering a ranking keeps its order, so the cut list is
 * the list the database would rank.
 */
import type { Gender, Product } from './model.ts';
import { audienceSet, GENDERS } from '../../../lib/audience.ts';
import { LISTING_PAGE_SIZE } from './paging.ts';
import { TOP_CLICKED_TILES, type PopularityWindow } from './popularity.ts';
import type { PopularityQuery } from './queries.ts';
import { AUDIENCE_VARIANTS } from './redirects.ts';

/** 'Most Popular' (spec: 21 monthly-popular products on the home, audience and category pages). */
const MOST_POPULAR = 21;

/** The windows of a category page's top clicked (spec: daily, falling back to monthly in the category). */
const TOP_CLICKED_WINDOWS = ['daily', 'monthly'] as const satisfies readonly PopularityWindow[];

/** The most rows popular_products answers at once (its per_page limit). */
const MAX_RANKING_PAGE = 1000;

/** 'Most Popular' for everyone, or for an audience. */
export function mostPopular(gender?: Gender): PopularityQuery {
  return { window: 'monthly', gender, perPage: MOST_POPULAR };
}

/** Daily top clicked (spec: 5; no daily results → weekly, then monthly). */
export function dailyTopClicked(gender?: Gender): PopularityQuery {
  return { window: 'daily', gender, perPage: TOP_CLICKED_TILES };
}

/** The first page of /products, sorted Most Popular (spec: products without clicks follow, newest first). */
export function firstPopularPage(): PopularityQuery {
  return { window: 'monthly', perPage: LISTING_PAGE_SIZE, includeUnclicked: true };
}

/** Page size that ranks a whole category in one request (at least 1, at most the RPC's limit). */
export function rankingPageSize(productsInCategory: number): number {
  return Math.min(Math.max(productsInCategory, 1), MAX_RANKING_PAGE);
}

/** A category's whole monthly ranking: clicked products first, then the others newest first. */
export function categoryRanking(categoryId: string, productsInCategory: number): PopularityQuery {
  return { window: 'monthly', categoryId, perPage: rankingPageSize(productsInCategory), includeUnclicked: true };
}

/** The products of a category clicked in a window, most clicked first, without falling back to another window. */
export function categoryClicks(categoryId: string, productsInCategory: number, window: PopularityWindow): PopularityQuery {
  return { window, categoryId, perPage: rankingPageSize(productsInCategory), fallback: false };
}

/** Every question the prebuilt pages ask: the home page's, each audience page's and each category page's. */
export function prebuiltQuestions(shop: {
  categories: readonly { id: string }[];
  productCategories: readonly { id: string }[];
  productsIn(categoryId: string): readonly unknown[];
}): PopularityQuery[] {
  const categoryPageAudiences = [undefined, ...AUDIENCE_VARIANTS];
  return [
    ...categoryPageAudiences.map(mostPopular),
    dailyTopClicked(),
    ...GENDERS.map(dailyTopClicked),
    firstPopularPage(),
    ...shop.categories.map((c) => categoryRanking(c.id, shop.productsIn(c.id).length)),
    ...shop.productCategories.flatMap((c) => TOP_CLICKED_WINDOWS.map((window) => categoryClicks(c.id, shop.productsIn(c.id).length, window))),
  ];
}

/**
 * The first `limit` items of a ranking that pass `keep`, in rank order. When the ranking is not
 * complete (a category larger than one request) and too few items pass, the answer is undefined:
 * ask the database instead.
 */
export function cutRanking<T>(ranking: readonly T[], complete: boolean, keep: (item: T) => boolean, limit: number): T[] | undefined {
  const kept: T[] = [];
  for (const item of ranking) {
    if (kept.length === limit) return kept;
    if (keep(item)) kept.push(item);
  }
  return complete || kept.length === limit ? kept : undefined;
}

/** What the lists need of the build's catalogue. */
export interface RankedShop {
  popular(query: PopularityQuery): Promise<Product[]>;
  productsIn(categoryId: string): readonly Product[];
}

export interface CategoryListFilter {
  /** Audience set of this gender (spec: the gender plus for_both); every audience when undefined. */
  gender?: Gender;
  subcategoryId?: string;
  priceMax?: number;
  limit: number;
}

/** Monthly-popular products of a category, clicked first, then the unclicked ones newest first. */
export function popularInCategory(shop: RankedShop, categoryId: string, filter: CategoryListFilter): Promise<Product[]> {
  return cutCategoryList(shop, categoryRanking(categoryId, shop.productsIn(categoryId).length), filter);
}

/** Products of a category clicked in a window, most clicked first (spec: the category page's top clicked), without fallback. */
export function clickedInCategory(shop: RankedShop, categoryId: string, window: PopularityWindow, filter: CategoryListFilter): Promise<Product[]> {
  return cutCategoryList(shop, categoryClicks(categoryId, shop.productsIn(categoryId).length, window), filter);
}

/** The list `filter` picks from a whole ranking of a category, or, when the ranking could not hold it all, asked alone. */
async function cutCategoryList(shop: RankedShop, whole: PopularityQuery, filter: CategoryListFilter): Promise<Product[]> {
  const count = shop.productsIn(whole.categoryId!).length;
  const ranking = await shop.popular(whole);
  const complete = whole.perPage >= count || ranking.length < whole.perPage;
  const audiences = filter.gender ? audienceSet(filter.gender) : undefined;
  const keep = (p: Product) =>
    (!audiences || audiences.includes(p.gender)) &&
    (!filter.subcategoryId || p.subcategoryIds.includes(filter.subcategoryId)) &&
    (filter.priceMax === undefined || p.price <= filter.priceMax);
  return (
    cutRanking(ranking, complete, keep, filter.limit) ??
    shop.popular({
      ...whole,
      subcategoryIds: filter.subcategoryId ? [filter.subcategoryId] : undefined,
      gender: filter.gender,
      priceMax: filter.priceMax,
      perPage: filter.limit,
    })
  );
}
