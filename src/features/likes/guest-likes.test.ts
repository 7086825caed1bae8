import { describe, expect, test } from 'vitest';
import { parseGuestLikes, toggled } from './guest-likes.ts';

describe('parseGuestLikes', () => {
  test('reads a stored list of ids', () => {
    expect(parseGuestLikes('["a","b"]')).toEqual(['a', 'b']);
  });
  test('drops duplicates and anything that is not an id', () => {
    expect(parseGuestLikes('["a",1,null,"a","b"]')).toEqual(['a', 'b']);
  });
  test('treats missing, malformed or non-list storage as no likes', () => {
    expect(parseGuestLikes(null)).toEqual([]);
    expect(parseGuestLikes('{oops')).toEqual([]);
    expect(parseGuestLikes('{"a":1}')).toEqual([]);
  });
});

describe('toggled', () => {
  test('liking adds the product at the end', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
  });
  test('unliking removes it', () => {
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});
