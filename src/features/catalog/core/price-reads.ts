/**
 * Every product's prices, read while Astro starts, syncs the content and bundles the site, so the
 * database answers them meanwhile rather than while the product pages' getStaticPaths waits (1.6 s
 * of a 10,000-product rebuild, in which that getStaticPaths otherwise sat idle for 0.7 s). An
 * integration (astro.config.mjs) starts the reads when a build starts; the build's catalogue takes
 * them (catalogue.ts), or reads the prices itself when none were started (`astro dev`, or a build
 * whose environment has no Supabase settings).
 */
import type { Db } from '../../../lib/supabase.ts';
import type { PricePoint } from '../../prices/rules.ts';
import { latestPrices, recentPriceHistory, type LatestPrice } from './queries.ts';

export interface PriceReads {
  latest: Promise<Map<string, LatestPrice[]>>;
  histories: Promise<Map<string, PricePoint[]>>;
}

/**
 * Where the started reads wait for the catalogue: the integration runs in Astro's own module graph
 * and the pages in the build's bundle, so the two share no module instance, only the process.
 */
const STARTED = Symbol.for('giftshop:price-reads');
type Holder = { [STARTED]?: PriceReads };

/** Reads every product's latest prices and 90-day history through `db`, started now. */
export function readPrices(db: Db): PriceReads {
  const reads = { latest: latestPrices(db), histories: recentPriceHistory(db) };
  // A failure surfaces where the build awaits the prices, not as an unhandled rejection.
  reads.latest.catch(() => undefined);
  reads.histories.catch(() => undefined);
  return reads;
}

/** Starts this build's price reads, for the catalogue to take. */
export function startPriceReads(db: Db): void {
  (globalThis as Holder)[STARTED] = readPrices(db);
}

/** The price reads started for this build, taken once: undefined when none were started or they were taken. */
export function takeStartedPriceReads(): PriceReads | undefined {
  const holder = globalThis as Holder;
  const reads = holder[STARTED];
  delete holder[STARTED];
  return reads;
}
