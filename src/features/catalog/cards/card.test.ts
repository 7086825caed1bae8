import { expect, test } from 'vitest';
import { productCardData } from './card.ts';
import type { Product } from '../core/model.ts';

const product: Product = {
  id: 'p1', name: 'Walnut Desk Organiser', description: 'Keeps a desk tidy.', price: 49.5,
  imageUrl: '/media/p1.svg',
  media: [{ type: 'image', url: '/media/p1-b.svg' }, { type: 'video', url: '/media/p1.mp4' }, { type: 'image', url: '/media/p1-c.svg' }],
  variants: [{ name: 'Walnut', imageUrl: null }, { name: 'Oak', imageUrl: '/media/oak.svg' }],
  affiliateLinks: [{ platform: 'Amazon', title: 'Buy', url: 'https://example.com' }],
  categoryIds: ['c1'], subcategoryIds: [], gender: 'for_both', tagline: null, seoTitle: null, seoDescription: null,
  seoKeywords: ['desk'], lowestPriceIn90Days: false, priceDropPercent: null, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
};

test('a card shows the main picture first, then the extra images, without videos', () => {
  expect(productCardData(product).pictures).toEqual(['/media/p1.svg', '/media/p1-b.svg', '/media/p1-c.svg']);
});

test('a card carries only what it shows', () => {
  expect(productCardData(product)).toEqual({
    id: 'p1', name: 'Walnut Desk Organiser', description: 'Keeps a desk tidy.', price: 49.5,
    pictures: ['/media/p1.svg', '/media/p1-b.svg', '/media/p1-c.svg'], variants: [{ name: 'Walnut', picture: null }, { name: 'Oak', picture: '/media/oak.svg' }],
    createdAt: '2026-11-01T00:00:00Z', priceBadges: [],
  });
});

test('a card carries the price badges of its product, from the build and from the runtime reads alike', () => {
  expect(productCardData({ ...product, lowestPriceIn90Days: true, priceDropPercent: 15 }).priceBadges)
    .toEqual(['Price dropped 15%', 'Lowest price in 90 days']);
});
