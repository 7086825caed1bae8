/**
 * For the pages an unmatched address lands on: an older link that names a category
 * (name-links.ts) goes on to its category's page, with the categories the build wrote into the
 * page's #category-names.
 */
import { canonicalNameLink, type NameLinkTargets } from './name-links.ts';

/** Sends the visitor on when this address names a category; false when it names none. */
export function followNameLink(): boolean {
  const names = document.getElementById('category-names')?.textContent;
  if (!names) return false;
  const href = canonicalNameLink(location.pathname, location.search, JSON.parse(names) as NameLinkTargets);
  if (href) location.replace(href);
  return href !== null;
}
