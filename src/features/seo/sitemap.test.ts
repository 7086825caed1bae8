import { describe, expect, test } from 'vitest';
import { isIndexablePath, sitemapFilter } from './sitemap.ts';

describe('isIndexablePath', () => {
  test.each<[string, boolean, string[]]>([
    ['lists the public pages', true, ['/', '/products', '/gender/for_him', '/blog', '/blog-detail/b1/gift-guide', '/category/c1/gamers', '/contact', '/faq', '/privacy', '/terms']],
    ['leaves out product pages, which are marked noindex', false, ['/products/3f1c2a4e-0000-4000-8000-000000000001', '/products/not-found']],
    ['leaves out the blog not-found pages', false, ['/blog-detail/not-found', '/blog/categories/not-found']],
    ['keeps an article whose id starts like it', true, ['/blog-detail/not-found-yet/a-title']],
    ['leaves out the audience variants of category pages, served for ?gender=', false, ['/category/c1/gamers/for_him', '/category/c1/gamers/for_her']],
    ['leaves out the admin area, sign-in, account pages, the form receipt and the 404 page', false,
      ['/admin', '/admin/blogs/new', '/auth', '/auth/callback', '/login', '/profile', '/wishlist', '/contact/thanks', '/404']],
    ['leaves out the shared gift list page, which is marked noindex', false, ['/wishlist/shared', '/wishlist/shared/']],
    ['leaves out the search page, whose results are marked noindex', false, ['/search', '/search/']],
    ['leaves out the price alerts\' answers to an emailed link, which are marked noindex', false, ['/price-alerts/unsubscribed', '/price-alerts/link-not-valid']],
    ['leaves out a blog category\'s for_both listing, whose canonical route has no audience', false, ['/blog/categories/c1/for_both', '/blog/categories/c1/for_both/']],
    ['keeps a blog category\'s listing and its For Him and For Her ones', true, ['/blog/categories/c1', '/blog/categories/c1/for_him', '/blog/categories/c1/for_her']],
    ['does not mistake pages that merely start with the same letters', true, ['/administrative-gifts', '/authors', '/wishlists-for-kids']],
    ['ignores a trailing slash and an .html suffix', false, ['/wishlist/', '/404.html']],
    ['reads a page in index.html as its folder', true, ['/faq/index.html']],
  ])('%s', (_, indexable, paths) => {
    for (const path of paths) expect(isIndexablePath(path), path).toBe(indexable);
  });
});

test('sitemapFilter reads the path of an absolute page URL', () => {
  expect(sitemapFilter('https://giftshop.example/faq/')).toBe(true);
  expect(sitemapFilter('https://giftshop.example/profile/')).toBe(false);
});
