import { describe, expect, test } from 'vitest';
import {
  blogPostingJsonLd, breadcrumbJsonLd, itemListJsonLd, jsonLdScript, organizationJsonLd, productJsonLd, websiteJsonLd,
} from './structured-data.ts';

const product = {
  id: 'p1',
  name: 'Pasta Maker',
  description: 'Rolls and cuts fresh pasta at home. '.repeat(10),
  price: 89.5,
  imageUrl: 'https://img.example/p1.svg',
  media: [{ type: 'image' as const, url: 'https://img.example/p1-2.svg' }, { type: 'video' as const, url: 'https://v.example/p1.mp4' }],
  affiliateLinks: [
    { platform: 'Amazon', title: 'Buy', url: 'https://amazon.example/p1' },
    { platform: 'Etsy', title: 'Buy', url: 'https://etsy.example/p1' },
  ],
};

describe('productJsonLd', () => {
  test('lists one in-stock USD offer per retailer at its latest price, description truncated to 100', () => {
    const data = productJsonLd(product, { url: 'https://shop.example/products/p1', latestPrices: [{ platform: 'amazon', price: 79 }, { platform: 'Etsy', price: 89.5 }] });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pasta Maker',
      image: ['https://img.example/p1.svg', 'https://img.example/p1-2.svg'],
      sku: 'p1',
      offers: [
        { '@type': 'Offer', price: '79.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://amazon.example/p1', seller: { name: 'Amazon' } },
        { '@type': 'Offer', price: '89.50', priceCurrency: 'USD', url: 'https://etsy.example/p1', seller: { name: 'Etsy' } },
      ],
    });
    expect(String(data.description).length).toBeLessThanOrEqual(100);
    expect(data).not.toHaveProperty('brand');
  });

  test("an offer without a known price does not claim the product's base price as that retailer's", () => {
    const data = productJsonLd(product, { url: 'https://shop.example/products/p1', latestPrices: [{ platform: 'amazon', price: 79 }] });
    expect(data.offers).toEqual([
      { '@type': 'Offer', price: '79.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://amazon.example/p1', seller: { '@type': 'Organization', name: 'Amazon' } },
    ]);
    const unpriced = productJsonLd(product, { url: 'https://shop.example/products/p1', latestPrices: [] });
    expect(unpriced.offers).toEqual([
      { '@type': 'Offer', price: '89.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://shop.example/products/p1' },
    ]);
  });

  test('offers a product without retailers at its own price on its page', () => {
    const data = productJsonLd({ ...product, affiliateLinks: [] }, { url: 'https://shop.example/products/p1' });
    expect(data.offers).toEqual([
      { '@type': 'Offer', price: '89.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://shop.example/products/p1' },
    ]);
  });
});

describe('itemListJsonLd', () => {
  test('lists at most 10 items with positions from 1', () => {
    const items = Array.from({ length: 14 }, (_, i) => ({ url: `https://shop.example/products/${i}`, name: `P${i}` }));
    const list = itemListJsonLd(items).itemListElement;
    expect(list).toHaveLength(10);
    expect(Array.isArray(list) && list[0]).toEqual({ '@type': 'ListItem', position: 1, url: 'https://shop.example/products/0', name: 'P0' });
  });
});

describe('blogPostingJsonLd and breadcrumbJsonLd', () => {
  test('describes a blog post with headline, description, dates, author and image', () => {
    expect(blogPostingJsonLd({
      title: 'Gifts for Cooks', description: 'Our picks.', publishDate: '2026-10-01T00:00:00Z', updatedAt: '2026-10-02T00:00:00Z',
      author: 'Maya Okafor', imageUrl: 'https://img.example/b.svg', url: 'https://shop.example/blog-detail/b1/gifts-for-cooks',
    })).toMatchObject({
      '@type': 'BlogPosting', headline: 'Gifts for Cooks', description: 'Our picks.', datePublished: '2026-10-01T00:00:00Z',
      dateModified: '2026-10-02T00:00:00Z', author: { '@type': 'Person', name: 'Maya Okafor' }, image: 'https://img.example/b.svg',
    });
    expect(blogPostingJsonLd({ title: 't', description: '', publishDate: '', updatedAt: '', author: null, imageUrl: null, url: 'u' }).author)
      .toEqual({ '@type': 'Organization', name: 'Giftshop' });
  });

  test('numbers breadcrumbs from the home page down', () => {
    expect(breadcrumbJsonLd([{ name: 'Home', url: 'https://shop.example/' }, { name: 'Blog', url: 'https://shop.example/blog' }]))
      .toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ position: 1, name: 'Home' }, { position: 2, item: 'https://shop.example/blog' }] });
  });
});

describe('home page', () => {
  test('names the organisation and the website with its search', () => {
    expect(organizationJsonLd('https://shop.example/')).toEqual({
      '@context': 'https://schema.org', '@type': 'Organization', name: 'Giftshop', url: 'https://shop.example/',
    });
    expect(websiteJsonLd('https://shop.example/')).toMatchObject({
      '@type': 'WebSite', potentialAction: { target: 'https://shop.example/search?q={search_term_string}' },
    });
  });
});

describe('jsonLdScript', () => {
  test('escapes < so </script> cannot break out, and still parses back to the same data', () => {
    const data = { '@type': 'Thing', name: '</script><script>alert(1)</script> & <!-- \u2028' };
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual(data);
  });
});
