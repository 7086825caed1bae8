/**
 * Netlify redirect rules for blog links: wrong article slugs go to the canonical
 * /blog-detail/{id}/{slug}; unknown articles answer 'Blog Not Found' with status 404. Blog
 * category listings: ?page=n is served (rewritten, 200) from the prebuilt page n, older links
 * that carry the category's name or slug in place of its id go to the id form, an audience a
 * listing or the blog's landing does not know goes to its for_both form, and any other address
 * there answers the unknown category's listing with status 404 (it sends a name that
 * needs percent-encoding on to its listing, and shows an unknown id as its heading).
 */
import { audienceSet } from '../../../lib/audience.ts';
import type { RedirectRule } from '../../catalog/core/redirects.ts';
import { GENDERS, type Category } from '../../catalog/core/model.ts';
import { blogCategoryHref, blogHref } from '../../../lib/links.ts';
import { nameRuleSegments } from '../../catalog/core/name-links.ts';
import type { Blog } from '../core/model.ts';
import { categoryListingFile, pageCount } from './pagination.ts';

export const BLOG_NOT_FOUND_RULE: RedirectRule = { from: '/blog-detail/*', to: '/blog-detail/not-found', status: 404 };
/** After every listing's own rules: any other address under /blog/categories/ (a name with a space, an unknown id). */
export const BLOG_CATEGORY_NOT_FOUND_RULE: RedirectRule = { from: '/blog/categories/*', to: '/blog/categories/not-found', status: 404 };

/** /blog/{gender} with an audience the landing does not know: the landing's default, for_both (its pages are files, served first). */
export const BLOG_LANDING_AUDIENCE_RULE: RedirectRule = { from: '/blog/:gender', to: '/blog', status: 301 };

type ListedBlog = Pick<Blog, 'id' | 'title' | 'categoryId' | 'gender'>;

/** Redirect rules for the blog's pages. */
export function blogRedirects({ blogs, blogCategories }: { blogs: ListedBlog[]; blogCategories: Pick<Category, 'id' | 'name'>[] }): RedirectRule[] {
  return [
    ...blogs.map((blog) => ({ from: `/blog-detail/${blog.id}/*`, to: blogHref(blog.id, blog.title), status: 301 as const })),
    ...blogCategories.flatMap((category) => blogCategoryRedirects(category, blogs)),
    BLOG_CATEGORY_NOT_FOUND_RULE,
    BLOG_LANDING_AUDIENCE_RULE,
    BLOG_NOT_FOUND_RULE,
  ];
}

/** Rules for one blog category listing (spec: /blog/categories/{categoryId}[/{genderCategory}], 9 per page, older links carry the name). */
export function blogCategoryRedirects(category: Pick<Category, 'id' | 'name'>, blogs: readonly ListedBlog[]): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const gender of GENDERS) {
    const audiences = audienceSet(gender);
    const listed = blogs.filter((b) => b.categoryId === category.id && audiences.includes(b.gender)).length;
    const routes = gender === 'for_both' ? [blogCategoryHref(category.id, gender), blogCategoryHref(category.id)] : [blogCategoryHref(category.id, gender)];
    for (let page = 2; page <= pageCount(listed); page++) {
      for (const from of routes) {
        // Forced: page 1's file exists at the route and would otherwise shadow the rule.
        rules.push({ from, query: { page: String(page) }, to: categoryListingFile(category.id, gender, page), status: 200, force: true });
      }
    }
  }
  // A name with a space is followed on by the unknown category's listing (name-links.ts).
  for (const name of nameRuleSegments(category)) {
    for (const gender of GENDERS) {
      rules.push({ from: `/blog/categories/${name}/${gender}`, to: blogCategoryHref(category.id, gender), status: 301 });
    }
    rules.push({ from: `/blog/categories/${name}`, to: blogCategoryHref(category.id), status: 301 });
  }
  // Under a name, an audience the listing does not know is the default one (spec: genderCategory
  // defaults to for_both; any other value gives only for_both). Under the id such a rule would
  // match its own target, which Netlify's emulation then leaves unanswered: the unknown category's
  // listing sends those on (name-links.ts).
  for (const name of nameRuleSegments(category)) {
    rules.push({ from: `/blog/categories/${name}/*`, to: blogCategoryHref(category.id), status: 301 });
  }
  return rules;
}
