import { expect, test } from 'vitest';
import { swatchColour } from './swatch.ts';

test('swatchColour reads the colour word in a variant name, the last one winning', () => {
  expect(['Sage Green', 'Matte Black', 'Navy Blue', 'Blue Navy'].map(swatchColour)).toEqual(['#3f8f4e', '#1f1f1f', '#3a6fc4', '#1f2f57']);
});

test('swatchColour gives names without a colour word neutral grey', () => {
  expect(['Large', ''].map(swatchColour)).toEqual(['#c7c9cc', '#c7c9cc']);
});
