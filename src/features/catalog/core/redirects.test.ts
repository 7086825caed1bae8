import { describe, expect, test } from 'vitest';
import { categoryRedirects, categoryVariantPath, redirectLine } from './redirects.ts';

const category = { id: 'c1', name: 'Builders & Fixers' };

describe('categoryRedirects', () => {
  const lines = categoryRedirects(category).map(redirectLine);

  test('serves ?gender=for_him and ?gender=for_her from the prebuilt audience pages', () => {
    expect(lines).toContain('/category/c1/builders-and-fixers gender=for_him /category/c1/builders-and-fixers/for_him 200!');
    expect(lines).toContain('/category/c1/builders-and-fixers gender=for_her /category/c1/builders-and-fixers/for_her 200!');
  });

  test('redirects the /categories/{id}/{gender} form to the canonical slug form', () => {
    expect(lines).toContain('/categories/c1/for_both /category/c1/builders-and-fixers 301');
    expect(lines).toContain('/categories/c1/for_him /category/c1/builders-and-fixers?gender=for_him 301');
  });

  test('takes the gender of /categories/{id} from ?gender, default for_both', () => {
    expect(lines).toContain('/categories/c1 gender=for_her /category/c1/builders-and-fixers?gender=for_her 301');
    expect(lines).toContain('/categories/c1 /category/c1/builders-and-fixers 301');
  });

  test('an unknown gender in the path counts as for_both', () => {
    const unknown = lines.indexOf('/categories/c1/* /category/c1/builders-and-fixers 301');
    expect(unknown).toBeGreaterThan(lines.indexOf('/categories/c1/for_her /category/c1/builders-and-fixers?gender=for_her 301'));
  });

  test('redirects a wrong slug to the canonical one', () => {
    expect(lines).toContain('/category/c1/* /category/c1/builders-and-fixers 301');
  });

  test('a wrong slug in front of an audience variant keeps the audience', () => {
    const variant = lines.indexOf('/category/c1/:slug/for_him /category/c1/builders-and-fixers?gender=for_him 301');
    expect(variant).toBeGreaterThanOrEqual(0);
    expect(variant).toBeLessThan(lines.indexOf('/category/c1/* /category/c1/builders-and-fixers 301'));
  });

  test('the query rules come before the catch-all for the same path', () => {
    const withQuery = lines.indexOf('/categories/c1 gender=for_her /category/c1/builders-and-fixers?gender=for_her 301');
    const plain = lines.indexOf('/categories/c1 /category/c1/builders-and-fixers 301');
    expect(withQuery).toBeLessThan(plain);
  });

  test('sends the name-based fallback link to the category page', () => {
    expect(lines).toContain('/category/builders-and-fixers /category/c1/builders-and-fixers 301');
    // Netlify matches the decoded path: a name with a space is left to the 404 page (name-links.ts).
    expect(lines.filter((line) => line.startsWith('/category/Builders'))).toEqual([]);
    expect(categoryRedirects({ id: 'c2', name: 'Gamer' }).map(redirectLine)).toContain('/category/Gamer /category/c2/gamer 301');
  });
});

test('audience variants live under the canonical path', () => {
  expect(categoryVariantPath(category, 'for_her')).toBe('/category/c1/builders-and-fixers/for_her');
});
