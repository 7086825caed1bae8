import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { msUntilDailyRebuild } from '../../functions/_shared/rebuild.ts';
import { msUntilPriceFeeds } from '../../functions/_shared/price-import/feeds.ts';
import { everyDay } from '../../scripts/lib/daily-timer.ts';

const DAY = 86_400_000;

describe("npm start's daily jobs (the stand-in for Netlify's scheduled functions)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  test('the rebuild and the price feeds each run once a day, at their own times, for days on end', () => {
    const runs: string[] = [];
    const rebuild = everyDay(msUntilDailyRebuild, () => runs.push(`rebuild ${new Date().toISOString()}`));
    const feeds = everyDay(msUntilPriceFeeds, () => runs.push(`feeds ${new Date().toISOString()}`));

    vi.advanceTimersByTime(3 * DAY);

    expect(runs).toEqual([
      'rebuild 2026-03-05T00:05:00.000Z',
      'feeds 2026-03-05T04:00:00.000Z',
      'rebuild 2026-03-06T00:05:00.000Z',
      'feeds 2026-03-06T04:00:00.000Z',
      'rebuild 2026-03-07T00:05:00.000Z',
      'feeds 2026-03-07T04:00:00.000Z',
    ]);
    rebuild.stop();
    feeds.stop();
  });

  test('a stopped job runs no more', () => {
    const job = vi.fn();
    const timer = everyDay(msUntilPriceFeeds, job);
    vi.advanceTimersByTime(DAY);
    expect(job).toHaveBeenCalledTimes(1);

    timer.stop();
    vi.advanceTimersByTime(3 * DAY);
    expect(job).toHaveBeenCalledTimes(1);
  });
});
