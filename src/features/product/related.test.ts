import { describe, expect, test } from 'vitest';
import { createRelatedIndex, relatedRelevance, type RelatedCandidate } from './related.ts';

const item = (id: string, fields: Partial<RelatedCandidate> = {}): RelatedCandidate => ({
  id, name: 'Thing', price: 100, gender: 'for_him', categoryIds: [], subcategoryIds: [], ...fields,
});
const many = (prefix: string, n: number, fields: Partial<RelatedCandidate>) => Array.from({ length: n }, (_, i) => item(`${prefix}${i}`, fields));
const ids = (list: readonly RelatedCandidate[]) => list.map((p) => p.id);

const viewed = item('viewed', { name: 'Cordless Drill', categoryIds: ['tools', 'curated'], subcategoryIds: ['power', 'hand'] });

describe('related products: three stages in sequence, each excluding ids already seen', () => {
  test('the first stage takes up to 50 products sharing any subcategory, newest first, once each, without the product', () => {
    const catalogue = [
      item('a', { subcategoryIds: ['hand'] }),
      viewed,
      item('b', { subcategoryIds: ['power', 'hand'] }),
      item('c', { subcategoryIds: ['garden'] }),
      item('d', { subcategoryIds: ['power'] }),
    ];
    expect(ids(createRelatedIndex(catalogue).stages(viewed).bySubcategory)).toEqual(['a', 'b', 'd']);
    expect(createRelatedIndex([viewed, ...many('s', 60, { subcategoryIds: ['power'] })]).stages(viewed).bySubcategory).toHaveLength(50);
  });

  test('the second stage runs only when fewer than twice the wanted count were found', () => {
    const catalogue = [viewed, ...many('s', 40, { subcategoryIds: ['power'] }), ...many('c', 5, { categoryIds: ['tools'] })];
    expect(createRelatedIndex(catalogue).stages(viewed).byCategory).toEqual([]);
    expect(ids(createRelatedIndex(catalogue, 21).stages(viewed).byCategory)).toEqual(ids(many('c', 5, {})));
  });

  test('the second stage takes up to 30 from the primary category that were not seen', () => {
    const catalogue = [
      viewed,
      item('both', { subcategoryIds: ['power'], categoryIds: ['tools'] }),
      ...many('c', 40, { categoryIds: ['tools'] }),
      item('curated-only', { categoryIds: ['curated'] }),
    ];
    const stages = createRelatedIndex(catalogue).stages(viewed);
    expect(ids(stages.bySubcategory)).toEqual(['both']);
    expect(ids(stages.byCategory)).toEqual(ids(many('c', 30, {})));
  });

  test('the third stage takes up to 20 of the same gender within 0.5× to 2× of the price, nearest price first', () => {
    const catalogue = [
      viewed,
      item('cheap', { price: 49.99 }),
      item('low-edge', { price: 50 }),
      item('near-low', { price: 90 }),
      item('near-high', { price: 105 }),
      item('high-edge', { price: 200 }),
      item('dear', { price: 200.01 }),
      item('hers', { price: 100, gender: 'for_her' }),
      item('both', { price: 100, gender: 'for_both' }),
    ];
    expect(ids(createRelatedIndex(catalogue).stages(viewed).byPrice)).toEqual(['near-high', 'near-low', 'low-edge', 'high-edge']);
    expect(createRelatedIndex([viewed, ...many('p', 30, { price: 120 })]).stages(viewed).byPrice).toHaveLength(20);
  });

  test('the third stage leaves out products an earlier stage took', () => {
    const catalogue = [viewed, item('sub', { subcategoryIds: ['hand'] }), item('cat', { categoryIds: ['tools'] }), item('price')];
    const stages = createRelatedIndex(catalogue).stages(viewed);
    expect([stages.bySubcategory, stages.byCategory, stages.byPrice].map(ids)).toEqual([['sub'], ['cat'], ['price']]);
  });

  test('a product without subcategories or categories still gets its price-band neighbours', () => {
    const loner = item('loner', { price: 10, gender: 'for_her' });
    const stages = createRelatedIndex([loner, item('x', { price: 12, gender: 'for_her' }), item('y', { price: 12 })]).stages(loner);
    expect([stages.bySubcategory, stages.byCategory, stages.byPrice].map(ids)).toEqual([[], [], ['x']]);
  });

  test('the candidates are sorted by relevance and the wanted count (20) kept', () => {
    const catalogue = [
      viewed,
      item('twin', { name: 'Cordless Drill Set', categoryIds: ['tools'], subcategoryIds: ['power', 'hand'] }),
      item('half', { subcategoryIds: ['hand'] }),
      item('cousin', { name: 'Drill Bits', categoryIds: ['tools'] }),
      item('priced', { price: 150 }),
    ];
    expect(ids(createRelatedIndex(catalogue, 3).related(viewed))).toEqual(['twin', 'cousin', 'half']);
    expect(createRelatedIndex([viewed, ...many('p', 40, { subcategoryIds: ['power'] })]).related(viewed)).toHaveLength(20);
  });
});

describe('related-product relevance weights', () => {
  const product = item('p0', { name: 'Cordless Drill Kit', categoryIds: ['tools'], subcategoryIds: ['power', 'hand'] });
  /** A candidate that matches nothing but the price. */
  const plain = { gender: 'for_her' as const, price: 100, name: 'Zzz' };

  test('price closeness 0.3, closeness being 1 − |a − b| / max(a, b)', () => {
    expect(relatedRelevance(product, item('a', { ...plain, price: 100 }))).toBeCloseTo(0.3);
    expect(relatedRelevance(product, item('a', { ...plain, price: 50 }))).toBeCloseTo(0.15);
    expect(relatedRelevance(product, item('a', { ...plain, price: 400 }))).toBeCloseTo(0.075);
    expect(relatedRelevance(item('f', { price: 0, gender: 'for_her' }), item('a', { ...plain, price: 0 }))).toBeCloseTo(0.3 + 0.25);
  });

  test('same gender category 0.25, 0.15 if either is for_both, 0 for him versus her', () => {
    const base = { price: 0, name: 'Zzz' };
    const score = (a: RelatedCandidate['gender'], b: RelatedCandidate['gender']) =>
      relatedRelevance(item('x', { ...base, gender: a }), item('a', { ...base, gender: b })) - 0.3;
    expect(score('for_him', 'for_him')).toBeCloseTo(0.25);
    expect(score('for_him', 'for_both')).toBeCloseTo(0.15);
    expect(score('for_both', 'for_her')).toBeCloseTo(0.15);
    expect(score('for_him', 'for_her')).toBeCloseTo(0);
  });

  test('subcategory overlap ratio 0.4', () => {
    expect(relatedRelevance(product, item('a', { ...plain, subcategoryIds: ['power'] }))).toBeCloseTo(0.3 + 0.2);
    expect(relatedRelevance(product, item('a', { ...plain, subcategoryIds: ['hand', 'power', 'x'] }))).toBeCloseTo(0.3 + 0.4);
  });

  test('same category 0.2', () => {
    expect(relatedRelevance(product, item('a', { ...plain, categoryIds: ['gifts', 'tools'] }))).toBeCloseTo(0.3 + 0.2);
  });

  test('name word match 0.15, for words longer than 3 characters', () => {
    expect(relatedRelevance(product, item('a', { ...plain, name: 'Drill bits' }))).toBeCloseTo(0.3 + 0.075);
    expect(relatedRelevance(product, item('a', { ...plain, name: 'cordless DRILL' }))).toBeCloseTo(0.3 + 0.15);
    expect(relatedRelevance(product, item('a', { ...plain, name: 'Tool Kit' }))).toBeCloseTo(0.3);
  });
});
