/**
 * Netlify redirect rules for category links (see pages/[netlifyFile].ts, which writes _redirects):
 * the /categories/{id}/{gender} form and wrong slugs go to the canonical /category/{id}/{slug};
 * ?gender=for_him|for_her is served by the prebuilt audience variant of the page; the fallback
 * /category/{name} link goes to the category's page; unknown products answer 'Product not found'.
 */
import type { Category, Gender } from './model.ts';
import { categoryHref, categorySlug } from '../../../lib/links.ts';
import { nameRuleSegments } from './name-links.ts';

export interface RedirectRule {
  from: string;
  /** Query parameters the rule requires, e.g. { gender: 'for_him' }. */
  query?: Record<string, string>;
  to: string;
  status: 200 | 301 | 302 | 404;
  /** Apply even when a file exists at `from` (Netlify's shadowing otherwise serves the file). */
  force?: boolean;
}

/** The audiences with a prebuilt variant of every category page. */
export const AUDIENCE_VARIANTS = ['for_him', 'for_her'] as const satisfies readonly Gender[];

/** Path of the prebuilt page of a category for one audience (served for ?gender=…). */
export function categoryVariantPath(category: Pick<Category, 'id' | 'name'>, gender: Exclude<Gender, 'for_both'>): string {
  return `/category/${category.id}/${categorySlug(category.name)}/${gender}`;
}

/** Redirect rules for one category page (spec: /categories/{id}/{gender} and wrong slugs redirect to the canonical slug form). */
export function categoryRedirects(category: Pick<Category, 'id' | 'name'>): RedirectRule[] {
  const canonical = categoryHref(category.id, category.name);
  const rules: RedirectRule[] = [];
  for (const gender of AUDIENCE_VARIANTS) {
    rules.push({ from: canonical, query: { gender }, to: categoryVariantPath(category, gender), status: 200, force: true });
  }
  for (const gender of ['for_both', ...AUDIENCE_VARIANTS] as Gender[]) {
    rules.push({ from: `/categories/${category.id}/${gender}`, to: categoryHref(category.id, category.name, gender), status: 301 });
  }
  for (const gender of AUDIENCE_VARIANTS) {
    rules.push({ from: `/categories/${category.id}`, query: { gender }, to: categoryHref(category.id, category.name, gender), status: 301 });
  }
  rules.push({ from: `/categories/${category.id}`, to: canonical, status: 301 });
  // Any other gender in the path is no gender (spec: default for_both).
  rules.push({ from: `/categories/${category.id}/*`, to: canonical, status: 301 });
  // A variant's own path under a wrong slug keeps its audience; under the right slug the file answers.
  for (const gender of AUDIENCE_VARIANTS) {
    rules.push({ from: `/category/${category.id}/:slug/${gender}`, to: categoryHref(category.id, category.name, gender), status: 301 });
  }
  rules.push({ from: `/category/${category.id}/*`, to: canonical, status: 301 });
  rules.push({ from: `/category/${category.id}`, to: canonical, status: 301 });
  // The fallback link of a category that was not found by id carries its name instead (a name
  // with a space is followed on by the 404 page: name-links.ts).
  for (const name of nameRuleSegments(category)) {
    rules.push({ from: `/category/${name}`, to: canonical, status: 301 });
  }
  return rules;
}

/** Unknown product ids answer the 'Product not found' page with status 404. */
export const PRODUCT_NOT_FOUND_RULE: RedirectRule = { from: '/products/*', to: '/products/not-found', status: 404 };

/** One rule as a line of Netlify's _redirects file. */
export function redirectLine(rule: RedirectRule): string {
  const query = Object.entries(rule.query ?? {}).map(([key, value]) => `${key}=${value}`);
  return [rule.from, ...query, rule.to, `${rule.status}${rule.force ? '!' : ''}`].join(' ');
}
