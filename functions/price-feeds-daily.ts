/**
 * Scheduled daily at 04:00 UTC: fetches every enabled platform feed (set in the admin's Prices tab)
 * and imports each as its own import, then runs what follows an import once (after-price-import.ts:
 * the rebuild, the price-drop alerts). Before that it recomputes every product's price badges: their
 * 90- and 30-day windows move on each day, new prices or not. Netlify runs it on its schedule (a scheduled function has
 * no URL); `npm start` runs the same handler at the same time (scripts/lib/shop.ts).
 *
 * Netlify gives a scheduled function 30 s: enough for a few feeds of this size (a 100,000-row
 * file imports in a few seconds on PostgreSQL, docs/benchmarks/feeds.md). Many large feeds
 * would need a background function started from here.
 */
import type { Config } from '@netlify/functions';
import { afterPriceImport } from './_shared/after-price-import.ts';
import { withDeadline } from './_shared/deadline.ts';
import { importAllFeeds } from './_shared/price-import/feeds.ts';
import { serviceDb } from './_shared/supabase.ts';

/** The whole catalogue's badges in one statement: seconds at 100,000 products. */
const REFRESH_DEADLINE_MS = 20_000;

export default async (): Promise<void> => {
  const reports = await importAllFeeds();
  for (const r of reports) {
    const outcome = r.status === 'failed' ? `failed: ${r.failure}` : `${r.imported} imported, ${r.duplicates} duplicates, ${r.rejected} rejected`;
    console.info(`price-feeds-daily: ${r.file_name} ${outcome}`);
  }
  const imported = reports.reduce((sum, r) => sum + r.imported, 0);
  await withDeadline(REFRESH_DEADLINE_MS, async () => {
    const { error } = await serviceDb().rpc('refresh_price_badges');
    if (error) console.error('price-feeds-daily: recomputing the price badges failed', error);
  }).catch((error: unknown) => console.error('price-feeds-daily: recomputing the price badges failed', error));
  await afterPriceImport(`${imported} prices imported from ${reports.length} feeds`, 'Daily rebuild');
};

// A literal: Netlify reads the schedule without running this file (tests/bundle checks it equals
// PRICE_FEEDS_CRON, which the npm start timer follows).
export const config: Config = { schedule: '0 4 * * *' };
