import { describe, expect, test } from 'vitest';
import { swatchColour } from './swatch.ts';

describe('swatchColour', () => {
  test('reads the colour word in a variant name', () => {
    expect(swatchColour('Sage Green')).toBe('#3f8f4e');
    expect(swatchColour('Matte Black')).toBe('#1f1f1f');
  });
  test('the last colour word wins', () => {
    expect(swatchColour('Navy Blue')).toBe('#3a6fc4');
    expect(swatchColour('Blue Navy')).toBe('#1f2f57');
  });
  test('names without a colour word get neutral grey', () => {
    expect(swatchColour('Large')).toBe('#c7c9cc');
    expect(swatchColour('')).toBe('#c7c9cc');
  });
});
