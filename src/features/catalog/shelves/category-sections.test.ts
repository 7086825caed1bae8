import { expect, test } from 'vitest';
import { categorySections, type CategorySection } from './category-sections.ts';

const banner = (id: string) => ({ id, bannerUrl: `https://img.example/${id}.svg` });
const plain = (id: string) => ({ id, bannerUrl: null });
type Listed = ReturnType<typeof banner> | ReturnType<typeof plain>;
const layout = (sections: CategorySection<Listed>[]) =>
  sections.map((s) => (s.kind === 'banners' ? s.categories.map((c) => c.id).join('+') : s.category.id));
const everyoneHasProducts = () => true;

test('groups banner categories 3 per row, each followed by up to 2 non-banner categories', () => {
  const categories = [banner('b1'), plain('n1'), banner('b2'), banner('b3'), plain('n2'), banner('b4'), plain('n3'), plain('n4'), plain('n5')];
  expect(layout(categorySections(categories, everyoneHasProducts))).toEqual(['b1+b2+b3', 'n1', 'n2', 'b4', 'n3', 'n4']);
});

test('substitutes the next untried category for one without products', () => {
  const categories = [banner('b1'), plain('empty'), plain('n1'), plain('n2'), banner('b2'), plain('n3')];
  const hasProducts = (id: string) => id !== 'empty';
  expect(layout(categorySections(categories, hasProducts))).toEqual(['b1+b2', 'n1', 'n2']);
  expect(layout(categorySections([banner('b1'), plain('e1'), plain('n1'), banner('b2'), banner('b3'), banner('b4'), plain('n2')], (id) => id !== 'e1')))
    .toEqual(['b1+b2+b3', 'n1', 'n2', 'b4']);
});

test('hides a section when no untried category has products', () => {
  const categories = [banner('b1'), plain('e1'), plain('e2')];
  expect(layout(categorySections(categories, () => false))).toEqual(['b1']);
  expect(categorySections([plain('n1')], everyoneHasProducts)).toEqual([]);
  expect(layout(categorySections([banner('b1'), { id: 'blank', bannerUrl: '  ' }], everyoneHasProducts))).toEqual(['b1', 'blank']);
});
