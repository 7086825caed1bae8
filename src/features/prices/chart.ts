/**
 * The price history chart's geometry: one polyline per retailer over the last 90 days, in an SVG
 * drawn at build time. Plain numbers and strings, so the page renders it without any JavaScript.
 */
import { HISTORY_DAYS, type PriceHistory } from './rules.ts';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 240;
/** Room round the plot for the latest points' dots; the axis labels are the page's own text, beside the SVG. */
const PAD = { left: 8, right: 8, top: 12, bottom: 12 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Line colours, in retailer order; a fixed set of the shop's accents (classes Tailwind sees here). */
const COLOURS = ['stroke-brand-600', 'stroke-emerald-600', 'stroke-amber-500', 'stroke-sky-600', 'stroke-ink', 'stroke-rose-400'] as const;
const FILLS = ['fill-brand-600', 'fill-emerald-600', 'fill-amber-500', 'fill-sky-600', 'fill-ink', 'fill-rose-400'] as const;
const SWATCHES = ['bg-brand-600', 'bg-emerald-600', 'bg-amber-500', 'bg-sky-600', 'bg-ink', 'bg-rose-400'] as const;

export interface ChartLine {
  platform: string;
  /** SVG polyline points, "x,y x,y". */
  points: string;
  /** The latest point, marked with a dot. */
  last: { x: number; y: number };
  stroke: string;
  fill: string;
  /** The legend's swatch, in the line's colour. */
  swatch: string;
}

export interface ChartTick {
  /** Position on its axis. */
  at: number;
  /** The same position as a percentage of the chart's height, for a label beside it. */
  topPercent: number;
  price: number;
}

export interface Chart {
  lines: ChartLine[];
  /** Price gridlines: the lowest, the middle and the highest of the period. */
  priceTicks: ChartTick[];
  /** Where the plot area is, for the axes. */
  plot: { left: number; right: number; top: number; bottom: number };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The UTC day a chart drawn at `now` belongs to. Its x axis runs from the start of the day 90 days
 * before to the end of this day, so every build of a day draws the same chart, and a product page
 * whose prices did not change is carried over by the builds of the day (product-page.ts).
 */
export function chartDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The chart of a non-empty history as of `now` (the x axis spans the 90 days before `now`'s day, and that day). */
export function priceChart(history: PriceHistory, now: Date): Chart {
  const plot = { left: PAD.left, right: CHART_WIDTH - PAD.right, top: PAD.top, bottom: CHART_HEIGHT - PAD.bottom };
  const low = history.lowest ?? 0;
  const high = history.highest ?? 0;
  // A flat history sits in the middle of the plot rather than on its edge.
  const span = high - low || Math.max(1, high * 0.1);
  const bottomPrice = high === low ? low - span / 2 : low;
  const start = Date.parse(chartDay(now)) - HISTORY_DAYS * DAY_MS;
  const period = (HISTORY_DAYS + 1) * DAY_MS;
  const x = (at: string) => round1(plot.left + ((Date.parse(at) - start) / period) * (plot.right - plot.left));
  const y = (price: number) => round1(plot.bottom - ((price - bottomPrice) / span) * (plot.bottom - plot.top));
  const lines = history.series.map((series, index) => {
    const coords = series.points.map((p) => ({ x: x(p.scrapedAt), y: y(p.price) }));
    return {
      platform: series.platform,
      points: coords.map((c) => `${c.x},${c.y}`).join(' '),
      last: coords[coords.length - 1]!,
      stroke: COLOURS[index % COLOURS.length]!,
      fill: FILLS[index % FILLS.length]!,
      swatch: SWATCHES[index % SWATCHES.length]!,
    };
  });
  const ticks = high === low ? [low] : [low, (low + high) / 2, high];
  return { lines, priceTicks: ticks.map((price) => ({ at: y(price), topPercent: round1((y(price) / CHART_HEIGHT) * 100), price })), plot };
}
