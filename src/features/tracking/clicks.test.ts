import { describe, expect, test } from 'vitest';
import { clickFor } from './clicks.ts';

describe('clickFor', () => {
  test('reports product, category, blog and quiz clicks', () => {
    expect(clickFor({ trackProduct: 'p1' })).toEqual({ type: 'product', id: 'p1' });
    expect(clickFor({ trackCategory: 'c1' })).toEqual({ type: 'category', id: 'c1' });
    expect(clickFor({ trackBlog: 'b1' })).toEqual({ type: 'blog', id: 'b1' });
    expect(clickFor({ trackQuiz: 'q1' })).toEqual({ type: 'quiz', id: 'q1' });
  });
  test('reports an affiliate click with its platform', () => {
    expect(clickFor({ trackAffiliate: 'p1', platform: 'Etsy' })).toEqual({ type: 'affiliate', id: 'p1', platform: 'Etsy' });
  });
  test('ignores an affiliate link without a platform and untracked elements', () => {
    expect(clickFor({ trackAffiliate: 'p1' })).toBeNull();
    expect(clickFor({})).toBeNull();
  });
});
