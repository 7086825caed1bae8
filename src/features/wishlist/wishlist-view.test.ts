import { describe, expect, test } from 'vitest';
import { wishlistOrder, wishlistReadBudget, wishlistView, withRead } from './wishlist-view.ts';

const product = (id: string) => ({ id, name: `Gift ${id}` });

describe('wishlistView', () => {
  test('shows the read products in the wishlist order and lists the ids still to read, sorted', () => {
    const read = new Map([['b', product('b')], ['d', product('d')]]);
    expect(wishlistView(['d', 'c', 'b', 'a'], read)).toEqual({ cards: [product('d'), product('b')], missing: ['a', 'c'] });
  });
  test('an unliked product leaves the cards without a new read', () => {
    const read = new Map([['a', product('a')], ['b', product('b')]]);
    expect(wishlistView(['b'], read)).toEqual({ cards: [product('b')], missing: [] });
  });
  test('a liked product that left the catalogue shows no card and is not read again', () => {
    const read = new Map([['a', product('a')], ['gone', null]]);
    expect(wishlistView(['gone', 'a'], read)).toEqual({ cards: [product('a')], missing: [] });
  });
});

describe('withRead', () => {
  test('notes each asked id with its product, or null when none came back', () => {
    const read = withRead(new Map([['a', product('a')]]), ['b', 'gone'], [product('b')]);
    expect([...read]).toEqual([['a', product('a')], ['b', product('b')], ['gone', null]]);
  });
});

describe('wishlistOrder', () => {
  test('shows the newest like first', () => {
    expect(wishlistOrder(['oldest', 'middle', 'newest'])).toEqual(['newest', 'middle', 'oldest']);
  });
  test('leaves the stored list as it is', () => {
    const stored = ['a', 'b'];
    wishlistOrder(stored);
    expect(stored).toEqual(['a', 'b']);
  });
});

describe('wishlistReadBudget', () => {
  test('leaves what remains of 3.5 s since the page opened, so a failed load shows within 5 s', () => {
    expect(wishlistReadBudget(800)).toBe(2_700);
    expect(wishlistReadBudget(1_900)).toBe(1_600);
  });
  test('gives at least 1 s, when the page or its reader took long to load and on Retry', () => {
    expect(wishlistReadBudget(2_500)).toBe(1_000);
    expect(wishlistReadBudget(3_200)).toBe(1_000);
    expect(wishlistReadBudget(60_000)).toBe(1_000);
  });
});
