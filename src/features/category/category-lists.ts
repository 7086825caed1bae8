/**
 * The product and blog lists of a category page, asked of the build's catalogue and blog
 * library. The product lists are cut from rankings of the whole category, which the build asked
 * ahead with the other pages' lists (catalog/core/popular-lists.ts).
 */
import type { BlogLibrary } from '../blog/core/library.ts';
import type { Blog } from '../blog/core/model.ts';
import { audienceSet } from '../../lib/audience.ts';
import type { Category, Product } from '../catalog/core/model.ts';
import { clickedInCategory, mostPopular, popularInCategory, type RankedShop } from '../catalog/core/popular-lists.ts';
import { TOP_CLICKED_TILES, topClickedTiles } from '../catalog/core/popularity.ts';
import { BUDGET_MAX_PRICE, CATEGORY_PAGE_LIMITS, type CategoryAudience } from './category-page.ts';

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
  shop: RankedShop,
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
    clickedInCategory(shop, category.id, 'daily', { gender: audience, limit: TOP_CLICKED_TILES }),
    clickedInCategory(shop, category.id, 'monthly', { gender: audience, limit: TOP_CLICKED_TILES }),
    shop.popular(mostPopular(audience)),
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
