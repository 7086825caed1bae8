/**
 * The Analytics tab's price-drop alert counts (issue 11): alert emails sent and unsubscribes
 * through their links, over the last 30 days up to now. Read as the admin (price_alert_counts
 * refuses anyone else).
 */
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { ReadState } from '../ReadState.tsx';
import { priceAlertCounts } from './queries.ts';
import { formatCount } from './rules.ts';

/** The period the counts cover, in days up to now. */
export const PRICE_ALERT_DAYS = 30;
const CARD = 'rounded-2xl border border-black/10 bg-white p-4';

export function PriceAlertCards() {
  const counts = useLoad('price-alert-counts', async () => priceAlertCounts(await authClient(), PRICE_ALERT_DAYS));
  return (
    <section aria-labelledby="price-alerts-heading" className="space-y-3">
      <h3 id="price-alerts-heading" className="text-lg font-bold text-ink">Price-drop alerts</h3>
      <p className="text-sm text-muted">Last {PRICE_ALERT_DAYS} days</p>
      <ReadState state={counts.state} loading="Loading price-drop alert counts..." error="Error loading price-drop alert counts" onRetry={counts.retry}>
        {(data) => (
          <ul aria-label="Price-drop alerts" className="grid gap-4 sm:grid-cols-2">
            <li className={CARD}>
              <p className="text-sm font-medium text-muted">Alert emails sent</p>
              <p className="mt-1 text-3xl font-bold tabular-nums text-ink">{formatCount(data.emailsSent)}</p>
            </li>
            <li className={CARD}>
              <p className="text-sm font-medium text-muted">Unsubscribes</p>
              <p className="mt-1 text-3xl font-bold tabular-nums text-ink">{formatCount(data.unsubscribes)}</p>
            </li>
          </ul>
        )}
      </ReadState>
    </section>
  );
}
