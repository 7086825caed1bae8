/**
 * On the 404 page: an older link that names a category (name-links.ts) goes on to its category's
 * page, with the page's categories as the build wrote them into #category-names.
 */
import { canonicalNameLink, type NameLinkTargets } from './name-links.ts';

const names = document.getElementById('category-names')?.textContent;
if (names) {
  const href = canonicalNameLink(location.pathname, location.search, JSON.parse(names) as NameLinkTargets);
  if (href) location.replace(href);
}
