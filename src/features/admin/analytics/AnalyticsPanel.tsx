/**
 * The Analytics tab (spec): summary cards and the Daily, Weekly and Monthly cards with their
 * trends, the top 10 products, categories, blogs and quizzes for a chosen timeframe (products also
 * by affiliate-link clicks, with the conversion rate), and clicks over the last 30 or 90 days.
 * Everything is read as the signed-in admin from the `analytics` view and click_totals_per_day; below,
 * the price-drop alert emails sent and unsubscribes of the last 30 days (price_alert_counts).
 */
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { ReadState } from '../ReadState.tsx';
import { PeriodCards, SummaryCards } from './AnalyticsCards.tsx';
import { ClicksOverTime } from './ClicksOverTime.tsx';
import { PriceAlertCards } from './PriceAlertCards.tsx';
import { analyticsRows } from './queries.ts';
import { TopTables } from './TopTables.tsx';

export default function AnalyticsPanel() {
  const rows = useLoad('analytics', async () => analyticsRows(await authClient()));

  return (
    <section aria-labelledby="analytics-heading" className="space-y-8">
      <h2 id="analytics-heading" className="text-xl font-bold text-ink">Analytics</h2>
      <ReadState state={rows.state} loading="Loading analytics data..." error="Error loading analytics data" onRetry={rows.retry}>
        {(data) => (
          <>
            <SummaryCards rows={data} />
            <PeriodCards rows={data} />
            <TopTables rows={data} />
            <ClicksOverTime />
          </>
        )}
      </ReadState>
      <PriceAlertCards />
    </section>
  );
}
