import { describe, expect, test } from 'vitest';
import { blogCategoryHref, blogHref, blogSlug, categoryHref, categorySlug, productHref } from './links.ts';

describe('categorySlug', () => {
  test('lowercases and removes * + ~ . ( ) \' " ! : @', () => {
    expect(categorySlug('Mr. (Fix*It)! +~"Pro": @home')).toBe('mr-fixit-pro-home');
    expect(categorySlug("Storyteller's Corner")).toBe('storytellers-corner');
  });

  test('is otherwise strictly alphanumeric, words joined by one hyphen and & read as and', () => {
    expect(categorySlug('Builders & Fixers')).toBe('builders-and-fixers');
    expect(categorySlug('Lights, Camera, Action')).toBe('lights-camera-action');
    expect(categorySlug('  Beauty,  Skin & Hair  ')).toBe('beauty-skin-and-hair');
    expect(categorySlug('Café Crème / Déco')).toBe('cafe-creme-deco');
  });

  test('never yields an empty slug', () => {
    expect(categorySlug('!!!')).toBe('category');
  });
});

describe('categoryHref', () => {
  test('adds ?gender= only when the gender is not for_both', () => {
    expect(categoryHref('c1', 'Tech Savvy')).toBe('/category/c1/tech-savvy');
    expect(categoryHref('c1', 'Tech Savvy', 'for_both')).toBe('/category/c1/tech-savvy');
    expect(categoryHref('c1', 'Tech Savvy', 'for_her')).toBe('/category/c1/tech-savvy?gender=for_her');
  });
});

describe('blogSlug and blogHref', () => {
  test('lowercases the title and turns spaces into hyphens, keeping its punctuation', () => {
    expect(blogSlug('The 10 Best Gifts for Home Cooks')).toBe('the-10-best-gifts-for-home-cooks');
    expect(blogSlug("The Vinyl Lover's Gift Guide")).toBe("the-vinyl-lover's-gift-guide");
    expect(blogSlug('Gifts New Parents Will Thank You for at 3 a.m.')).toBe('gifts-new-parents-will-thank-you-for-at-3-a.m.');
    expect(blogSlug('Level Up: Gifts for  Console and PC Gamers')).toBe('level-up:-gifts-for-console-and-pc-gamers');
  });

  test('folds accents and drops what a browser would percent-encode', () => {
    expect(blogSlug('What to Buy? 50% Off / Part #2')).toBe('what-to-buy-50-off--part-2');
    expect(blogSlug('Café "Classics" <2> 日本')).toBe('cafe-classics-2-');
    expect(blogSlug('???')).toBe('post');
  });

  test('links an article as /blog-detail/{id}/{slug}', () => {
    expect(blogHref('b1', 'Small Luxuries')).toBe('/blog-detail/b1/small-luxuries');
    expect(blogHref('b1', 'Cosy Home Gifts Under $50')).toBe('/blog-detail/b1/cosy-home-gifts-under-$50');
  });
});

describe('blogCategoryHref and productHref', () => {
  test('links a blog category with an optional gender segment', () => {
    expect(blogCategoryHref('c9')).toBe('/blog/categories/c9');
    expect(blogCategoryHref('c9', 'for_him')).toBe('/blog/categories/c9/for_him');
  });

  test('links a product as /products/{id}', () => {
    expect(productHref('p1')).toBe('/products/p1');
  });
});
