import { describe, expect, test } from 'vitest';
import { hasAtMostTwoDecimals, isHttpUrl, isImageUrl, parseSeoKeywords } from './fields.ts';

describe('isImageUrl', () => {
  test.each(['https://img.example.com/a.png', 'http://img.example.com/a.png?size=2', '/media/products/lamp-1.svg', '/'])(
    'accepts %s', (url) => expect(isImageUrl(url)).toBe(true),
  );
  test.each(['lamp.png', 'ftp://img.example.com/a.png', 'javascript:alert(1)', '//evil.example.com/a.png', '/media/a b.png', 'https://', 'HTTPS://img.example.com/a.png', ''])(
    'refuses %s', (url) => expect(isImageUrl(url)).toBe(false),
  );
});

describe('isHttpUrl', () => {
  test('accepts absolute http(s) URLs only', () => {
    expect(isHttpUrl('https://www.amazon.com/dp/B0TEST?tag=giftshop-20')).toBe(true);
    expect(isHttpUrl('/media/a.png')).toBe(false);
    expect(isHttpUrl('mailto:shop@example.com')).toBe(false);
  });
});

describe('hasAtMostTwoDecimals (spec: price step 0.01)', () => {
  test.each([0, 1, 12.5, 12.34, 0.29, 99_999_999.99])('%s has at most two', (price) => expect(hasAtMostTwoDecimals(price)).toBe(true));
  test.each([12.345, 0.001, 1e-7])('%s has more', (price) => expect(hasAtMostTwoDecimals(price)).toBe(false));
});

describe('parseSeoKeywords (spec: comma-separated, trimmed, empties dropped)', () => {
  test('splits a comma-separated text', () => expect(parseSeoKeywords(' lamp, desk ,, reading light ,')).toEqual(['lamp', 'desk', 'reading light']));
  test('trims a list and drops its empties', () => expect(parseSeoKeywords([' lamp ', '', '  ', 'desk'])).toEqual(['lamp', 'desk']));
  test('an empty text is no keywords', () => expect(parseSeoKeywords('')).toEqual([]));
});
