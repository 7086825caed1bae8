/**
 * The daily feed run: every enabled platform feed is fetched (with a deadline and the file size
 * limit) and imported as its own import, one after another; a feed that fails is recorded as a
 * failed import and the others go on. Run by functions/price-feeds-daily.ts on Netlify's schedule
 * and by the shop's timer under `npm start` (scripts/lib/shop.ts).
 */
import { isLocalDevelopment } from '../click-guard.ts';
import { withDeadline, SUPABASE_DEADLINE_MS } from '../deadline.ts';
import { serviceDb } from '../supabase.ts';
import { FeedAddressError, fetchFeed } from './feed-fetch.ts';
import { importPrices, recordFailedImport, type ImportOrigin, type ImportReport } from './import.ts';
import { MAX_FILE_BYTES, TOO_LARGE } from './read.ts';
import { DAY_MS, PriceFileError } from './rules.ts';

/** Daily at 04:00 UTC, the same schedule as price-feeds-daily's config (checked in tests/bundle). */
export const PRICE_FEEDS_CRON = '0 4 * * *';
const HOUR_UTC = 4;

/** Milliseconds from `now` to the next feed run (a full day when it is that moment now). */
export function msUntilPriceFeeds(now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), HOUR_UTC);
  return (today > now.getTime() ? today : today + DAY_MS) - now.getTime();
}

/** What a failed feed's record says when the database, not the feed, was the trouble. */
const IMPORT_FAILED = 'The import failed: the database could not take the rows. Nothing was imported.';

/** How long a feed may take to answer and send its file. */
export const FEED_FETCH_MS = 20_000;

interface Feed {
  id: string;
  platform_id: string;
  url: string;
}

async function enabledFeeds(): Promise<Array<Feed & { platform: string }>> {
  return withDeadline(SUPABASE_DEADLINE_MS, async () => {
    const db = serviceDb();
    const feeds = await db.from('price_feeds').select('id, platform_id, url').eq('enabled', true).order('id').limit(1000);
    if (feeds.error) throw new Error('price feeds: reading price_feeds failed', { cause: feeds.error });
    const platforms = await db.from('platforms').select('id, name').in('id', feeds.data.map((f) => f.platform_id));
    if (platforms.error) throw new Error('price feeds: reading platforms failed', { cause: platforms.error });
    const names = new Map(platforms.data.map((p) => [p.id, p.name]));
    return feeds.data
      .flatMap((f) => (names.has(f.platform_id) ? [{ ...f, platform: names.get(f.platform_id)! }] : []))
      .sort((a, b) => a.platform.localeCompare(b.platform));
  });
}

const isGzip = (url: string, response: Response) =>
  /\.gz$/i.test(new URL(url).pathname) || /^application\/(x-)?gzip\b/i.test(response.headers.get('content-type') ?? '');

export interface FeedOptions {
  /** When the run started (tests fix it); now by default. */
  now?: Date;
  /** How long the feed may take to answer and send its file (FEED_FETCH_MS; tests shorten it). */
  fetchMs?: number;
  /** Whether a feed may be fetched from an address off the public internet: local development only (feed-fetch.ts). */
  allowPrivate?: boolean;
}

/**
 * Fetches and imports one feed. Every failure is recorded as the feed's failed import, with what
 * went wrong: the feed's own (no answer, an error status, a file too large or too slow to arrive,
 * a file that is not a price CSV) or the database's. It throws only when even that record cannot
 * be written.
 */
export async function importFeed(feed: Feed & { platform: string }, options: FeedOptions = {}): Promise<ImportReport> {
  const { now = new Date(), fetchMs = FEED_FETCH_MS, allowPrivate = isLocalDevelopment() } = options;
  const origin: ImportOrigin = { source: 'feed', fileName: feed.url, feedId: feed.id, platformId: feed.platform_id, platformName: feed.platform };
  const failed = (message: string) => withDeadline(SUPABASE_DEADLINE_MS, () => recordFailedImport(origin, now, message));
  const signal = AbortSignal.timeout(fetchMs);
  let response: Response;
  try {
    response = await fetchFeed(feed.url, { signal, allowPrivate });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const refused = error instanceof FeedAddressError ? error : cause instanceof FeedAddressError ? cause : null;
    if (refused) return failed(`The feed was not fetched: ${refused.message}`);
    return failed(signal.aborted
      ? `The feed did not answer within ${fetchMs / 1000} s`
      : `The feed could not be fetched (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return failed(`The feed answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  // fetch() undoes Content-Encoding itself; a Content-Length then counts compressed bytes.
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!response.headers.get('content-encoding') && announced > MAX_FILE_BYTES) {
    await response.body.cancel();
    return failed(TOO_LARGE);
  }
  // Whether the feed sent its whole file: a deadline that passes after that is the database's.
  let sent = false;
  const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: () => void (sent = true) }));
  try {
    return await importPrices(body, origin, { gzip: isGzip(feed.url, response), now });
  } catch (error) {
    if (error instanceof PriceFileError) return failed(error.message);
    if (signal.aborted && !sent) return failed(`The feed did not send its file within ${fetchMs / 1000} s`);
    console.error(`price feeds: ${feed.url}: the import failed`, error);
    return failed(IMPORT_FAILED);
  }
}

/** Imports every enabled feed, one after another; one failing feed does not stop the others. */
export async function importAllFeeds(): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  for (const feed of await enabledFeeds()) {
    try {
      reports.push(await importFeed(feed));
    } catch (error) {
      console.error(`price feeds: the feed of ${feed.platform} (${feed.url}) could not be imported`, error);
    }
  }
  return reports;
}
