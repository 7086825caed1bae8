import { expect, test } from 'vitest';
import { CASE_NOW, daysAgo } from './badge-cases.ts';
import { CHART_HEIGHT, priceChart } from './chart.ts';
import { priceHistory } from './rules.ts';

test('the chart draws one line per retailer from 90 days ago (left) to now (right), the highest price at the top', () => {
  const history = priceHistory([daysAgo(89.9999, 'Amazon', 30), daysAgo(0, 'Amazon', 10), daysAgo(45, 'Etsy', 20)], CASE_NOW);
  const chart = priceChart(history, CASE_NOW);
  expect(chart.lines.map((l) => l.platform)).toEqual(['Amazon', 'Etsy']);
  const [amazon, etsy] = chart.lines;
  expect(amazon!.points).toBe(`${chart.plot.left},${chart.plot.top} ${chart.plot.right},${chart.plot.bottom}`);
  expect(etsy!.last).toEqual({ x: (chart.plot.left + chart.plot.right) / 2, y: (chart.plot.top + chart.plot.bottom) / 2 });
  expect(chart.priceTicks.map((t) => t.price)).toEqual([10, 20, 30]);
  expect(amazon!.stroke).not.toBe(etsy!.stroke);
});

test('a flat history (or a single point) sits in the middle of the chart', () => {
  const chart = priceChart(priceHistory([daysAgo(3, 'Amazon', 20)], CASE_NOW), CASE_NOW);
  expect(chart.lines[0]!.last.y).toBeGreaterThan(chart.plot.top);
  expect(chart.lines[0]!.last.y).toBeLessThan(CHART_HEIGHT - 1);
  expect(chart.lines[0]!.last.y).toBe((chart.plot.top + chart.plot.bottom) / 2);
  expect(chart.priceTicks.map((t) => t.price)).toEqual([20]);
});
