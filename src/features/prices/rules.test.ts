import { describe, expect, test } from 'vitest';
import { BADGE_CASES, CASE_NOW, daysAgo } from './badge-cases.ts';
import { dropBadgeLabel } from './badges.ts';
import { isLowestIn90Days, latestPerRetailer, priceBadges, priceDropPercent, priceHistory } from './rules.ts';

const now = CASE_NOW;

describe('price badges', () => {
  test("lowest price in 90 days: a retailer's latest price equals the product's lowest price across retailers in the last 90 days, with at least 14 days of history", () => {
    expect(isLowestIn90Days([daysAgo(30, 'Amazon', 25), daysAgo(1, 'Amazon', 19.99)], now)).toBe(true);
    expect(isLowestIn90Days([daysAgo(30, 'Amazon', 19.99), daysAgo(1, 'Amazon', 25)], now)).toBe(false);
  });

  test('lowest price in 90 days: exactly 14 days of history is enough, 13 is not', () => {
    expect(isLowestIn90Days([daysAgo(14, 'Amazon', 25), daysAgo(0, 'Amazon', 20)], now)).toBe(true);
    expect(isLowestIn90Days([daysAgo(13.9, 'Amazon', 25), daysAgo(0, 'Amazon', 20)], now)).toBe(false);
  });

  test('lowest price in 90 days: one point is not enough history', () => {
    expect(isLowestIn90Days([daysAgo(0, 'Amazon', 20)], now)).toBe(false);
  });

  test('price dropped N%: the lowest latest price is at least 10% under the 30-day median, N rounded down', () => {
    const base = [daysAgo(20, 'Amazon', 50), daysAgo(10, 'Amazon', 50), daysAgo(5, 'Etsy', 50)];
    expect(priceDropPercent([...base, daysAgo(1, 'Amazon', 45)], now)).toBe(10);
    expect(priceDropPercent([...base, daysAgo(1, 'Amazon', 45.01)], now)).toBeNull();
    expect(priceDropPercent([...base, daysAgo(1, 'Amazon', 37.6)], now)).toBe(24);
    expect(dropBadgeLabel(24)).toBe('Price dropped 24%');
  });

  test('price dropped N%: the lowest latest price is taken over retailers', () => {
    const points = [daysAgo(20, 'Amazon', 50), daysAgo(20, 'Etsy', 50), daysAgo(1, 'Amazon', 48), daysAgo(1, 'Etsy', 40)];
    // median of 40, 48, 50, 50 is 49; 40 is 18.4% under it
    expect(priceDropPercent(points, now)).toBe(18);
  });

  test("a retailer's latest price is its newest price of the last 90 days, retailer names matched ignoring case", () => {
    const latest = latestPerRetailer([daysAgo(5, 'amazon', 30), daysAgo(1, 'Amazon ', 20), daysAgo(100, 'Etsy', 10)], now);
    expect(latest.map((p) => p.price)).toEqual([20]);
  });

  test.each(BADGE_CASES)('badges of $name', ({ points, badges }) => {
    expect(priceBadges(points, now)).toEqual(badges);
  });
});

describe('price history', () => {
  test('the 90-day series per retailer, oldest first, with the lowest and highest price of the period', () => {
    const history = priceHistory(
      [daysAgo(1, 'Etsy', 22), daysAgo(100, 'Amazon', 5), daysAgo(30, 'Amazon', 25), daysAgo(2, 'amazon', 19.5), daysAgo(10, 'Etsy', 21)],
      now,
    );
    expect(history.series.map((s) => [s.platform, s.points.map((p) => p.price)])).toEqual([
      ['Amazon', [25, 19.5]],
      ['Etsy', [21, 22]],
    ]);
    expect(history.lowest).toBe(19.5);
    expect(history.highest).toBe(25);
  });

  test('no history: no series, no lowest or highest', () => {
    expect(priceHistory([daysAgo(91, 'Amazon', 20)], now)).toEqual({ series: [], lowest: null, highest: null });
  });
});
