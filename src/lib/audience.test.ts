import { describe, expect, test } from 'vitest';
import { AUDIENCE_OPTIONS, audienceCategories, audienceSet, genderLabel, pageGender, parseGender } from './audience.ts';

describe('audienceSet', () => {
  test('for_him gives for_him and for_both, for_her gives for_her and for_both, anything else for_both', () => {
    expect(audienceSet('for_him')).toEqual(['for_him', 'for_both']);
    expect(audienceSet('for_her')).toEqual(['for_her', 'for_both']);
    expect(audienceSet('for_both')).toEqual(['for_both']);
    expect(audienceSet('for_them')).toEqual(['for_both']);
    expect(audienceSet(null)).toEqual(['for_both']);
  });
});

describe('audienceCategories', () => {
  const categories = [
    { name: 'Tools', gender: 'for_him' as const },
    { name: 'Beauty', gender: 'for_her' as const },
    { name: 'Travel', gender: 'for_both' as const },
  ];

  test('lists the audience plus for_both', () => {
    expect(audienceCategories(categories, 'for_him').map((c) => c.name)).toEqual(['Tools', 'Travel']);
    expect(audienceCategories(categories, 'for_her').map((c) => c.name)).toEqual(['Beauty', 'Travel']);
  });

  test('lists only for_both categories for for_both or any other value', () => {
    expect(audienceCategories(categories, 'for_both').map((c) => c.name)).toEqual(['Travel']);
    expect(audienceCategories(categories, 'everyone').map((c) => c.name)).toEqual(['Travel']);
  });
});

describe('gender URL values', () => {
  test('accepts only for_him, for_her and for_both', () => {
    expect(parseGender('for_her')).toBe('for_her');
    expect(parseGender('FOR_HER')).toBeNull();
    expect(parseGender('')).toBeNull();
    expect(parseGender(undefined)).toBeNull();
  });

  test('a page gender defaults to for_both', () => {
    expect(pageGender('for_him')).toBe('for_him');
    expect(pageGender('nonsense')).toBe('for_both');
    expect(pageGender(null)).toBe('for_both');
  });
});

describe('labels', () => {
  test('names each audience and lists For Both, For Him, For Her in that order', () => {
    expect(genderLabel('for_him')).toBe('For Him');
    expect(AUDIENCE_OPTIONS.map((o) => o.label)).toEqual(['For Both', 'For Him', 'For Her']);
  });
});
