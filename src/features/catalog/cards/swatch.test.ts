import { expect, test } from 'vitest';
import { variantSwatch } from './swatch.ts';

const named = (name: string) => variantSwatch({ name, picture: null });

test('a swatch shows the colour word in the variant name, the last one winning', () => {
  expect(['Sage Green', 'Matte Black', 'Navy Blue', 'Blue Navy'].map(named)).toEqual([
    { colour: '#3f8f4e' }, { colour: '#1f1f1f' }, { colour: '#3a6fc4' }, { colour: '#1f2f57' },
  ]);
});

test('a known colour wins over the variant picture', () => {
  expect(variantSwatch({ name: 'Sage Green', picture: '/media/sage.svg' })).toEqual({ colour: '#3f8f4e' });
});

test('a name without a colour word shows the variant picture', () => {
  expect(variantSwatch({ name: 'Oat', picture: '/media/oat.svg' })).toEqual({ picture: '/media/oat.svg' });
});

test('a name without a colour word and without a picture is neutral grey', () => {
  expect([named('Large'), named(''), variantSwatch({ name: 'Oat', picture: '  ' })]).toEqual([
    { colour: '#c7c9cc' }, { colour: '#c7c9cc' }, { colour: '#c7c9cc' },
  ]);
});
