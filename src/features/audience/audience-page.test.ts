import { describe, expect, test } from 'vitest';
import { SEO_DESCRIPTION_MAX } from '../seo/text.ts';
import {
  audiencePageSeo,
  cornerPictures,
  GREATEST_HITS_HREF,
  heroGradient,
  newestProductsHref,
} from './audience-page.ts';

describe('heroGradient', () => {
  test('is light blue for for_him', () => {
    expect(heroGradient('for_him')).toMatch(/from-sky-/);
  });

  test('is light pink for for_her', () => {
    expect(heroGradient('for_her')).toMatch(/from-pink-/);
  });

  test('is light peach for for_both and anything else', () => {
    expect(heroGradient('for_both')).toMatch(/from-orange-100/);
    expect(heroGradient('for_them')).toBe(heroGradient('for_both'));
  });
});

describe('cornerPictures', () => {
  const product = (id: string, categoryIds: string[], imageUrl = `/media/${id}.svg`) => ({ id, imageUrl, categoryIds });

  test('puts one product in each corner: topLeft, topRight, bottomLeft, bottomRight', () => {
    const products = ['a', 'b', 'c', 'd', 'e'].map((id) => product(id, [id]));
    expect(cornerPictures(products).map(({ corner, product }) => [corner, product.id])).toEqual([
      ['topLeft', 'a'],
      ['topRight', 'b'],
      ['bottomLeft', 'c'],
      ['bottomRight', 'd'],
    ]);
  });

  test('prefers products of categories not yet pictured', () => {
    const products = [product('a', ['x']), product('b', ['x']), product('c', ['y', 'x']), product('d', ['z']), product('e', ['w'])];
    expect(cornerPictures(products).map(({ product }) => product.id)).toEqual(['a', 'd', 'e', 'b']);
  });

  test('fills the corners from the rest when there are too few categories, keeping the order', () => {
    const products = [product('a', ['x']), product('b', ['x']), product('c', ['x'])];
    expect(cornerPictures(products).map(({ product }) => product.id)).toEqual(['a', 'b', 'c']);
  });

  test('skips products without a picture', () => {
    expect(cornerPictures([product('a', ['x'], ' '), product('b', ['y'])]).map(({ product }) => product.id)).toEqual(['b']);
  });

  test('shows no corners without products', () => {
    expect(cornerPictures([])).toEqual([]);
  });
});

describe('links', () => {
  test('Newest Products sees more at /products?sortBy=newest&gender={gender}', () => {
    expect(newestProductsHref('for_her')).toBe('/products?sortBy=newest&gender=for_her');
  });

  test('Greatest Hits sees more at /blogs?sortBy=popular', () => {
    expect(GREATEST_HITS_HREF).toBe('/blogs?sortBy=popular');
  });
});

describe('audiencePageSeo', () => {
  test('names the audience in the title and keeps every description within the SEO limit', () => {
    expect(audiencePageSeo('for_him').title).toBe('Gifts for Him');
    expect(audiencePageSeo('for_her').title).toBe('Gifts for Her');
    for (const gender of ['for_him', 'for_her', 'for_both'] as const) {
      expect(audiencePageSeo(gender).description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    }
  });
});
