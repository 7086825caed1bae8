import { describe, expect, test } from 'vitest';
import { PRICE_BUCKETS, formatPrice, priceBucketFor } from './price.ts';

describe('formatPrice', () => {
  test('shows dollars with cents and thousands separators', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1250)).toBe('$1,250.00');
    expect(formatPrice(0)).toBe('$0.00');
  });
});

describe('price buckets', () => {
  test('are up to $50, $50 to $250, $250 to $450, $450 and up', () => {
    expect(PRICE_BUCKETS.map((b) => [b.label, b.priceMin, b.priceMax])).toEqual([
      ['Up to $50', null, 50],
      ['$50 to $250', 50, 250],
      ['$250 to $450', 250, 450],
      ['$450 and up', 450, null],
    ]);
  });

  test('finds the bucket for a priceMin/priceMax pair', () => {
    expect(priceBucketFor(50, 250)?.label).toBe('$50 to $250');
    expect(priceBucketFor(null, 50)?.label).toBe('Up to $50');
    expect(priceBucketFor(0, 50)?.label).toBe('Up to $50');
    expect(priceBucketFor(450, null)?.label).toBe('$450 and up');
    expect(priceBucketFor(10, 20)).toBeNull();
    expect(priceBucketFor(null, null)).toBeNull();
  });
});
