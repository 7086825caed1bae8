/**
 * Older links that carry a category's name where its id belongs: /category/{categoryName} (the
 * fallback link of a category not found by id) and /blog/categories/{categoryName}[/{gender}]
 * (spec: 'Older links carry the category name in this position').
 *
 * _redirects sends the slug form of each name to the canonical page (redirects.ts), but a name
 * with a space cannot be written there: Netlify matches a rule against the decoded path, and a
 * space ends the rule's path. Such a link meets the 404 page (pages/404.astro) or the unknown blog
 * category's listing (pages/blog/categories/not-found.astro), which ask canonicalNameLink where it
 * belongs and go there (follow-name-link.ts).
 */
import { parseGender } from '../../../lib/audience.ts';
import { blogCategoryHref, categoryHref, categorySlug } from '../../../lib/links.ts';
import { categoryNamed, type NamedCategory } from './category-names.ts';

export interface NameLinkTargets {
  /** The visible product categories: /category/{name}. */
  productCategories: readonly NamedCategory[];
  /** The visible blog categories: /blog/categories/{name}[/{gender}]. */
  blogCategories: readonly NamedCategory[];
}

/**
 * The forms of a category's name that _redirects can send on: its slug, and the name itself when
 * a rule can hold it (no whitespace, which ends a rule's path, and no '#', which starts a comment;
 * Netlify matches the decoded path, so a percent-encoded rule would never apply).
 */
export function nameRuleSegments(category: NamedCategory): string[] {
  const forms = new Set([categorySlug(category.name)]);
  if (!/[\s#]/.test(category.name)) forms.add(category.name);
  forms.delete(category.id);
  return [...forms];
}

const CATEGORY_BY_NAME = /^\/category\/([^/]+)\/?$/;
const BLOG_CATEGORY_BY_NAME = /^\/blog\/categories\/([^/]+)(?:\/([^/]+))?\/?$/;

/** A path segment without its percent-encoding; null when that encoding is broken. */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The category a link's path segment names. */
function named(categories: readonly NamedCategory[], segment: string): NamedCategory | undefined {
  const name = decodedSegment(segment);
  return name === null ? undefined : categoryNamed(categories, name);
}

/**
 * Where an older link that names a category belongs: its category's page for the link's audience
 * (?gender on /category/, the path's last segment on /blog/categories/, for_both when it is no
 * audience), or null when the path is no such link or names no category. A blog category listing's
 * address with an audience it does not know belongs to its for_both form.
 */
export function canonicalNameLink(pathname: string, search: string, targets: NameLinkTargets): string | null {
  const product = CATEGORY_BY_NAME.exec(pathname);
  if (product) {
    const category = named(targets.productCategories, product[1]!);
    const gender = parseGender(new URLSearchParams(search).get('gender')) ?? 'for_both';
    return category ? categoryHref(category.id, category.name, gender) : null;
  }
  const blog = BLOG_CATEGORY_BY_NAME.exec(pathname);
  if (blog) {
    // An audience the listing does not know is its default, for_both (as redirects.ts sends a name
    // with one); the category's own id with such an audience comes here too.
    const gender = parseGender(blog[2]) ?? undefined;
    const category = targets.blogCategories.find((c) => c.id === blog[1]) ?? named(targets.blogCategories, blog[1]!);
    return category ? blogCategoryHref(category.id, gender) : null;
  }
  return null;
}
