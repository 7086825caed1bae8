/**
 * The audience landing page (/gender/{gender}): its texts, its limits, the hero's gradient and
 * corner pictures, and which categories and links it shows for an audience.
 */
import type { Gender, Product } from '../catalog/core/model.ts';

/** Hero texts (spec). */
export const AUDIENCE_HERO = {
  title: 'The Perfect Gift for Your Loved One',
  subline: "Discover which personality type your loved ones have and find gifts they'll truly cherish",
  quizLabel: 'Take the Personality Quiz',
  quizHref: '/quiz-detail/for_both',
} as const;

/** Intro of 'Our Categories' (spec). */
export const OUR_CATEGORIES_INTRO =
  'Explore every category with a curated selection of popular products. Each section showcases the best items from that category - click on any category banner to discover the complete collection.';

/** Limits of the page (spec: featured blogs 4, 10 products per category card; the daily top clicked are catalog/core/popular-lists.ts dailyTopClicked). */
export const AUDIENCE_PAGE_LIMITS = {
  /** Newest products: the default product list limit (spec: 20). */
  newest: 20,
  featuredBlogs: 4,
  categoryCard: 10,
} as const;

/** Hero gradient (spec: light blue for for_him, light pink for for_her, light peach otherwise). */
export function heroGradient(gender: string): string {
  if (gender === 'for_him') return 'from-sky-100 via-sky-50 to-white';
  if (gender === 'for_her') return 'from-pink-100 via-rose-50 to-white';
  return 'from-orange-100 via-amber-50 to-white';
}

export const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const;
export type Corner = (typeof CORNERS)[number];

/**
 * Corner pictures (spec: decorative product pictures in the four corners): one product per corner
 * in the order given, each from a category not yet pictured while there are such products, so the
 * corners show four kinds of gift rather than four of one.
 */
export function cornerPictures<P extends Pick<Product, 'id' | 'imageUrl' | 'categoryIds'>>(
  products: readonly P[],
): { corner: Corner; product: P }[] {
  const pictured = products.filter((p) => p.imageUrl.trim() !== '');
  const chosen: P[] = [];
  const seenCategories = new Set<string>();
  for (const product of pictured) {
    if (chosen.length === CORNERS.length) break;
    if (product.categoryIds.some((id) => seenCategories.has(id))) continue;
    chosen.push(product);
    product.categoryIds.forEach((id) => seenCategories.add(id));
  }
  for (const product of pictured) {
    if (chosen.length === CORNERS.length) break;
    if (!chosen.includes(product)) chosen.push(product);
  }
  return chosen.map((product, index) => ({ corner: CORNERS[index]!, product }));
}

/** See-more link of 'Newest Products' (spec: /products?sortBy=newest&gender={gender}). */
export function newestProductsHref(gender: Gender): string {
  return `/products?sortBy=newest&gender=${gender}`;
}

/** See-more link of 'Greatest Hits' (spec: /blogs?sortBy=popular). */
export const GREATEST_HITS_HREF = '/blogs?sortBy=popular';

const SEO: Record<Gender, { title: string; description: string }> = {
  for_him: {
    title: 'Gifts for Him',
    description:
      'Gift ideas for him: the newest finds, the most clicked gifts of the day and the best of every category, from gadgets and games to tools and sports gear.',
  },
  for_her: {
    title: 'Gifts for Her',
    description:
      'Gift ideas for her: the newest finds, the most clicked gifts of the day and the best of every category, from beauty and crafts to travel and home.',
  },
  for_both: {
    title: 'Gifts for Everyone',
    description:
      'Gift ideas for anyone you love: the newest finds, the most clicked gifts of the day and the best of every category, picked for every personality.',
  },
};

/** Title and meta description of an audience page. */
export function audiencePageSeo(gender: Gender): { title: string; description: string } {
  return SEO[gender];
}
