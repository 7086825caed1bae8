import { describe, expect, test } from 'vitest';
import {
  affiliateColumn, clickSeries, conversionRate, counterColumn, formatConversionRate, formatCount, niceCeiling, periodClicks, rangeStart,
  seriesSummary, summaryCards, topAffiliateProducts, topItems, topProducts, trend, TIMEFRAMES, type AnalyticsRow, type ClickType,
  type DayClicks,
} from './rules.ts';

let nextId = 0;
function row(type: ClickType, name: string, counts: Partial<Omit<AnalyticsRow, 'item_id' | 'item_name' | 'click_type' | 'record_date'>> = {}): AnalyticsRow {
  return {
    item_id: `id-${nextId++}`, item_name: name, click_type: type, record_date: '2026-11-21',
    today_clicks: 0, yesterday_clicks: 0, this_week: 0, last_week: 0, this_month: 0, last_month: 0, yearly: 0,
    today_affiliate_links: 0, yesterday_affiliate_links: 0, this_week_affiliate_links: 0, last_week_affiliate_links: 0,
    this_month_affiliate_links: 0, last_month_affiliate_links: 0, yearly_affiliate_links: 0,
    ...counts,
  };
}

describe('timeframes (spec: daily, yesterday, weekly, last_week, monthly, last_month, annually)', () => {
  test('each reads its counter column and its affiliate twin', () => {
    expect(TIMEFRAMES.map(counterColumn)).toEqual(['today_clicks', 'yesterday_clicks', 'this_week', 'last_week', 'this_month', 'last_month', 'yearly']);
    expect(TIMEFRAMES.map(affiliateColumn)).toEqual([
      'today_affiliate_links', 'yesterday_affiliate_links', 'this_week_affiliate_links', 'last_week_affiliate_links',
      'this_month_affiliate_links', 'last_month_affiliate_links', 'yearly_affiliate_links',
    ]);
  });
});

describe('conversionRate (spec: affiliate clicks / views × 100, one decimal)', () => {
  test('rounds to one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 40)).toBe(12.5);
    expect(conversionRate(0, 10)).toBe(0);
  });
  test('is shown with one decimal and a percent sign', () => {
    expect(formatConversionRate(12)).toBe('12.0%');
    expect(formatConversionRate(33.3)).toBe('33.3%');
  });
  test('without views there is no rate', () => {
    expect(conversionRate(3, 0)).toBeNull();
    expect(formatConversionRate(null)).toBe('—');
  });
});

describe('formatCount', () => {
  test('groups a count in thousands', () => {
    expect([0, 999, 12345, 1234567].map(formatCount)).toEqual(['0', '999', '12,345', '1,234,567']);
  });
});

describe('trend (spec: current minus previous period, shown as up or down)', () => {
  test('more than before is up', () => expect(trend(12, 5)).toEqual({ delta: 7, direction: 'up' }));
  test('less than before is down', () => expect(trend(3, 8)).toEqual({ delta: -5, direction: 'down' }));
  test('the same is flat', () => expect(trend(4, 4)).toEqual({ delta: 0, direction: 'flat' }));
});

describe('top 10 tables (spec: analytics tables show top 10)', () => {
  const products = Array.from({ length: 12 }, (_, i) => row('product', `Product ${String(i).padStart(2, '0')}`, { this_week: i, this_week_affiliate_links: i % 3 }));
  const rows = [...products, row('blog', 'Blog B', { this_week: 4 }), row('blog', 'Blog A', { this_week: 4 }), row('category', 'Cat', { last_month: 9 })];

  test('ranks by the timeframe counter, keeps 10, and leaves out items without clicks', () => {
    const top = topItems(rows, 'product', 'weekly');
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({ name: 'Product 11', clicks: 11 });
    expect(top.at(-1)).toMatchObject({ name: 'Product 02', clicks: 2 });
    expect(topItems(rows, 'category', 'weekly')).toEqual([]);
    expect(topItems(rows, 'category', 'last_month')).toMatchObject([{ name: 'Cat', clicks: 9 }]);
  });

  test('ties are ordered by name', () => {
    expect(topItems(rows, 'blog', 'weekly').map((b) => b.name)).toEqual(['Blog A', 'Blog B']);
  });

  test('products carry their affiliate clicks and conversion rate', () => {
    expect(topProducts(rows, 'weekly')[0]).toMatchObject({ name: 'Product 11', views: 11, affiliateClicks: 2, conversionRate: 18.2 });
  });

  test('products are also ranked by affiliate-link clicks', () => {
    const top = topAffiliateProducts(rows, 'weekly');
    expect(top.map((p) => [p.name, p.affiliateClicks])).toEqual([
      ['Product 11', 2], ['Product 08', 2], ['Product 05', 2], ['Product 02', 2],
      ['Product 10', 1], ['Product 07', 1], ['Product 04', 1], ['Product 01', 1],
    ]);
  });
});

describe('cards', () => {
  const rows = [
    row('product', 'Lamp', { today_clicks: 5, yesterday_clicks: 8, this_week: 20, last_week: 10, this_month: 40, last_month: 40, this_month_affiliate_links: 6, last_month_affiliate_links: 2 }),
    row('blog', 'Post', { today_clicks: 1, this_week: 3, last_week: 1, this_month: 3 }),
  ];

  test('periodClicks sums each type and the total in a timeframe', () => {
    expect(periodClicks(rows, 'weekly')).toEqual({ product: 20, category: 0, blog: 3, quiz: 0, affiliate: 0, total: 23 });
  });

  test('summary cards compare today with yesterday, this week with last week and this month with last month', () => {
    expect(summaryCards(rows).map((c) => [c.label, c.value, c.previous, c.previousLabel, c.trend.direction])).toEqual([
      ['Total Clicks Today', 6, 8, 'yesterday', 'down'],
      ['Total Clicks This Week', 23, 11, 'last week', 'up'],
      ['Total Clicks This Month', 43, 40, 'last month', 'up'],
      ['Affiliate Clicks This Month', 6, 2, 'last month', 'up'],
    ]);
  });
});

describe('clickSeries (spec: clicks over time, last 30/90 days per type)', () => {
  const day = (d: string, type: ClickType, clicks: number, affiliate = 0): DayClicks => ({ day: d, click_type: type, clicks, affiliate_clicks: affiliate });

  test('30 days: one point per day, zeros filled in, rows of the same day summed', () => {
    const series = clickSeries([day('2026-11-22', 'product', 3, 1), day('2026-11-22', 'product', 2), day('2026-10-24', 'blog', 7)], '2026-11-22', 30);
    expect(series.bucket).toBe('day');
    expect(series.buckets).toHaveLength(30);
    expect(series.buckets[0]).toEqual({ start: '2026-10-24', label: 'Oct 24' });
    expect(series.buckets.at(-1)).toEqual({ start: '2026-11-22', label: 'Nov 22' });
    expect(series.values.product.at(-1)).toBe(5);
    expect(series.values.affiliate.at(-1)).toBe(1);
    expect(series.values.blog[0]).toBe(7);
    expect(series.values.quiz.every((v) => v === 0)).toBe(true);
  });

  test('days outside the range are ignored', () => {
    const series = clickSeries([day('2026-10-23', 'product', 9), day('2026-11-23', 'product', 9)], '2026-11-22', 30);
    expect(series.values.product.reduce((a, b) => a + b, 0)).toBe(0);
  });

  test('90 days: summed per week from Monday; the first week starts with the range', () => {
    expect(rangeStart('2026-11-22', 90)).toBe('2026-08-25');
    const series = clickSeries([day('2026-08-25', 'quiz', 1), day('2026-08-30', 'quiz', 2), day('2026-08-31', 'quiz', 4), day('2026-11-22', 'quiz', 8)], '2026-11-22', 90);
    expect(series.bucket).toBe('week');
    // 2026-08-25 is a Tuesday, 2026-11-22 a Sunday: six days, then 12 whole weeks.
    expect(series.buckets).toHaveLength(13);
    expect(series.buckets[0]).toEqual({ start: '2026-08-25', label: 'Week of Aug 25' });
    expect(series.buckets[1]).toEqual({ start: '2026-08-31', label: 'Week of Aug 31' });
    expect(series.buckets.at(-1)?.start).toBe('2026-11-16');
    expect(series.values.quiz.slice(0, 2)).toEqual([3, 4]);
    expect(series.values.quiz.at(-1)).toBe(8);
  });

  test('a chart is described in words', () => {
    const buckets = [{ start: 'a', label: 'Nov 20' }, { start: 'b', label: 'Nov 21' }, { start: 'c', label: 'Nov 22' }];
    expect(seriesSummary('Blog clicks', [2, 9, 4], buckets)).toBe('Blog clicks: 15 in total; highest 9 (Nov 21); latest 4 (Nov 22).');
    expect(seriesSummary('Quiz clicks', [0, 0, 0], buckets)).toBe('Quiz clicks: none in this range.');
  });

  test('the axis tops out at a round number', () => {
    expect([0, 1, 3, 7, 12, 180, 1000].map(niceCeiling)).toEqual([1, 1, 5, 10, 20, 200, 1000]);
  });
});
