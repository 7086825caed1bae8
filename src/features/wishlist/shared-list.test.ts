import { describe, expect, test } from 'vitest';
import { listLinkFrom, listTitleProblem, sharedListUrl } from './shared-list.ts';

const TOKEN = 'AbC_-0123456789abcdefghijklmnopqrstuvwxyzAB';

describe('listTitleProblem', () => {
  test('a title of 1 to 80 characters is fine, spaces around it aside', () => {
    expect(listTitleProblem('My gift ideas')).toBeNull();
    expect(listTitleProblem(`  ${'x'.repeat(80)}  `)).toBeNull();
  });
  test('an empty or blank title asks for one', () => {
    expect(listTitleProblem('')).toBe('Give the list a title');
    expect(listTitleProblem('   ')).toBe('Give the list a title');
  });
  test('more than 80 characters is too long, counting an emoji as one character', () => {
    expect(listTitleProblem('x'.repeat(81))).toBe('A list title can have at most 80 characters');
    expect(listTitleProblem('🎁'.repeat(80))).toBeNull();
  });
  test('a line break or other control character inside is refused', () => {
    expect(listTitleProblem('Gifts\nfor Sam')).toBe('A list title cannot contain line breaks or control characters');
    expect(listTitleProblem('Gifts\u0007')).toBe('A list title cannot contain line breaks or control characters');
  });
});

describe('sharedListUrl', () => {
  test('opens /wishlist/shared/ with the token as its list parameter', () => {
    expect(sharedListUrl(TOKEN, 'https://shop.example.com')).toBe(`https://shop.example.com/wishlist/shared/?list=${TOKEN}`);
  });
});

describe('listLinkFrom', () => {
  test('names the token of a whole link', () => {
    expect(listLinkFrom(`?list=${TOKEN}`)).toEqual({ kind: 'token', token: TOKEN });
  });
  test('ignores other parameters, such as a messenger\'s tracking', () => {
    expect(listLinkFrom(`?utm_source=chat&list=${TOKEN}`)).toEqual({ kind: 'token', token: TOKEN });
  });
  test('no list parameter, or an empty one, is a missing list', () => {
    expect(listLinkFrom('')).toEqual({ kind: 'missing' });
    expect(listLinkFrom('?list=')).toEqual({ kind: 'missing' });
  });
  test('a token cut short, too long or with other characters is malformed', () => {
    expect(listLinkFrom(`?list=${TOKEN.slice(0, 42)}`)).toEqual({ kind: 'malformed' });
    expect(listLinkFrom(`?list=${TOKEN}x`)).toEqual({ kind: 'malformed' });
    expect(listLinkFrom(`?list=${TOKEN.slice(0, 42)}%25`)).toEqual({ kind: 'malformed' });
  });
});
