/**
 * Reads a price file as it arrives: the body stream, gunzipped when it came compressed, counted
 * and refused as soon as it passes the size limit (a 50 MB file is stopped at the limit, not read
 * to its end), checked to be UTF-8 text, and parsed by csv-parse into rows with their line
 * numbers. Nothing holds more than the parser's current record: the caller stages rows in chunks.
 */
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CsvError, parse } from 'csv-parse';
import { PriceFileError } from './rules.ts';

/** The largest file imported, uncompressed: 100,000 rows take about 8 MB; a feed twice as long still fits. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The most rows one file may have. */
export const MAX_ROWS = 200_000;
/** A record longer than this is no price row (a binary file or a runaway quote). */
const MAX_RECORD_BYTES = 16 * 1024;

export const TOO_LARGE = `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into smaller files`;
export const NOT_TEXT = 'The file is not a CSV text file (it has bytes that are not UTF-8 text)';

/** Counts the bytes and refuses the file past the limit; refuses bytes that are not UTF-8 text. */
class TextGate extends Transform {
  private bytes = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly limit: number;
  constructor(limit: number) {
    super({ decodeStrings: true });
    this.limit = limit;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new PriceFileError(TOO_LARGE));
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(new PriceFileError(NOT_TEXT));
    }
    if (chunk.includes(0)) return done(new PriceFileError(NOT_TEXT));
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    try {
      this.decoder.decode();
    } catch {
      return done(new PriceFileError(NOT_TEXT));
    }
    done();
  }
}

export interface CsvLine {
  /** The file's line the record ends on (csv-parse's info.lines; the header is line 1). A row spans lines only inside quotes. */
  line: number;
  cells: string[];
}

export interface ReadOptions {
  /** The body is gzip-compressed (Content-Encoding: gzip, or a .gz feed). */
  gzip?: boolean;
  /** Refuse past this many uncompressed bytes (tests use a smaller one). */
  maxBytes?: number;
}

/**
 * The file's records, in order, from a body stream. Throws a PriceFileError for a file that is too
 * large, not text, not valid CSV or gzip that is not; the body stops being read when the caller
 * stops iterating.
 */
export async function* readCsv(body: ReadableStream<Uint8Array> | Readable, options: ReadOptions = {}): AsyncGenerator<CsvLine> {
  const source = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
  });
  const gate = new TextGate(options.maxBytes ?? MAX_FILE_BYTES);
  const stages = options.gzip ? [source, createGunzip(), gate, parser] : [source, gate, parser];
  // Errors of any stage end the parser with that error, which the loop below rethrows.
  pipeline(stages as unknown as [Readable, Transform], () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    throw asFileError(error);
  } finally {
    source.destroy();
  }
}

function asFileError(error: unknown): unknown {
  if (error instanceof PriceFileError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof PriceFileError) return cause;
  if (error instanceof CsvError) {
    if (error.code === 'CSV_MAX_RECORD_SIZE') return new PriceFileError('The file is not a price CSV: a line is longer than 16 KB');
    const line = (error as unknown as { lines?: number }).lines;
    return new PriceFileError(`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message.replace(/^[^:]*:\s*/, '')}`);
  }
  const code = (error as { code?: string }).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return new PriceFileError('The file is not valid gzip: send it uncompressed or gzip it again');
  return error;
}
