/**
 * The product and blog lists of a category page and of the audience pages' category cards,
 * asked of the build's catalogue. Each distinct popularity question is one request per build, so
 * the lists are cut from one ranking of the whole category (shared by the category page, its
 * audience variants and the audience pages) wherever the ranking can answer them.
 */
import type { BlogLibrary } from '../blog/library.ts';
import type { Blog } from '../blog/model.ts';
import { audienceSet } from '../../lib/audience.ts';
import type { Catalogue } from './catalogue.ts';
import { BUDGET_MAX_PRICE, CATEGORY_PAGE_LIMITS, cutRanking, rankingPageSize, type CategoryAudience } from './category-page.ts';
import type { Category, Gender, Product } from './model.ts';
import { topClickedTiles } from './popularity.ts';

type Shop = Pick<Catalogue, 'popular' | 'productsIn'>;

interface PopularFilter {
  /** Audience set of this gender (spec: the gender plus for_both); every audience when undefined. */
  gender?: Gender;
  subcategoryId?: string;
  priceMax?: number;
  limit: number;
}

/** Monthly-popular products of a category, clicked first, then the unclicked ones newest first. */
export async function popularInCategory(shop: Shop, categoryId: string, filter: PopularFilter): Promise<Product[]> {
  const count = shop.productsIn(categoryId).length;
  const size = rankingPageSize(count);
  const ranking = await shop.popular({ window: 'monthly', categoryId, perPage: size, includeUnclicked: true });
  const complete = size >= count || ranking.length < size;
  const audiences = filter.gender ? audienceSet(filter.gender) : undefined;
  const keep = (p: Product) =>
    (!audiences || audiences.includes(p.gender)) &&
    (!filter.subcategoryId || p.subcategoryIds.includes(filter.subcategoryId)) &&
    (filter.priceMax === undefined || p.price <= filter.priceMax);
  return (
    cutRanking(ranking, complete, keep, filter.limit) ??
    shop.popular({
      window: 'monthly',
      categoryId,
      subcategoryIds: filter.subcategoryId ? [filter.subcategoryId] : undefined,
      gender: filter.gender,
      priceMax: filter.priceMax,
      perPage: filter.limit,
      includeUnclicked: true,
    })
  );
}

export interface CategoryPageLists {
  newest: Product[];
  topBlogs: Blog[];
  /** 'All' first, then one list per subcategory, in the category's order. */
  popular: { subcategoryId: string | null; products: Product[] }[];
  topClicked: Product[];
  budget: Product[];
}

/** Every list of a category page for an audience (spec: document 2, 'Category page'). */
export async function categoryPageLists(
  shop: Shop,
  library: Pick<BlogLibrary, 'popular'>,
  category: Pick<Category, 'id' | 'subcategories'>,
  audience: CategoryAudience,
): Promise<CategoryPageLists> {
  const audiences = audience ? audienceSet(audience) : undefined;
  const popular = (subcategoryId: string | null) =>
    popularInCategory(shop, category.id, { gender: audience, subcategoryId: subcategoryId ?? undefined, limit: CATEGORY_PAGE_LIMITS.popular });

  const [topBlogs, popularLists, budget, daily, monthly, overall] = await Promise.all([
    library.popular({ window: 'weekly', gender: audience, categoryId: category.id, limit: CATEGORY_PAGE_LIMITS.topBlogs }),
    Promise.all([null, ...category.subcategories.map((s) => s.id)].map(async (id) => ({ subcategoryId: id, products: await popular(id) }))),
    popularInCategory(shop, category.id, { gender: audience, priceMax: BUDGET_MAX_PRICE, limit: CATEGORY_PAGE_LIMITS.budget }),
    // Spec: daily top clicked falls back to monthly popular in the category, then to the general
    // monthly popular; the chain is spelled out here, so the database does not fall back itself.
    shop.popular({ window: 'daily', categoryId: category.id, gender: audience, perPage: CATEGORY_PAGE_LIMITS.topClicked, fallback: false }),
    shop.popular({ window: 'monthly', categoryId: category.id, gender: audience, perPage: CATEGORY_PAGE_LIMITS.topClicked }),
    // The home page's 'Most Popular' question, so the main category pages share its answer.
    shop.popular({ window: 'monthly', gender: audience, perPage: 21 }),
  ]);

  return {
    newest: shop
      .productsIn(category.id)
      .filter((p) => !audiences || audiences.includes(p.gender))
      .slice(0, CATEGORY_PAGE_LIMITS.newest),
    topBlogs,
    popular: popularLists,
    topClicked: topClickedTiles(daily, monthly, overall),
    budget,
  };
}
