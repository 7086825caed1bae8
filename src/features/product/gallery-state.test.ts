import { describe, expect, test } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  chosenVariant,
  counterText,
  galleryMedia,
  initialGallery,
  next,
  previous,
  select,
  thumbnailShift,
  variantChoices,
} from './gallery-state.ts';

const times = <S>(state: S, step: (s: S) => S, n: number): S => Array.from({ length: n }).reduce<S>((s) => step(s), state);

describe('galleryMedia', () => {
  test('shows the main image first, then the extra images and videos in order', () => {
    expect(galleryMedia({
      imageUrl: '/main.svg',
      media: [{ type: 'image', url: '/side.svg' }, { type: 'video', url: '/spin.mp4' }],
      variants: [],
    })).toEqual([
      { type: 'image', url: '/main.svg' },
      { type: 'image', url: '/side.svg' },
      { type: 'video', url: '/spin.mp4' },
    ]);
  });

  test('drops blank URLs and repeats of an item already shown', () => {
    expect(galleryMedia({
      imageUrl: '/main.svg',
      media: [{ type: 'image', url: '/main.svg' }, { type: 'image', url: ' ' }, { type: 'image', url: '/b.svg' }, { type: 'image', url: '/b.svg' }],
      variants: [],
    }).map((m) => m.url)).toEqual(['/main.svg', '/b.svg']);
  });

  test("ends with the variants' own pictures, named by their variant, each picture once", () => {
    expect(galleryMedia({
      imageUrl: '/main.svg',
      media: [{ type: 'image', url: '/side.svg' }],
      variants: [{ name: 'Oat', imageUrl: '/oat.svg' }, { name: 'Plain', imageUrl: null }, { name: 'Main', imageUrl: '/main.svg' }],
    })).toEqual([
      { type: 'image', url: '/main.svg' },
      { type: 'image', url: '/side.svg' },
      { type: 'image', url: '/oat.svg', variant: 'Oat' },
    ]);
  });
});

describe('gallery state', () => {
  test('starts at the first item with the first four thumbnails in view', () => {
    const state = initialGallery(6);
    expect(state).toEqual({ index: 0, offset: 0, total: 6, visible: 4 });
    expect(counterText(state)).toBe('1 / 6');
  });

  test('disables previous at the first item and next at the last', () => {
    const first = initialGallery(3);
    expect(canGoPrevious(first)).toBe(false);
    expect(canGoNext(first)).toBe(true);
    const last = select(first, 2);
    expect(canGoPrevious(last)).toBe(true);
    expect(canGoNext(last)).toBe(false);
    const only = initialGallery(1);
    expect(canGoPrevious(only) || canGoNext(only)).toBe(false);
  });

  test('the arrows move the selection by one and stop at the ends', () => {
    const state = initialGallery(3);
    expect(next(state).index).toBe(1);
    expect(times(state, next, 5).index).toBe(2);
    expect(previous(state)).toBe(state);
    expect(previous(next(next(state))).index).toBe(1);
  });

  test('the thumbnail offset moves by 1 when the selection would leave the four in view', () => {
    let state = times(initialGallery(7), next, 3);
    expect(state).toMatchObject({ index: 3, offset: 0 });
    state = next(state);
    expect(state).toMatchObject({ index: 4, offset: 1 });
    state = next(state);
    expect(state).toMatchObject({ index: 5, offset: 2 });
    state = times(state, previous, 3);
    expect(state).toMatchObject({ index: 2, offset: 2 });
    state = previous(state);
    expect(state).toMatchObject({ index: 1, offset: 1 });
  });

  test('keeps the offset within bounds', () => {
    expect(times(initialGallery(6), next, 10)).toMatchObject({ index: 5, offset: 2 });
    expect(select(initialGallery(3), 2)).toMatchObject({ index: 2, offset: 0 });
    expect(select(initialGallery(9), 100)).toMatchObject({ index: 8, offset: 5 });
    expect(select(select(initialGallery(9), 8), -3)).toMatchObject({ index: 0, offset: 0 });
  });

  test('selecting a thumbnail in view keeps the thumbnails where they are', () => {
    const state = select(initialGallery(8), 5);
    expect(state).toMatchObject({ index: 5, offset: 2 });
    expect(select(state, 2)).toMatchObject({ index: 2, offset: 2 });
    expect(select(state, 4)).toMatchObject({ index: 4, offset: 2 });
  });

  test('shifts the strip by one 80px thumbnail plus the 8px gap per step', () => {
    expect(thumbnailShift(initialGallery(8))).toBe(0);
    expect(thumbnailShift(select(initialGallery(8), 6))).toBe(3 * 88);
  });

  test('an empty gallery counts 0 / 0 and ignores selections', () => {
    const empty = initialGallery(0);
    expect(counterText(empty)).toBe('0 / 0');
    expect(select(empty, 2)).toBe(empty);
    expect(next(empty)).toBe(empty);
  });
});

describe('variantChoices', () => {
  const variants = [
    { name: 'Oat', imageUrl: '/oat.svg' },
    { name: 'Sage Green', imageUrl: '/main.svg' },
    { name: 'Large', imageUrl: null },
  ];
  const gallery = galleryMedia({ imageUrl: '/main.svg', media: [{ type: 'image', url: '/side.svg' }], variants });

  test("each variant points at the gallery item showing its own picture, the main one included", () => {
    expect(variantChoices(variants, gallery).map((c) => [c.name, c.slide])).toEqual([['Oat', 2], ['Sage Green', 0], ['Large', null]]);
  });

  test('a variant whose name is no colour shows its picture as its swatch', () => {
    expect(variantChoices(variants, gallery).map((c) => c.swatch)).toEqual([
      { picture: '/oat.svg' }, { colour: '#3f8f4e' }, { colour: '#c7c9cc' },
    ]);
  });
});

describe('chosenVariant', () => {
  const names = ['Oat', 'Sage Green'];

  test('the address names a variant in any letter case', () => {
    expect([chosenVariant('Sage Green', names), chosenVariant(' sage green ', names)]).toEqual([1, 1]);
  });

  test('an address without a variant, or naming none of them, chooses none', () => {
    expect([chosenVariant(null, names), chosenVariant('', names), chosenVariant('Teal', names)]).toEqual([-1, -1, -1]);
  });
});
