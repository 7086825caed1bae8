import { describe, expect, test } from 'vitest';
import { recommendationCandidates } from './recommend-candidates.ts';

interface TestBlog { id: string; title: string; categoryId: string | null; publishDate: string; featured: boolean }
const blog = (id: string, categoryId: string | null, featured = false): TestBlog =>
  ({ id, title: id, categoryId, publishDate: '2026-11-01T00:00:00Z', featured });

const ids = (list: readonly { id: string }[]) => list.map((b) => b.id);
const names: Record<string, string> = { 'World Explorer': 'world', 'Digital Nomad': 'nomad' };
const categoryId = (name: string) => names[name];

describe('recommendationCandidates', () => {
  const current = blog('current', 'travel');
  const blogs = [
    current,
    ...Array.from({ length: 14 }, (_, i) => blog(`t${i}`, 'travel', i < 2)),
    blog('w1', 'world', true),
    blog('n1', 'nomad'),
    blog('x1', 'garden', true),
  ];
  const candidates = recommendationCandidates(current, {
    blogs,
    lastWeekClicks: [{ id: 'x1', clicks: 9 }, { id: 'current', clicks: 7 }, { id: 'gone', clicks: 5 }, { id: 't3', clicks: 2 }],
    categoryName: 'Travel Essentials',
    categoryId,
  });

  test('takes up to 12 newest blogs of the same category, never the current one', () => {
    expect(ids(candidates.sameCategory)).toEqual(Array.from({ length: 12 }, (_, i) => `t${i}`));
  });

  test('keeps the click ranking order with last week\'s clicks, without the current or unknown blogs', () => {
    expect(candidates.clickRanked.map((b) => [b.id, b.lastWeekClicks])).toEqual([['x1', 9], ['t3', 2]]);
  });

  test('takes up to 8 featured blogs', () => {
    expect(ids(candidates.featured)).toEqual(['t0', 't1', 'w1', 'x1']);
  });

  test('takes blogs of the related categories from the fixed map', () => {
    expect(ids(candidates.relatedCategory)).toEqual(['w1', 'n1']);
  });

  test('a blog without a category has no same-category or related candidates', () => {
    const loose = recommendationCandidates(blog('loose', null), { blogs, lastWeekClicks: [], categoryName: null, categoryId });
    expect([loose.sameCategory, loose.relatedCategory]).toEqual([[], []]);
  });
});
