import { describe, expect, test } from 'vitest';
import { AUDIENCE_OPTIONS, audienceSet, genderLabel, pageGender, parseGender } from './audience.ts';

describe('audienceSet', () => {
  test('for_him gives for_him and for_both, for_her gives for_her and for_both, anything else for_both', () => {
    expect(audienceSet('for_him')).toEqual(['for_him', 'for_both']);
    expect(audienceSet('for_her')).toEqual(['for_her', 'for_both']);
    expect(audienceSet('for_both')).toEqual(['for_both']);
    expect(audienceSet('for_them')).toEqual(['for_both']);
    expect(audienceSet(null)).toEqual(['for_both']);
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
