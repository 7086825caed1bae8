import { expect, test } from 'vitest';
import { CASE_NOW, daysAgo } from './badge-cases.ts';
import { CHART_HEIGHT, priceChart } from './chart.ts';
import { priceHistory } from './rules.ts';

test('the chart draws one line per retailer across the 90 days before the build day and that day, the highest price at the top', () => {
  const history = priceHistory([daysAgo(89.9999, 'Amazon', 30), daysAgo(0, 'Amazon', 10), daysAgo(45, 'Etsy', 20)], CASE_NOW);
  const chart = priceChart(history, CASE_NOW);
  expect(chart.lines.map((l) => l.platform)).toEqual(['Amazon', 'Etsy']);
  const [amazon, etsy] = chart.lines;
  // CASE_NOW is midday: its day ends half a day later, and the axis starts 90 days before the day began.
  const x = (days: number) => Math.round((chart.plot.left + ((90.5 - days) / 91) * (chart.plot.right - chart.plot.left)) * 10) / 10;
  expect(amazon!.points).toBe(`${x(89.9999)},${chart.plot.top} ${x(0)},${chart.plot.bottom}`);
  expect(etsy!.last).toEqual({ x: (chart.plot.left + chart.plot.right) / 2, y: (chart.plot.top + chart.plot.bottom) / 2 });
  expect(chart.priceTicks.map((t) => t.price)).toEqual([10, 20, 30]);
  expect(amazon!.stroke).not.toBe(etsy!.stroke);
});

test('every build of a day draws the same chart; the next day moves the points left', () => {
  const points = [daysAgo(30, 'Amazon', 30), daysAgo(2, 'Amazon', 10)];
  const at = (iso: string) => priceChart(priceHistory(points, new Date(iso)), new Date(iso));
  expect(at('2026-06-01T23:59:00Z')).toEqual(at('2026-06-01T00:01:00Z'));
  expect(at('2026-06-02T00:01:00Z').lines[0]!.last.x).toBeLessThan(at('2026-06-01T23:59:00Z').lines[0]!.last.x);
});

test('a flat history (or a single point) sits in the middle of the chart', () => {
  const chart = priceChart(priceHistory([daysAgo(3, 'Amazon', 20)], CASE_NOW), CASE_NOW);
  expect(chart.lines[0]!.last.y).toBeGreaterThan(chart.plot.top);
  expect(chart.lines[0]!.last.y).toBeLessThan(CHART_HEIGHT - 1);
  expect(chart.lines[0]!.last.y).toBe((chart.plot.top + chart.plot.bottom) / 2);
  expect(chart.priceTicks.map((t) => t.price)).toEqual([20]);
});
