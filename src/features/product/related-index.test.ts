import { describe, expect, test } from 'vitest';
import type { Gender } from '../catalog/model.ts';
import { createRelatedIndex } from './related-index.ts';

interface Item {
  id: string; name: string; price: number; gender: Gender; categoryIds: string[]; subcategoryIds: string[];
}
const item = (id: string, fields: Partial<Item> = {}): Item => ({
  id, name: 'Thing', price: 100, gender: 'for_him', categoryIds: [], subcategoryIds: [], ...fields,
});
const many = (prefix: string, n: number, fields: Partial<Item>) => Array.from({ length: n }, (_, i) => item(`${prefix}${i}`, fields));
const ids = (list: readonly Item[]) => list.map((p) => p.id);

const viewed = item('viewed', { name: 'Cordless Drill', categoryIds: ['tools', 'curated'], subcategoryIds: ['power', 'hand'] });

describe('related stages', () => {
  test('the first stage takes products sharing any subcategory, newest first, once each, without the product', () => {
    const catalogue = [
      item('a', { subcategoryIds: ['hand'] }),
      viewed,
      item('b', { subcategoryIds: ['power', 'hand'] }),
      item('c', { subcategoryIds: ['garden'] }),
      item('d', { subcategoryIds: ['power'] }),
    ];
    expect(ids(createRelatedIndex(catalogue).stages(viewed).bySubcategory)).toEqual(['a', 'b', 'd']);
  });

  test('takes at most 50 sharing subcategories and skips the category stage once twice the wanted count is found', () => {
    const catalogue = [viewed, ...many('s', 60, { subcategoryIds: ['power'] }), ...many('c', 5, { categoryIds: ['tools'] })];
    const stages = createRelatedIndex(catalogue).stages(viewed);
    expect(stages.bySubcategory).toHaveLength(50);
    expect(stages.byCategory).toEqual([]);
  });

  test('with fewer than twice the wanted count, adds at most 30 from the primary category that were not seen', () => {
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

  test('the price stage keeps the same gender within 0.5× to 2× of the price, nearest price first, at most 20', () => {
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

    const crowded = [viewed, ...many('p', 30, { price: 120 })];
    expect(createRelatedIndex(crowded).stages(viewed).byPrice).toHaveLength(20);
  });

  test('the price stage leaves out products an earlier stage took', () => {
    const catalogue = [viewed, item('sub', { subcategoryIds: ['hand'] }), item('cat', { categoryIds: ['tools'] }), item('price')];
    const stages = createRelatedIndex(catalogue).stages(viewed);
    expect(ids(stages.bySubcategory)).toEqual(['sub']);
    expect(ids(stages.byCategory)).toEqual(['cat']);
    expect(ids(stages.byPrice)).toEqual(['price']);
  });

  test('a product without subcategories or categories still gets price-band neighbours', () => {
    const loner = item('loner', { price: 10, gender: 'for_her' });
    const catalogue = [loner, item('x', { price: 12, gender: 'for_her' }), item('y', { price: 12 })];
    const stages = createRelatedIndex(catalogue).stages(loner);
    expect(stages.bySubcategory).toEqual([]);
    expect(stages.byCategory).toEqual([]);
    expect(ids(stages.byPrice)).toEqual(['x']);
  });
});

describe('related products', () => {
  test('scores the merged stages and returns the wanted count, best first', () => {
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
