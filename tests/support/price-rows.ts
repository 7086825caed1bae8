/**
 * Moments for the price files the tests import. The importer takes points from the last year only
 * (functions/_shared/price-import/rules.ts: MAX_AGE_DAYS), so a file's dates follow the day the
 * tests run: ten days ago at 08:00 UTC, and the day after it.
 */
import { DAY_MS } from '../../functions/_shared/price-import/rules.ts';

const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);

/** A scraped_at ten days before today, 08:00 UTC, as the ISO text a file holds. */
export const SCRAPED = new Date(Date.UTC(tenDaysAgo.getUTCFullYear(), tenDaysAgo.getUTCMonth(), tenDaysAgo.getUTCDate(), 8)).toISOString();
/** The day after SCRAPED, same time. */
export const NEXT_DAY = new Date(Date.parse(SCRAPED) + DAY_MS).toISOString();
