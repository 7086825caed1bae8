import { describe, expect, test } from 'vitest';
import { blogCategoryHref, blogHref, blogSlug, categoryHref, categorySlug, productHref, productIdOfHref } from './links.ts';

/** Each rule with the examples that show it, as [input, output] pairs. */
type Examples = [rule: string, examples: [string, string][]][];

const categorySlugs: Examples = [
  ['lowercases and removes * + ~ . ( ) \' " ! : @', [['Mr. (Fix*It)! +~"Pro": @home', 'mr-fixit-pro-home'], ["Storyteller's Corner", 'storytellers-corner']]],
  ['reads & as and and joins words with one hyphen', [['Builders & Fixers', 'builders-and-fixers'], ['Lights, Camera, Action', 'lights-camera-action'], ['  Beauty,  Skin & Hair  ', 'beauty-skin-and-hair']]],
  ['is otherwise strictly alphanumeric', [['Café Crème / Déco', 'cafe-creme-deco']]],
  ['never yields an empty slug', [['!!!', 'category']]],
];
test.each(categorySlugs)('categorySlug %s', (_, examples) => {
  for (const [name, slug] of examples) expect(categorySlug(name), name).toBe(slug);
});

const blogSlugs: Examples = [
  ['lowercases the title and turns spaces into hyphens, keeping its punctuation', [
    ['The 10 Best Gifts for Home Cooks', 'the-10-best-gifts-for-home-cooks'],
    ["The Vinyl Lover's Gift Guide", "the-vinyl-lover's-gift-guide"],
    ['Gifts New Parents Will Thank You for at 3 a.m.', 'gifts-new-parents-will-thank-you-for-at-3-a.m.'],
    ['Level Up: Gifts for  Console and PC Gamers', 'level-up:-gifts-for-console-and-pc-gamers'],
  ]],
  ['folds accents and drops what a browser would percent-encode', [['What to Buy? 50% Off / Part #2', 'what-to-buy-50-off--part-2'], ['Café "Classics" <2> 日本', 'cafe-classics-2-']]],
  ['never yields an empty slug', [['???', 'post']]],
];
test.each(blogSlugs)('blogSlug %s', (_, examples) => {
  for (const [title, slug] of examples) expect(blogSlug(title), title).toBe(slug);
});

describe('links', () => {
  test('a category page adds ?gender= only when the gender is not for_both', () => {
    expect([categoryHref('c1', 'Tech Savvy'), categoryHref('c1', 'Tech Savvy', 'for_both'), categoryHref('c1', 'Tech Savvy', 'for_her')])
      .toEqual(['/category/c1/tech-savvy', '/category/c1/tech-savvy', '/category/c1/tech-savvy?gender=for_her']);
  });

  test('an article is /blog-detail/{id}/{slug}', () => {
    expect([blogHref('b1', 'Small Luxuries'), blogHref('b1', 'Cosy Home Gifts Under $50')])
      .toEqual(['/blog-detail/b1/small-luxuries', '/blog-detail/b1/cosy-home-gifts-under-$50']);
  });

  test('a blog category has an optional gender segment; a product is /products/{id}', () => {
    expect([blogCategoryHref('c9'), blogCategoryHref('c9', 'for_him'), productHref('p1')])
      .toEqual(['/blog/categories/c9', '/blog/categories/c9/for_him', '/products/p1']);
  });

  test('a product link can choose one of its variants', () => {
    expect(productHref('p1', 'Sage Green & Oat')).toBe('/products/p1?variant=Sage%20Green%20%26%20Oat');
  });

  test('a product page path gives back its product id; other links give none', () => {
    expect([productHref('P1'), productHref('p1', 'Oat'), '/products/p1/', '/products/p1#top'].map(productIdOfHref)).toEqual(['p1', 'p1', 'p1', 'p1']);
    expect(['/products', '/products?category=c1', '/products/p1/more', 'https://shop.example/products/p1', '/products/%E0%A4%A'].map(productIdOfHref))
      .toEqual([null, null, null, null, null]);
  });
});
