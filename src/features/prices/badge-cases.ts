/**
 * Price histories with the badges the rules give them, shared by the rules' unit tests and the
 * database test that checks SQL (price_badges_of) gives the same badges.
 */
import type { PriceBadges, PricePoint } from './rules.ts';

export const CASE_NOW = new Date('2026-06-01T12:00:00Z');

const DAY_MS = 24 * 60 * 60 * 1000;
/** A point `days` before CASE_NOW. */
export const daysAgo = (days: number, platform: string, price: number): PricePoint => ({
  platform,
  price,
  scrapedAt: new Date(CASE_NOW.getTime() - days * DAY_MS).toISOString(),
});

export interface BadgeCase {
  name: string;
  points: PricePoint[];
  badges: PriceBadges;
}

export const BADGE_CASES: BadgeCase[] = [
  { name: 'no history', points: [], badges: { lowestIn90Days: false, dropPercent: null } },
  { name: 'one point today', points: [daysAgo(0, 'Amazon', 20)], badges: { lowestIn90Days: false, dropPercent: null } },
  {
    name: 'a long steady price is the lowest',
    points: [daysAgo(40, 'Amazon', 20), daysAgo(20, 'Amazon', 20), daysAgo(1, 'Amazon', 20)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'exactly 14 days of history',
    points: [daysAgo(14, 'Amazon', 25), daysAgo(1, 'Amazon', 22)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: '13 days of history is too little',
    points: [daysAgo(13, 'Amazon', 25), daysAgo(1, 'Amazon', 22)],
    badges: { lowestIn90Days: false, dropPercent: null },
  },
  {
    name: 'a lower price earlier in the period',
    points: [daysAgo(60, 'Amazon', 15), daysAgo(1, 'Amazon', 20)],
    badges: { lowestIn90Days: false, dropPercent: null },
  },
  {
    name: 'a lower price older than 90 days does not count',
    points: [daysAgo(120, 'Amazon', 10), daysAgo(60, 'Amazon', 22), daysAgo(1, 'Amazon', 20)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'a retailer whose only price is older than 90 days has no latest price',
    points: [daysAgo(100, 'Etsy', 10), daysAgo(30, 'Amazon', 20), daysAgo(1, 'Amazon', 20)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'ties: two retailers at the lowest',
    points: [daysAgo(30, 'Amazon', 18), daysAgo(2, 'Amazon', 18), daysAgo(30, 'Etsy', 19), daysAgo(1, 'Etsy', 18)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'the lowest was another retailer, now higher',
    points: [daysAgo(30, 'Etsy', 15), daysAgo(2, 'Etsy', 21), daysAgo(30, 'Amazon', 20), daysAgo(1, 'Amazon', 20)],
    badges: { lowestIn90Days: false, dropPercent: null },
  },
  {
    name: 'exactly 10% under the 30-day median',
    points: [daysAgo(20, 'Amazon', 20), daysAgo(10, 'Amazon', 20), daysAgo(5, 'Etsy', 20), daysAgo(1, 'Amazon', 18)],
    badges: { lowestIn90Days: true, dropPercent: 10 },
  },
  {
    name: 'just under 10% is no drop',
    points: [daysAgo(20, 'Amazon', 20), daysAgo(10, 'Amazon', 20), daysAgo(5, 'Etsy', 20), daysAgo(1, 'Amazon', 18.01)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'a 19.9% drop shows 19%',
    points: [daysAgo(25, 'Amazon', 100), daysAgo(15, 'Amazon', 100), daysAgo(8, 'Etsy', 100), daysAgo(1, 'Amazon', 80.1)],
    badges: { lowestIn90Days: true, dropPercent: 19 },
  },
  {
    name: 'an even number of prices: the median is the mean of the middle two',
    points: [daysAgo(20, 'Amazon', 30), daysAgo(10, 'Amazon', 20), daysAgo(5, 'Etsy', 25), daysAgo(1, 'Etsy', 20)],
    // prices 20, 20, 25, 30: median 22.50; the lowest latest (Amazon 20, Etsy 20) is 11.1% under.
    badges: { lowestIn90Days: true, dropPercent: 11 },
  },
  {
    name: 'prices older than 30 days are left out of the median',
    points: [daysAgo(60, 'Amazon', 50), daysAgo(45, 'Amazon', 50), daysAgo(20, 'Amazon', 20), daysAgo(1, 'Amazon', 19)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'retailers with no price in the period are ignored',
    points: [daysAgo(200, 'Etsy', 5), daysAgo(20, 'Amazon', 40), daysAgo(10, 'Amazon', 40), daysAgo(1, 'Amazon', 30)],
    badges: { lowestIn90Days: true, dropPercent: 25 },
  },
  {
    name: 'a price scraped after now is not seen yet',
    points: [daysAgo(20, 'Amazon', 40), daysAgo(10, 'Amazon', 40), daysAgo(-1, 'Amazon', 10)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
  {
    name: 'free (0) prices: no drop from a median of 0',
    points: [daysAgo(20, 'Amazon', 0), daysAgo(1, 'Amazon', 0)],
    badges: { lowestIn90Days: true, dropPercent: null },
  },
];
