/**
 * The category section list of the home and category pages: banner categories (those with a
 * banner image) in rows of three, each row followed by up to two sections for categories without
 * a banner. A non-banner category without products is skipped for the next visible one not yet
 * tried; a slot with none left is hidden. Non-banner categories beyond those slots are not shown.
 */
import type { Category } from '../core/model.ts';

/** Banner categories per row (spec: 3). */
export const BANNERS_PER_ROW = 3;
/** Non-banner sections after each banner row (spec: up to 2). */
export const SECTIONS_PER_ROW = 2;
/** Products in a non-banner section (spec: top 6 monthly-popular, with a 'Shop Now' link). */
export const SECTION_PRODUCTS = 6;

type Listed = Pick<Category, 'id' | 'bannerUrl'>;

export type CategorySection<C extends Listed> =
  | { kind: 'banners'; categories: C[] }
  | { kind: 'category'; category: C };

/** Category section list (spec: banner groups of 3 interleaved with up to 2 non-banner sections; untried substitutes; hidden when none has products). */
export function categorySections<C extends Listed>(
  visibleCategories: readonly C[],
  hasProducts: (categoryId: string) => boolean,
): CategorySection<C>[] {
  const banners = visibleCategories.filter(hasBanner);
  const untried = visibleCategories.filter((c) => !hasBanner(c));
  const nextWithProducts = (): C | undefined => {
    for (let next = untried.shift(); next; next = untried.shift()) if (hasProducts(next.id)) return next;
    return undefined;
  };

  const sections: CategorySection<C>[] = [];
  for (let start = 0; start < banners.length; start += BANNERS_PER_ROW) {
    sections.push({ kind: 'banners', categories: banners.slice(start, start + BANNERS_PER_ROW) });
    for (let slot = 0; slot < SECTIONS_PER_ROW; slot++) {
      const category = nextWithProducts();
      if (category) sections.push({ kind: 'category', category });
    }
  }
  return sections;
}

function hasBanner(category: Listed): boolean {
  return Boolean(category.bannerUrl?.trim());
}
