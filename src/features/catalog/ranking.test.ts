import { describe, expect, test } from 'vitest';
import type { Gender } from './model.ts';
import type { PopularityWindow } from './popularity.ts';
import { rankBlogs, rankProducts, timestampMicros, type RankableBlog, type RankableProduct, type WindowClicks } from './ranking.ts';

const product = (id: string, fields: Partial<RankableProduct> = {}): RankableProduct => ({
  id, createdAt: '2026-01-01T00:00:00+00:00', price: 100, gender: 'for_both', categoryIds: [], subcategoryIds: [], ...fields,
});
const clicks = (windows: Partial<Record<PopularityWindow, Record<string, number>>>) => (window: PopularityWindow): WindowClicks =>
  new Map(Object.entries(windows[window] ?? {}));

describe('timestampMicros', () => {
  test('orders PostgREST timestamps whose fractions are trimmed, to the microsecond', () => {
    const order = ['2026-05-13T00:13:55+00:00', '2026-05-13T00:13:55.000001+00:00', '2026-05-13T00:13:55.05+00:00', '2026-05-13T00:13:55.1+00:00'];
    const micros = order.map(timestampMicros);
    expect([...micros].sort((a, b) => a - b)).toEqual(micros);
    expect(timestampMicros('2026-05-13T02:13:55+02:00')).toBe(timestampMicros('2026-05-13T00:13:55Z'));
  });

  test('refuses what is not a timestamp', () => {
    expect(() => timestampMicros('yesterday')).toThrow("'yesterday' is not a timestamp");
  });
});

describe('rankProducts (as public.popular_products)', () => {
  test('ranks the clicked products by clicks, then newest, then id', () => {
    const products = [
      product('b', { createdAt: '2026-01-02T00:00:00+00:00' }),
      product('a', { createdAt: '2026-01-02T00:00:00+00:00' }),
      product('c', { createdAt: '2026-01-03T00:00:00+00:00' }),
      product('d'),
      product('never'),
    ];
    const ranking = rankProducts(products, clicks({ monthly: { a: 5, b: 5, c: 5, d: 9 } }), { window: 'monthly', perPage: 10 });
    expect(ranking).toEqual({ ids: ['d', 'c', 'a', 'b'], window: 'monthly', total: 4 });
  });

  test('with include_unclicked the unclicked products follow the clicked ones, newest first', () => {
    const products = [product('old'), product('new', { createdAt: '2026-02-01T00:00:00+00:00' }), product('hit')];
    const ranking = rankProducts(products, clicks({ monthly: { hit: 1 } }), { window: 'monthly', perPage: 10, includeUnclicked: true });
    expect(ranking.ids).toEqual(['hit', 'new', 'old']);
  });

  test('an empty daily ranking falls back to weekly, then monthly, judged on the filtered products', () => {
    const products = [product('him', { gender: 'for_him' }), product('her', { gender: 'for_her' })];
    const counts = clicks({ daily: { her: 1 }, weekly: { her: 2 }, monthly: { him: 3 } });
    expect(rankProducts(products, counts, { window: 'daily', gender: 'for_him', perPage: 5 })).toEqual({ ids: ['him'], window: 'monthly', total: 1 });
    expect(rankProducts(products, counts, { window: 'daily', gender: 'for_her', perPage: 5 }).window).toBe('daily');
  });

  test('without fallback an empty window answers nothing, and the last window asked answers when none has clicks', () => {
    const products = [product('a')];
    expect(rankProducts(products, clicks({ monthly: { a: 1 } }), { window: 'daily', fallback: false, perPage: 5 })).toEqual({ ids: [], window: null, total: 0 });
    expect(rankProducts(products, clicks({}), { window: 'weekly', includeUnclicked: true, perPage: 5 })).toEqual({ ids: ['a'], window: 'monthly', total: 1 });
  });

  test('applies the category, subcategory (any of), audience and price filters', () => {
    const products = [
      product('fits', { categoryIds: ['tools', 'gifts'], subcategoryIds: ['hand'], gender: 'for_him', price: 50 }),
      product('other-category', { categoryIds: ['garden'], subcategoryIds: ['hand'], gender: 'for_him', price: 50 }),
      product('other-subcategory', { categoryIds: ['tools'], subcategoryIds: ['power'], gender: 'for_him', price: 50 }),
      product('for-her', { categoryIds: ['tools'], subcategoryIds: ['hand'], gender: 'for_her', price: 50 }),
      product('too-dear', { categoryIds: ['tools'], subcategoryIds: ['hand'], gender: 'for_both', price: 50.01 }),
    ];
    const query = { window: 'monthly', categoryId: 'tools', subcategoryIds: ['hand', 'x'], gender: 'for_him', priceMin: 50, priceMax: 50, perPage: 10, includeUnclicked: true };
    expect(rankProducts(products, clicks({}), query).ids).toEqual(['fits']);
    expect(rankProducts(products, clicks({}), { ...query, subcategoryIds: [] }).ids).toEqual([]);
  });

  test('pages through the ranking; a page past the end is empty with no total', () => {
    const products = ['a', 'b', 'c'].map((id) => product(id));
    const counts = clicks({ monthly: { a: 3, b: 2, c: 1 } });
    expect(rankProducts(products, counts, { window: 'monthly', page: 2, perPage: 2 })).toEqual({ ids: ['c'], window: 'monthly', total: 3 });
    expect(rankProducts(products, counts, { window: 'monthly', page: 3, perPage: 2 })).toEqual({ ids: [], window: null, total: 0 });
  });

  test('refuses the pages the SQL function refuses', () => {
    expect(() => rankProducts([], clicks({}), { window: 'monthly', perPage: 1001 })).toThrow('per_page must be between 1 and 1000');
    expect(() => rankProducts([], clicks({}), { window: 'monthly', page: 0, perPage: 5 })).toThrow('page must be 1 or more');
  });
});

describe('rankBlogs (as public.popular_blogs)', () => {
  const blog = (id: string, fields: Partial<RankableBlog> = {}): RankableBlog => ({
    id, createdAt: '2026-01-01T00:00:00+00:00', gender: 'for_both' as Gender, categoryId: null, ...fields,
  });
  const blogs = [
    blog('old-tools', { categoryId: 'tools' }),
    blog('new-tools', { categoryId: 'tools', createdAt: '2026-03-01T00:00:00+00:00' }),
    blog('hit', { categoryId: 'garden', gender: 'for_him' }),
  ];

  test('ranks the clicked blogs only, when any of the filtered ones was clicked', () => {
    expect(rankBlogs(blogs, new Map([['hit', 2], ['old-tools', 1]]), { limit: 10 })).toEqual(['hit', 'old-tools']);
  });

  test('when none of the filtered blogs was clicked, the newest answer', () => {
    expect(rankBlogs(blogs, new Map([['hit', 2]]), { categoryId: 'tools', limit: 10 })).toEqual(['new-tools', 'old-tools']);
    expect(rankBlogs(blogs, new Map([['hit', 2]]), { gender: 'for_her', limit: 1 })).toEqual(['new-tools']);
  });

  test('takes the limit from the offset, and refuses what the SQL function refuses', () => {
    expect(rankBlogs(blogs, new Map(), { limit: 2, offset: 1 })).toEqual(['hit', 'old-tools']);
    expect(() => rankBlogs(blogs, new Map(), { limit: 0 })).toThrow('result_limit must be between 1 and 1000');
    expect(() => rankBlogs(blogs, new Map(), { limit: 1, offset: -1 })).toThrow('result_offset must be 0 or more');
  });
});
