/**
 * Which pages the sitemap lists (astro.config.mjs passes sitemapFilter to @astrojs/sitemap): every
 * page a search engine may index, none of those marked noindex.
 */

/**
 * Paths of pages marked noindex (product pages (spec), not-found pages, the search page, the
 * signed-in areas, shared gift lists and the price alerts' answers to an emailed link) and of the
 * second routes of pages whose canonical address is another: the audience variants of category
 * pages, served for ?gender=, and a blog category's for_both listing, whose canonical route is the
 * one without the audience.
 */
const NOINDEX_PATHS: readonly RegExp[] = [
  /^\/products\/.+/,
  /^\/blog-detail\/not-found$/,
  /^\/blog\/categories\/not-found$/,
  /^\/category\/[^/]+\/[^/]+\/(for_him|for_her)$/,
  /^\/blog\/categories\/[^/]+\/for_both$/,
  /^\/admin(\/.*)?$/,
  /^\/auth(\/.*)?$/,
  /^\/login$/,
  /^\/profile$/,
  /^\/wishlist(\/.*)?$/,
  /^\/search$/,
  /^\/contact\/thanks$/,
  /^\/price-alerts(\/.*)?$/,
  /^\/404$/,
];

/** Whether a site path may be indexed (trailing slash and .html ignored). */
export function isIndexablePath(pathname: string): boolean {
  const path = pathname.replace(/\/index\.html$|\.html$/, '').replace(/\/+$/, '') || '/';
  return !NOINDEX_PATHS.some((pattern) => pattern.test(path));
}

/** The sitemap integration's filter: it is given each page's absolute URL. */
export function sitemapFilter(page: string): boolean {
  return isIndexablePath(new URL(page).pathname);
}
