/**
 * Clicks over the last 30 or 90 days (spec: clicks over time per type): a chart per series, per
 * day or, over 90 days, per week, and the same numbers as a table.
 */
import { useMemo, useState } from 'react';
import { ToggleGroup } from '../../../components/ui/ToggleGroup.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { ReadState } from '../ReadState.tsx';
import { SeriesChart, SeriesTable } from './ClicksChart.tsx';
import { dailyClicks } from './queries.ts';
import { CHART_RANGES, clickSeries, rangeStart, SERIES, utcDay, type ChartRange } from './rules.ts';

/** The widest chart range; the narrower one is drawn from the same days. */
const LONGEST_RANGE = Math.max(...CHART_RANGES) as ChartRange;

export function ClicksOverTime() {
  const today = useMemo(() => utcDay(new Date()), []);
  const since = rangeStart(today, LONGEST_RANGE);
  const days = useLoad(`clicks-per-day:${since}`, async () => dailyClicks(await authClient(), since));
  const [range, setRange] = useState<ChartRange>(30);

  return (
    <section aria-labelledby="over-time-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="over-time-heading" className="text-lg font-bold text-ink">Clicks Over Time</h3>
        <ToggleGroup label="Chart range" options={CHART_RANGES} value={range} onChange={setRange} optionLabel={(r) => `Last ${r} days`} />
      </div>
      <ReadState state={days.state} loading="Loading charts..." error="The charts could not be loaded." onRetry={days.retry}>
        {(data) => {
          const series = clickSeries(data, today, range);
          return (
            <>
              <p className="text-sm text-muted">{series.bucket === 'day' ? 'Clicks per day (UTC).' : 'Clicks per week (UTC, weeks from Monday).'}</p>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {SERIES.map((key) => <SeriesChart key={key} series={series} seriesKey={key} />)}
              </div>
              <details className="group">
                <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline">Show the numbers as a table</summary>
                <div className="mt-3"><SeriesTable series={series} /></div>
              </details>
            </>
          );
        }}
      </ReadState>
    </section>
  );
}
