/** Catalogue fixtures for the unit tests of the features that show products. */
import type { Product } from './model.ts';

/** A product with every field filled in plainly; `fields` sets the ones a test is about. */
export function testProduct(id: string, fields: Partial<Product> = {}): Product {
  return {
    id, name: id, description: '', price: 100, imageUrl: `/media/${id}.svg`, media: [], variants: [], affiliateLinks: [],
    categoryIds: ['c1'], subcategoryIds: [], gender: 'for_both', tagline: null, seoTitle: null, seoDescription: null,
    seoKeywords: [], lowestPriceIn90Days: false, priceDropPercent: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...fields,
  };
}
