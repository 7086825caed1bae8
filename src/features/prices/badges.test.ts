import { expect, test } from 'vitest';
import { priceBadgeLabels } from './badges.ts';

test("price badges read 'Price dropped N%' and 'Lowest price in 90 days', the drop first", () => {
  expect(priceBadgeLabels({ lowestPriceIn90Days: true, priceDropPercent: 12 })).toEqual(['Price dropped 12%', 'Lowest price in 90 days']);
  expect(priceBadgeLabels({ lowestPriceIn90Days: true, priceDropPercent: null })).toEqual(['Lowest price in 90 days']);
  expect(priceBadgeLabels({ lowestPriceIn90Days: false, priceDropPercent: null })).toEqual([]);
  // An entry stored before products carried badges has none, never 'Price dropped undefined%'.
  expect(priceBadgeLabels({})).toEqual([]);
});
