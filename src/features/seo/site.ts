/** The shop's name and the constants its pages share for search engines and social cards. */

/** Brand name; page titles end in ' | Giftshop' unless they name it already. */
export const BRAND = 'Giftshop';

/** Brand suffix of blog pages (spec: blog pages use a blog-specific brand suffix). */
export const BLOG_BRAND = `${BRAND} Blog`;

/** Prices are in US dollars (spec: structured data currency USD). */
export const CURRENCY = 'USD';

/** Social card image size (spec: 1200 by 630). */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
