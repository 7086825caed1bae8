import { describe, expect, test } from 'vitest';
import type { Gender } from './model.ts';
import { needsCategoryStage, relatedPriceBand, relatedProducts, relatedRelevance } from './related.ts';

interface Item {
  id: string; name: string; price: number; gender: Gender; categoryIds: string[]; subcategoryIds: string[];
}
const item = (id: string, fields: Partial<Item> = {}): Item => ({
  id, name: 'Thing', price: 100, gender: 'for_him', categoryIds: [], subcategoryIds: [], ...fields,
});
const viewed = item('p0', { name: 'Cordless Drill Kit', categoryIds: ['tools'], subcategoryIds: ['power', 'hand'] });
/** A candidate that matches nothing but the gender and the price. */
const plain = { gender: 'for_her' as const, price: 100, name: 'Zzz' };

describe('relatedRelevance', () => {
  test('weighs price closeness by 0.3: 1 − |a − b| / max(a, b)', () => {
    expect(relatedRelevance(viewed, item('a', { ...plain, price: 100 }))).toBeCloseTo(0.3);
    expect(relatedRelevance(viewed, item('a', { ...plain, price: 50 }))).toBeCloseTo(0.15);
    expect(relatedRelevance(viewed, item('a', { ...plain, price: 400 }))).toBeCloseTo(0.075);
    expect(relatedRelevance(item('f', { price: 0, gender: 'for_her' }), item('a', { ...plain, price: 0 }))).toBeCloseTo(0.3 + 0.25);
  });

  test('gives 0.25 for the same gender, 0.15 if either is for_both, 0 for him versus her', () => {
    const base = { price: 0, name: 'Zzz' };
    expect(relatedRelevance(item('x', { ...base, gender: 'for_him' }), item('a', { ...base, gender: 'for_him' }))).toBeCloseTo(0.3 + 0.25);
    expect(relatedRelevance(item('x', { ...base, gender: 'for_him' }), item('a', { ...base, gender: 'for_both' }))).toBeCloseTo(0.3 + 0.15);
    expect(relatedRelevance(item('x', { ...base, gender: 'for_both' }), item('a', { ...base, gender: 'for_her' }))).toBeCloseTo(0.3 + 0.15);
    expect(relatedRelevance(item('x', { ...base, gender: 'for_him' }), item('a', { ...base, gender: 'for_her' }))).toBeCloseTo(0.3);
  });

  test('weighs the subcategory overlap ratio by 0.4 and a shared category by 0.2', () => {
    expect(relatedRelevance(viewed, item('a', { ...plain, subcategoryIds: ['power'] }))).toBeCloseTo(0.3 + 0.2);
    expect(relatedRelevance(viewed, item('a', { ...plain, subcategoryIds: ['hand', 'power', 'x'] }))).toBeCloseTo(0.3 + 0.4);
    expect(relatedRelevance(viewed, item('a', { ...plain, categoryIds: ['gifts', 'tools'] }))).toBeCloseTo(0.3 + 0.2);
  });

  test('weighs name words longer than 3 characters by 0.15', () => {
    expect(relatedRelevance(viewed, item('a', { ...plain, name: 'Drill bits' }))).toBeCloseTo(0.3 + 0.075);
    expect(relatedRelevance(viewed, item('a', { ...plain, name: 'cordless DRILL' }))).toBeCloseTo(0.3 + 0.15);
    expect(relatedRelevance(viewed, item('a', { ...plain, name: 'Tool Kit' }))).toBeCloseTo(0.3);
  });
});

describe('relatedProducts', () => {
  test('merges the stages without the product and ids already seen, best first', () => {
    const strong = item('s', { categoryIds: ['tools'], subcategoryIds: ['power', 'hand'] });
    const weak = item('w', { gender: 'for_her', subcategoryIds: ['hand'] });
    const sameCategory = item('c', { categoryIds: ['tools'] });
    const priced = item('pr', { price: 180 });
    const result = relatedProducts(viewed, {
      bySubcategory: [weak, viewed, strong],
      byCategory: [sameCategory, strong],
      byPrice: [priced, weak],
    });
    // s 1.15, c 0.75, w 0.3 + 0.2 = 0.5, pr 0.3 × (1 − 80/180) + 0.25 ≈ 0.42
    expect(result.map((p) => p.id)).toEqual(['s', 'c', 'w', 'pr']);
  });

  test('asks the same-category stage only when fewer than twice the wanted count were found', () => {
    expect(needsCategoryStage(39)).toBe(true);
    expect(needsCategoryStage(40)).toBe(false);
    expect(needsCategoryStage(3, 2)).toBe(true);
    const many = Array.from({ length: 4 }, (_, i) => item(`s${i}`, { subcategoryIds: ['power'] }));
    const result = relatedProducts(viewed, { bySubcategory: many, byCategory: [item('c', { categoryIds: ['tools'] })] }, 2);
    expect(result.map((p) => p.id)).toEqual(['s0', 's1']);
  });

  test('takes at most 50, 30 and 20 from the stages and returns the wanted count', () => {
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => item(`${prefix}${i}`));
    expect(relatedProducts(viewed, { bySubcategory: many('s', 60), byCategory: many('c', 40), byPrice: many('x', 30) }, 1000))
      .toHaveLength(50 + 30 + 20);
    expect(relatedProducts(viewed, { bySubcategory: many('s', 60), byCategory: many('c', 40), byPrice: many('x', 30) }, 25))
      .toHaveLength(25);
    expect(relatedProducts(viewed, { bySubcategory: many('s', 10), byCategory: many('c', 40), byPrice: many('x', 30) }, 1000))
      .toHaveLength(10 + 30 + 20);
    expect(relatedProducts(viewed, { bySubcategory: many('s', 60) })).toHaveLength(20);
  });

  test('prices the third stage between 0.5× and 2× of the product', () => {
    expect(relatedPriceBand(80)).toEqual({ priceMin: 40, priceMax: 160 });
  });
});
