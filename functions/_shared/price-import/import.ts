/**
 * One import, from the file's stream to its report: rows are read (read.ts) and checked
 * (rules.ts) as they arrive, valid ones staged in chunks of STAGE_CHUNK under a batch id
 * (stage_price_import_rows), and the
 * batch applied by apply_price_import in one transaction, which records the report. When a file is
 * refused as a whole (PriceFileError) or the import fails half-way, its staged rows are dropped,
 * price_history is untouched and the error is thrown: an upload answers it to the admin, a feed
 * records it as a failed import (feeds.ts, recordFailedImport).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Tables } from '../../../src/lib/database.types.ts';
import { withDeadline } from '../deadline.ts';
import { clipText } from '../http.ts';
import { serviceDb } from '../supabase.ts';
import { readCsv, MAX_ROWS, type ReadOptions } from './read.ts';
import { MAX_REPORTED_REJECTIONS, PriceFileError, readHeader, rowReader, type RowReader } from './rules.ts';

/** Rows per staging insert: large enough that 100,000 rows are 20 requests, small enough for one PostgREST body. */
export const STAGE_CHUNK = 5_000;
/**
 * How long one import's calls to Supabase may take in all. Netlify gives a synchronous function
 * 26 s at most (scheduled ones 30 s); 100,000 rows need well under half of this on PostgreSQL.
 */
export const IMPORT_DEADLINE_MS = 25_000;

export type ImportReport = Tables<'price_imports'>;

export interface ImportOrigin {
  source: 'upload' | 'feed';
  /** The uploaded file's name, or the feed's URL. */
  fileName: string;
  /** The admin who uploaded it; none for the scheduled run. */
  importer?: string | null;
  feedId?: string | null;
  platformId?: string | null;
  /** A platform's feed: its rows may name only this platform. */
  platformName?: string;
}

interface Rejection {
  line: number;
  reason: string;
}

export interface ImportOptions extends ReadOptions {
  /** When the import started (tests fix it); now by default. */
  now?: Date;
  /** The deadline of the import's calls to Supabase (IMPORT_DEADLINE_MS); the bench lifts it on slow PGlite. */
  deadlineMs?: number;
}

/** Imports a file; resolves with its report, or throws what went wrong with nothing imported. */
export async function importPrices(
  body: ReadableStream<Uint8Array> | Readable, origin: ImportOrigin, options: ImportOptions = {},
): Promise<ImportReport> {
  const batch = randomUUID();
  const startedAt = options.now ?? new Date();
  const recorded = recordOf(batch, origin, startedAt);
  return withDeadline(options.deadlineMs ?? IMPORT_DEADLINE_MS, async () => {
    let read: { rejections: Rejection[]; rejected: number };
    try {
      read = await stageFile(batch, body, startedAt, { ...options, onlyPlatform: origin.platformName });
    } catch (error) {
      await discard(batch);
      throw error;
    }
    const { data, error } = await serviceDb()
      .rpc('apply_price_import', { ...recorded, parse_rejections: read.rejections as never, parse_rejected: read.rejected })
      .single();
    if (error) {
      await discard(batch);
      throw new Error('price import: apply_price_import failed', { cause: error });
    }
    return data;
  });
}

function recordOf(batch: string, origin: ImportOrigin, startedAt: Date) {
  return {
    batch_id: batch,
    import_source: origin.source,
    import_file_name: clipText(origin.fileName, 2000) || 'unnamed.csv',
    import_started_at: startedAt.toISOString(),
    importer: origin.importer ?? undefined,
    import_feed_id: origin.feedId ?? undefined,
    import_platform_id: origin.platformId ?? undefined,
  };
}

/** Records an import that failed (a feed that did not answer, a bad file, the database's trouble); nothing of it was kept. */
export async function recordFailedImport(origin: ImportOrigin, startedAt: Date, message: string): Promise<ImportReport> {
  const { data, error } = await serviceDb()
    .rpc('fail_price_import', { ...recordOf(randomUUID(), origin, startedAt), failure_message: message })
    .single();
  if (error) throw new Error('price import: could not record the failed import', { cause: error });
  return data;
}

/** Reads, checks and stages the file; what the checks refused, for the report. */
async function stageFile(
  batch: string, body: ReadableStream<Uint8Array> | Readable, now: Date, options: ReadOptions & { onlyPlatform?: string },
): Promise<{ rejections: Rejection[]; rejected: number }> {
  const rejections: Rejection[] = [];
  let rejected = 0;
  let rows = 0;
  let readRow: RowReader | undefined;
  let chunk: StagedRow[] = [];

  for await (const { line, cells } of readCsv(body, options)) {
    if (!readRow) {
      readRow = rowReader(readHeader(cells), now, options.onlyPlatform);
      continue;
    }
    if (++rows > MAX_ROWS) throw new PriceFileError(`The file has more than ${MAX_ROWS.toLocaleString('en-US')} rows: split it into smaller files`);
    const result = readRow(cells);
    if ('reason' in result) {
      if (++rejected <= MAX_REPORTED_REJECTIONS) rejections.push({ line, reason: result.reason });
      continue;
    }
    const { product_id, platform, price, scraped_at } = result.point;
    chunk.push([line, product_id, platform, price, scraped_at]);
    if (chunk.length === STAGE_CHUNK) {
      await stage(batch, chunk);
      chunk = [];
    }
  }
  if (!readRow) throw new PriceFileError('The file is empty: it needs the header product_id, platform, price, scraped_at and rows');
  if (rows === 0) throw new PriceFileError('The file has a header but no rows');
  if (chunk.length > 0) await stage(batch, chunk);
  return { rejections, rejected };
}

/** A row as stage_price_import_rows takes it: arrays, a third smaller than objects on the wire. */
type StagedRow = [line: number, productId: string, platform: string, price: number, scrapedAt: string];

async function stage(batch: string, rows: StagedRow[]): Promise<void> {
  const { error } = await serviceDb().rpc('stage_price_import_rows', { batch_id: batch, rows_: rows });
  if (error) throw new Error(`price import: staging ${rows.length} rows failed`, { cause: error });
}

async function discard(batch: string): Promise<void> {
  const { error } = await serviceDb().from('price_import_rows').delete().eq('batch', batch);
  if (error) console.error(`price import: dropping the staged rows of ${batch} failed (they are cleared within a day)`, error);
}
