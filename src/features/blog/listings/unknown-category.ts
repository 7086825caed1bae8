/**
 * On the listing of an unknown blog category (pages/blog/categories/not-found.astro): a link that
 * names a category goes on to its listing; any other shows the id it carries as the heading.
 */
import { followNameLink } from '../../catalog/core/follow-name-link.ts';
import { unknownCategoryLabel } from './unknown-category-label.ts';

if (!followNameLink()) {
  const heading = document.querySelector('[data-unknown-category]');
  if (heading) heading.textContent = unknownCategoryLabel(location.pathname);
}
