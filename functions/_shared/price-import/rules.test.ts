import { describe, expect, test } from 'vitest';
import { PriceFileError, readHeader, readMoment, rowReader } from './rules.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const ID = '6f1c2a52-3c1e-4b8e-9d0a-1f2e3d4c5b6a';
const columns = readHeader(['product_id', 'platform', 'price', 'scraped_at']);
const read = rowReader(columns, NOW);
const row = (over: Partial<Record<'product_id' | 'platform' | 'price' | 'scraped_at', string>> = {}) => {
  const r = { product_id: ID, platform: 'Amazon', price: '19.99', scraped_at: '2026-03-01T08:00:00Z', ...over };
  return [r.product_id, r.platform, r.price, r.scraped_at];
};
const reason = (over: Parameters<typeof row>[0]) => {
  const result = read(row(over));
  return 'reason' in result ? result.reason : 'accepted';
};

describe('the header', () => {
  test('names the four columns in any order, url optional', () => {
    expect(readHeader(['price', ' scraped_at', 'url', 'platform', 'product_id'])).toEqual({ price: 0, scraped_at: 1, url: 2, platform: 3, product_id: 4 });
  });
  test('a missing column is named', () => {
    expect(() => readHeader(['product_id', 'platform', 'price'])).toThrow(new PriceFileError('The header is missing the column scraped_at'));
  });
  test('an unexpected column is named', () => {
    expect(() => readHeader(['product_id', 'platform', 'price', 'scraped_at', 'colour'])).toThrow(/unexpected column "colour"/);
  });
  test('a column named twice is refused', () => {
    expect(() => readHeader(['product_id', 'platform', 'price', 'scraped_at', 'price'])).toThrow('The header names the column price twice');
  });
});

describe('a row', () => {
  test('a valid row becomes its point, the date in UTC', () => {
    expect(read(row({ scraped_at: '2026-03-01T09:00:00+01:00', price: '5' }))).toEqual({
      point: { product_id: ID, platform: 'Amazon', price: 5, scraped_at: '2026-03-01T08:00:00.000Z' },
    });
  });
  test('a date without an offset is UTC', () => {
    expect(read(row({ scraped_at: '2026-03-01 08:00' }))).toMatchObject({ point: { scraped_at: '2026-03-01T08:00:00.000Z' } });
    expect(read(row({ scraped_at: '2026-03-01' }))).toMatchObject({ point: { scraped_at: '2026-03-01T00:00:00.000Z' } });
  });
  test('negative price', () => expect(reason({ price: '-1.00' })).toBe('negative price'));
  test('price is zero', () => {
    for (const price of ['0', '0.00', '-0', '.0']) expect(reason({ price }), price).toBe('price is zero');
    expect(reason({ price: '0.01' })).toBe('accepted');
  });
  test('price is not a number', () => {
    for (const price of ['abc', '1,99', '1e3', 'NaN', '$5']) expect(reason({ price }), price).toBe('price is not a number');
  });
  test('price is missing', () => expect(reason({ price: ' ' })).toBe('price is missing'));
  test('price has more than 2 decimals (trailing zeros are fine)', () => {
    expect(reason({ price: '1.999' })).toBe('price has more than 2 decimals');
    expect(reason({ price: '1.500' })).toBe('accepted');
  });
  test('price is too large for the history', () => expect(reason({ price: '100000000' })).toBe('price is too large'));
  test('bad date', () => {
    for (const scraped_at of ['yesterday', '2026-02-30', '2026-13-01', '01/03/2026', '2026-03-01T25:00:00Z']) {
      expect(reason({ scraped_at }), scraped_at).toBe('bad date');
    }
  });
  test('date in the future, beyond 5 minutes of clock skew', () => {
    expect(reason({ scraped_at: '2026-03-10T12:04:59Z' })).toBe('accepted');
    expect(reason({ scraped_at: '2026-03-10T12:05:01Z' })).toBe('date in the future');
  });
  test('date more than a year ago (a year of history is still taken)', () => {
    expect(reason({ scraped_at: '2025-03-10T12:00:00Z' })).toBe('accepted');
    expect(reason({ scraped_at: '2025-03-10T11:59:59Z' })).toBe('date more than a year ago');
    expect(reason({ scraped_at: '1990-03-01' })).toBe('date more than a year ago');
  });
  test('product_id is not a valid id', () => expect(reason({ product_id: 'lamp-1' })).toBe('product_id is not a valid id'));
  test('platform is 1 to 60 characters', () => {
    expect(reason({ platform: '' })).toBe('platform is missing');
    expect(reason({ platform: 'x'.repeat(61) })).toBe('platform is longer than 60 characters');
  });
  test('a row with too few or too many cells says how many', () => {
    expect(read(row().slice(0, 3))).toEqual({ reason: 'expected 4 columns, found 3' });
  });
  test('the optional url must be an http(s) address when given', () => {
    const withUrl = rowReader(readHeader(['product_id', 'platform', 'price', 'scraped_at', 'url']), NOW);
    expect(withUrl([...row(), 'https://shop.example.com/p/1'])).toHaveProperty('point');
    expect(withUrl([...row(), ''])).toHaveProperty('point');
    expect(withUrl([...row(), 'javascript:alert(1)'])).toEqual({ reason: 'url is not an http(s) address' });
  });
});

test("a platform's feed may only name its own platform", () => {
  const feed = rowReader(columns, NOW, 'Amazon');
  expect(feed(row({ platform: 'AMAZON' }))).toHaveProperty('point');
  expect(feed(row({ platform: 'Etsy' }))).toEqual({ reason: "platform is not this feed's platform (Amazon)" });
});

describe('readMoment', () => {
  test('keeps milliseconds', () => {
    expect(readMoment('2026-03-01T08:00:00.1234Z', NOW)).toEqual({ at: new Date('2026-03-01T08:00:00.123Z') });
  });
  test('an offset without a colon', () => {
    expect(readMoment('2026-03-01T08:00:00-0230', NOW)).toEqual({ at: new Date('2026-03-01T10:30:00Z') });
  });
});
