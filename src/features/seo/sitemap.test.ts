import { describe, expect, test } from 'vitest';
import { isIndexablePath, sitemapFilter } from './sitemap.ts';

describe('isIndexablePath', () => {
  test('lists the public pages', () => {
    for (const path of ['/', '/products', '/gender/for_him', '/blog', '/blog-detail/b1/gift-guide', '/category/c1/gamers', '/contact', '/faq', '/privacy', '/terms']) {
      expect(isIndexablePath(path), path).toBe(true);
    }
  });

  test('leaves out product pages, which are marked noindex', () => {
    expect(isIndexablePath('/products/3f1c2a4e-0000-4000-8000-000000000001')).toBe(false);
    expect(isIndexablePath('/products/not-found')).toBe(false);
  });

  test('leaves out the blog not-found page but keeps articles', () => {
    expect(isIndexablePath('/blog-detail/not-found')).toBe(false);
    expect(isIndexablePath('/blog-detail/not-found-yet/a-title')).toBe(true);
  });

  test('leaves out the audience variants of category pages, served for ?gender=', () => {
    expect(isIndexablePath('/category/c1/gamers/for_him')).toBe(false);
    expect(isIndexablePath('/category/c1/gamers/for_her')).toBe(false);
    expect(isIndexablePath('/category/c1/gamers')).toBe(true);
  });

  test('leaves out the admin area, sign-in, account pages, the form receipt and the 404 page', () => {
    for (const path of ['/admin', '/admin/blogs/new', '/auth', '/auth/callback', '/login', '/profile', '/wishlist', '/contact/thanks', '/404']) {
      expect(isIndexablePath(path), path).toBe(false);
    }
  });

  test('does not mistake pages that merely start with the same letters', () => {
    expect(isIndexablePath('/administrative-gifts')).toBe(true);
    expect(isIndexablePath('/authors')).toBe(true);
  });

  test('ignores a trailing slash and an .html suffix', () => {
    expect(isIndexablePath('/wishlist/')).toBe(false);
    expect(isIndexablePath('/404.html')).toBe(false);
    expect(isIndexablePath('/faq/index.html')).toBe(true);
  });
});

describe('sitemapFilter', () => {
  test('reads the path of an absolute page URL', () => {
    expect(sitemapFilter('https://giftshop.example/faq/')).toBe(true);
    expect(sitemapFilter('https://giftshop.example/profile/')).toBe(false);
  });
});
