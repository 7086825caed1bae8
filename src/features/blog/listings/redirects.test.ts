import { describe, expect, test } from 'vitest';
import { redirectLine } from '../../catalog/core/redirects.ts';
import type { Gender } from '../../catalog/core/model.ts';
import { blogCategoryRedirects, blogRedirects } from './redirects.ts';

const category = { id: 'c1', name: 'Home & Living' };
const blogs = (count: number, gender: Gender, categoryId = 'c1') =>
  Array.from({ length: count }, (_, i) => ({ id: `${gender}-${categoryId}-${i}`, title: `Post ${i}`, categoryId, gender }));

describe('blogRedirects', () => {
  const lines = blogRedirects({ blogs: blogs(1, 'for_both'), blogCategories: [category] }).map(redirectLine);

  test('sends a wrong article slug to the canonical one', () => {
    expect(lines).toContain('/blog-detail/for_both-c1-0/* /blog-detail/for_both-c1-0/post-0 301');
  });

  test('answers unknown articles with the Blog Not Found page and status 404, after every other rule', () => {
    expect(lines.at(-1)).toBe('/blog-detail/* /blog-detail/not-found 404');
  });

  test("sends the blog's landing for an audience it does not know to its for_both form", () => {
    expect(lines).toContain('/blog/:gender /blog 301');
  });

  test('answers any other address under /blog/categories/ with the unknown category listing, after every listing rule', () => {
    const notFound = lines.indexOf('/blog/categories/* /blog/categories/not-found 404');
    expect(notFound).toBeGreaterThan(-1);
    expect(lines.slice(notFound + 1).some((line) => line.startsWith('/blog/categories/'))).toBe(false);
  });
});

describe('blogCategoryRedirects', () => {
  test('serves ?page=n from the prebuilt page n, forced over page 1, on both routes of for_both', () => {
    const lines = blogCategoryRedirects(category, blogs(19, 'for_both')).map(redirectLine);
    expect(lines).toContain('/blog/categories/c1/for_both page=2 /blog/categories/c1/for_both/page/2 200!');
    expect(lines).toContain('/blog/categories/c1 page=3 /blog/categories/c1/for_both/page/3 200!');
    expect(lines.some((line) => line.includes('page=4'))).toBe(false);
    expect(lines.some((line) => line.includes('page=1 '))).toBe(false);
  });

  test('counts a gender listing as that gender plus for_both', () => {
    const lines = blogCategoryRedirects(category, [...blogs(5, 'for_both'), ...blogs(5, 'for_him'), ...blogs(5, 'for_her')]).map(redirectLine);
    expect(lines).toContain('/blog/categories/c1/for_him page=2 /blog/categories/c1/for_him/page/2 200!');
    expect(lines).toContain('/blog/categories/c1/for_her page=2 /blog/categories/c1/for_her/page/2 200!');
    expect(lines.some((line) => line.startsWith('/blog/categories/c1/for_both page=2'))).toBe(false);
  });

  test('ignores other categories\' blogs', () => {
    const lines = blogCategoryRedirects(category, blogs(12, 'for_both', 'c2')).map(redirectLine);
    expect(lines.some((line) => line.includes('page='))).toBe(false);
  });

  test('sends older links carrying the category name or its slug to the id form', () => {
    const lines = blogCategoryRedirects(category, []).map(redirectLine);
    expect(lines).toContain('/blog/categories/home-and-living /blog/categories/c1 301');
    expect(lines).toContain('/blog/categories/home-and-living/for_her /blog/categories/c1/for_her 301');
    // Netlify matches the decoded path: a name with a space is left to the 404 page (name-links.ts).
    expect(lines.filter((line) => line.startsWith('/blog/categories/Home'))).toEqual([]);
    const oneWord = blogCategoryRedirects({ id: 'c2', name: 'Gamer' }, []).map(redirectLine);
    expect(oneWord).toContain('/blog/categories/Gamer/for_him /blog/categories/c2/for_him 301');
  });

  test('sends a name with an audience the listing does not know to its for_both form, after the known ones', () => {
    const lines = blogCategoryRedirects(category, []).map(redirectLine);
    const unknownAudience = lines.indexOf('/blog/categories/home-and-living/* /blog/categories/c1 301');
    expect(unknownAudience).toBeGreaterThan(-1);
    expect(lines.slice(unknownAudience + 1).some((line) => /\/(for_him|for_her|for_both) /.test(line))).toBe(false);
    // Under the id the rule would match its own target: the unknown category's listing sends those on.
    expect(lines.some((line) => line.startsWith('/blog/categories/c1/*'))).toBe(false);
  });
});
