import { describe, expect, test } from 'vitest';
import { charactersLeftText, hasAtMostTwoDecimals, isHttpUrl, isImageUrl, parseSeoKeywords } from './fields.ts';

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

describe('charactersLeftText (spec: a counter of remaining characters)', () => {
  test('counts what is left, one character in the singular', () => {
    expect(charactersLeftText(155, 155)).toBe('155 characters remaining');
    expect(charactersLeftText(1, 155)).toBe('1 character remaining');
    expect(charactersLeftText(0, 155)).toBe('0 characters remaining');
  });

  test('says how far over the limit a text is', () => {
    expect(charactersLeftText(-1, 155)).toBe('1 character over the limit of 155');
    expect(charactersLeftText(-5, 240)).toBe('5 characters over the limit of 240');
  });
});
