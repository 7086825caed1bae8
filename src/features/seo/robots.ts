/** robots.txt (served by pages/robots.txt.ts): crawl everything but the admin area and sign-in, and find the sitemap. */

const DISALLOWED = ['/admin', '/auth'] as const;

/** The robots.txt text for a site; the sitemap line must be absolute, hence the site URL. */
export function robotsTxt(site: URL | string): string {
  const sitemap = new URL('/sitemap-index.xml', site).toString();
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
}
