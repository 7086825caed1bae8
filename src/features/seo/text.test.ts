import { describe, expect, test } from 'vitest';
import {
  firstCharacters, newProductSeo, pageTitle, productMetaDescription, seoDescriptionRemaining, seoKeywords, seoTitleAfterRename, truncateWords,
} from './text.ts';

const sentence = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

test.each<[string, [string, string?], string]>([
  ["adds a ' | ' brand suffix", ['Tech Savvy'], 'Tech Savvy | Giftshop'],
  ['adds no suffix when the title already contains the brand', ['Giftshop - Discover Unique Gifts'], 'Giftshop - Discover Unique Gifts'],
  ['adds no suffix when the title already contains the brand', ['Why GIFTSHOP picks'], 'Why GIFTSHOP picks'],
  ['is the brand alone for an empty title', ['  '], 'Giftshop'],
  ['uses the blog brand suffix on blog pages', ['Gifts for Cooks', 'Giftshop Blog'], 'Gifts for Cooks | Giftshop Blog'],
])('pageTitle %s', (_, args, title) => {
  expect(pageTitle(...args)).toBe(title);
});

describe('truncateWords', () => {
  test('cuts on a word boundary with an ellipsis, never longer than the limit', () => {
    expect(truncateWords('Short text', 20)).toBe('Short text');
    expect(truncateWords('aaa bbb ccc', 8)).toBe('aaa bbb…');
    expect(truncateWords('aaa bbb, ccc', 9)).toBe('aaa bbb…');
    expect(truncateWords('Supercalifragilistic', 10)).toBe('Supercali…');
    expect(truncateWords('  spread\n\nout   text ', 50)).toBe('spread out text');
    for (let max = 5; max < 60; max++) expect(truncateWords(sentence(30), max).length).toBeLessThanOrEqual(max);
  });
});

describe('descriptions', () => {
  test('a product falls back to the first 160 characters of its description', () => {
    expect(productMetaDescription({ seoDescription: 'Custom.', description: sentence(80) })).toBe('Custom.');
    expect(productMetaDescription({ seoDescription: null, description: sentence(80) })).toBe(sentence(80).slice(0, 160));
  });

  test('the first N characters are exactly that, with whitespace runs as one space', () => {
    expect(firstCharacters('abcdef', 4)).toBe('abcd');
    expect(firstCharacters('  one\n\ntwo   three ', 9)).toBe('one two t');
    expect(firstCharacters('short', 155)).toBe('short');
  });

  test('counts the characters left of the 155 allowed', () => {
    expect(seoDescriptionRemaining('')).toBe(155);
    expect(seoDescriptionRemaining('x'.repeat(160))).toBe(-5);
  });
});

describe('seoKeywords', () => {
  test('takes lowercase words longer than 3 characters, without stop words, de-duplicated, at most 8', () => {
    expect(seoKeywords('Cordless Drill Kit', 'A unique drill that they have with them from this shop', ['Builders & Fixers']))
      .toEqual(['cordless', 'drill', 'them', 'shop', 'builders', 'fixers']);
    expect(seoKeywords(sentence(20), '')).toHaveLength(8);
    expect(seoKeywords('Mug', '', ['1b4e28ba-2fa1-11d2-883f-0016d3cca427'])).toEqual([]);
  });

  test('a new product gets its SEO title from the name and description from the first 155 characters', () => {
    const seo = newProductSeo({ name: ' Pasta Maker ', description: sentence(60), categories: ['Culinary Crew'] });
    expect(seo.seoTitle).toBe('Pasta Maker');
    expect(seo.seoDescription).toBe(sentence(60).slice(0, 155));
    expect(seo.seoKeywords).toEqual(['pasta', 'maker', 'word0', 'word1', 'word2', 'word3', 'word4', 'word5']);
  });
});

describe('seoTitleAfterRename', () => {
  test('the old name in the title becomes the new name, in any letter case, and the rest stays', () => {
    expect(seoTitleAfterRename('Walnut Turntable | Music Room Gifts', 'Walnut Turntable', 'Walnut Record Player'))
      .toBe('Walnut Record Player | Music Room Gifts');
    expect(seoTitleAfterRename('Best walnut turntable', ' Walnut Turntable ', 'Record Player ($99)')).toBe('Best Record Player ($99)');
  });

  test('a title that is the old name becomes the new name', () => {
    expect(seoTitleAfterRename('Pasta Maker', 'Pasta Maker', 'Pasta Maker Pro')).toBe('Pasta Maker Pro');
  });

  test('a title without the old name, or a blank name, gives nothing to change', () => {
    expect([
      seoTitleAfterRename('Fresh pasta at home', 'Pasta Maker', 'Pasta Machine'),
      seoTitleAfterRename('', 'Pasta Maker', 'Pasta Machine'),
      seoTitleAfterRename('Pasta Maker', 'Pasta Maker', '  '),
      seoTitleAfterRename('Pasta (Maker)', '(Maker)', 'Machine'),
    ]).toEqual([null, null, null, 'Pasta Machine']);
  });
});
