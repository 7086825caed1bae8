import { describe, expect, test } from 'vitest';
import {
  clickRankedScore, featuredScore, recencyScore, recommendBlogs, recommendationFetchSizes, relatedCategoryNames,
  relatedCategoryScore, RELATED_CATEGORIES, sameCategoryScore, spreadOverCategories, titleSimilarity,
  type RecommendableBlog,
} from './recommend.ts';

const now = new Date('2026-11-30T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const blog = (id: string, fields: Partial<RecommendableBlog> = {}): RecommendableBlog => ({
  id, title: 'Zzz', categoryId: 'other', publishDate: daysAgo(365), ...fields,
});
const current = blog('current', { title: 'Best Gifts for Home Cooks', categoryId: 'kitchen' });

describe('titleSimilarity', () => {
  test('is the percentage of shared words longer than 3 characters over the larger word count', () => {
    expect(titleSimilarity('Best Gifts for Home Cooks', 'Gifts for Cooks')).toBeCloseTo(50);
    expect(titleSimilarity('Best Gifts for Home Cooks', 'best gifts home cooks!')).toBe(100);
    expect(titleSimilarity('Best Gifts', 'Tech Toys')).toBe(0);
    expect(titleSimilarity('A to Z', 'On it')).toBe(0);
  });
});

describe('recencyScore', () => {
  test('scores age in days: ≤7 → 100, ≤30 → 80, ≤90 → 60, ≤180 → 40, older 20', () => {
    expect([0, 7, 8, 30, 31, 90, 91, 180, 181, 1000].map((d) => recencyScore(daysAgo(d), now)))
      .toEqual([100, 100, 80, 80, 60, 60, 40, 40, 20, 20]);
    expect(recencyScore('not a date', now)).toBe(20);
  });
});

describe('candidate scores', () => {
  const similar = blog('b', { title: 'Gifts for Cooks', categoryId: 'kitchen', publishDate: daysAgo(3) });

  test('same category: 100 + 0.3 × similarity + 0.2 × recency', () => {
    expect(sameCategoryScore(current, similar, now)).toBeCloseTo(100 + 0.3 * 50 + 0.2 * 100);
  });

  test('click-ranked: 80 + min(2 × last_week, 50) + 0.2 × similarity + 0.1 × recency + 20 if same category', () => {
    expect(clickRankedScore(current, { ...similar, lastWeekClicks: 10 }, now)).toBeCloseTo(80 + 20 + 10 + 10 + 20);
    expect(clickRankedScore(current, { ...similar, categoryId: 'x', lastWeekClicks: 99 }, now)).toBeCloseTo(80 + 50 + 10 + 10);
  });

  test('featured: 70 + 30 if same category + 0.3 × similarity + 0.2 × recency', () => {
    expect(featuredScore(current, similar, now)).toBeCloseTo(70 + 30 + 15 + 20);
    expect(featuredScore(current, { ...similar, categoryId: null }, now)).toBeCloseTo(70 + 15 + 20);
  });

  test('related category: 50 + 0.4 × similarity + 0.3 × recency', () => {
    expect(relatedCategoryScore(current, similar, now)).toBeCloseTo(50 + 20 + 30);
  });
});

describe('recommendBlogs', () => {
  test('keeps each blog\'s best score across lists, never the current blog, best first, 4 by default', () => {
    const a = blog('a', { categoryId: 'kitchen' });
    const b = blog('b', { categoryId: 'travel' });
    const c = blog('c', { categoryId: 'tech' });
    const d = blog('d', { categoryId: 'garden' });
    const e = blog('e', { categoryId: 'books' });
    const result = recommendBlogs(current, {
      sameCategory: [a, current],
      clickRanked: [{ ...b, lastWeekClicks: 30 }, { ...a, lastWeekClicks: 0 }],
      featured: [c, b],
      relatedCategory: [d, e, c],
    }, now);
    // b 132 (clicks), a 104 (same category), c 74 (featured), d 56 and e 56 (related, in arrival order)
    expect(result.map((x) => x.id)).toEqual(['b', 'a', 'c', 'd']);
  });

  test('caps one category at ceil(n/2), then fills from the rest', () => {
    const ranked = ['k1', 'k2', 'k3', 't1', 'k4'].map((id) => ({ id, categoryId: id.startsWith('k') ? 'kitchen' : 'travel' }));
    expect(spreadOverCategories(ranked, 4).map((x) => x.id)).toEqual(['k1', 'k2', 't1', 'k3']);
    expect(spreadOverCategories(ranked, 3).map((x) => x.id)).toEqual(['k1', 'k2', 't1']);
    expect(spreadOverCategories(ranked.slice(0, 3), 4).map((x) => x.id)).toEqual(['k1', 'k2', 'k3']);
  });

  test('asks 3 × the count for same-category and click-ranked, 2 × for featured and related', () => {
    expect(recommendationFetchSizes()).toEqual({ sameCategory: 12, clickRanked: 12, featured: 8, relatedCategory: 8 });
  });
});

describe('related-category map', () => {
  test('maps each of the eight categories to 3 related ones', () => {
    expect(Object.keys(RELATED_CATEGORIES)).toEqual([
      'Travel Essentials', 'Tech Enthusiast', 'World Explorer', 'Outdoor Adventurer',
      'Digital Nomad', 'Fitness Enthusiast', 'Home & Living', 'Fashion & Style',
    ]);
    for (const related of Object.values(RELATED_CATEGORIES)) expect(new Set(related).size).toBe(3);
    expect(relatedCategoryNames('travel essentials')).toEqual(['World Explorer', 'Digital Nomad', 'Outdoor Adventurer']);
    expect(relatedCategoryNames('Anime Fans')).toEqual([]);
  });
});
