/**
 * What a price feed file must look like, as plain rules: the header, and each row checked with zod
 * into the point it names or the reason it is refused ('negative price', 'bad date', …). The file
 * itself (size, text, CSV syntax) is read.ts's business; whether the product and platform exist is
 * the database's (apply_price_import).
 */
import { z } from 'zod';
import { clipText } from '../http.ts';

export const REQUIRED_COLUMNS = ['product_id', 'platform', 'price', 'scraped_at'] as const;
export const OPTIONAL_COLUMNS = ['url'] as const;
export type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** Where each column sits in the file's rows. */
export type ColumnIndex = Partial<Record<Column, number>> & Record<(typeof REQUIRED_COLUMNS)[number], number>;

/** A file the importer refuses as a whole, with the message the admin (or the import record) gets. */
export class PriceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceFileError';
  }
}

const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);
const list = (names: readonly string[]) => names.join(', ');

/**
 * The columns in any order, each once, the required ones all there and nothing else; otherwise a
 * PriceFileError naming the column that is missing, unexpected or repeated.
 */
export function readHeader(cells: readonly string[]): ColumnIndex {
  const names = cells.map((cell) => cell.trim());
  const unexpected = names.filter((name) => !known.has(name));
  if (unexpected.length > 0) {
    const shown = unexpected.map((name) => (name === '' ? '(empty)' : `"${clipText(name, 60)}"`));
    throw new PriceFileError(
      `The header has ${unexpected.length === 1 ? 'an unexpected column' : 'unexpected columns'} ${shown.join(', ')}: ` +
      `the columns are ${list(REQUIRED_COLUMNS)} and optionally ${list(OPTIONAL_COLUMNS)}`,
    );
  }
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new PriceFileError(`The header names the column ${repeated} twice`);
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new PriceFileError(`The header is missing the column${missing.length === 1 ? '' : 's'} ${list(missing)}`);
  }
  return Object.fromEntries(names.map((name, i) => [name, i])) as ColumnIndex;
}

/** numeric(10, 2): the largest price price_history stores. */
const MAX_PRICE = 99_999_999.99;
/** A feed's clock and ours may disagree a little; a point a few minutes ahead is not "in the future". */
export const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * How far back a scraped price may go. The price rules look back 90 days at most, so an older point
 * serves none of them, while a mistyped year (1990 for 2026) would stand as the product's first
 * known price and make a few days of history look long enough for 'Lowest price in 90 days'.
 */
export const MAX_AGE_DAYS = 365;
/** A day in milliseconds, for the importer and the feeds' schedule. */
export const DAY_MS = 24 * 60 * 60_000;

const price = z.string().trim().superRefine((text, ctx) => {
  const problem = priceProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}).transform(Number);

function priceProblem(text: string): string | undefined {
  if (text === '') return 'price is missing';
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return 'price is not a number';
  if (text.startsWith('-') && Number(text) !== 0) return 'negative price';
  // No retailer gives a gift away: a zero is a price the feed did not have, and it would stand as
  // the lowest of the period and a drop to alert about.
  if (Number(text) === 0) return 'price is zero';
  if (/\.\d{3,}$/.test(text) && !/\.\d{2}0+$/.test(text)) return 'price has more than 2 decimals';
  if (Number(text) > MAX_PRICE) return 'price is too large';
  return undefined;
}

/** ISO 8601 date or date and time; without an offset it is UTC (the shop's timestamps are). */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The moment a scraped_at names, or why it names none. */
export function readMoment(text: string, now: Date): { at: Date } | { problem: string } {
  const trimmed = text.trim();
  const match = ISO_DATE_TIME.exec(trimmed);
  if (!match) return { problem: trimmed === '' ? 'scraped_at is missing' : 'bad date' };
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  // Date.parse takes 2026-02-30 for 2 March: the fields must come back as they were written.
  const fields = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const written = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)];
  const read = [fields.getUTCFullYear(), fields.getUTCMonth(), fields.getUTCDate(), fields.getUTCHours(), fields.getUTCMinutes(), fields.getUTCSeconds()];
  if (written.some((value, i) => value !== read[i])) return { problem: 'bad date' };
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}${offset}`);
  if (Number.isNaN(at.getTime())) return { problem: 'bad date' };
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return { problem: 'date in the future' };
  if (at.getTime() < now.getTime() - MAX_AGE_DAYS * DAY_MS) return { problem: 'date more than a year ago' };
  return { at };
}

/** One row as it may be staged. */
export interface PricePoint {
  product_id: string;
  platform: string;
  price: number;
  scraped_at: string;
}

const rowSchema = (now: Date) => z.object({
  product_id: z.string().trim().pipe(z.guid({ error: 'product_id is not a valid id' })),
  platform: z.string().trim()
    .min(1, { error: 'platform is missing' })
    .max(60, { error: 'platform is longer than 60 characters' }),
  price,
  scraped_at: z.string().transform((text, ctx) => {
    const moment = readMoment(text, now);
    if ('problem' in moment) {
      ctx.addIssue({ code: 'custom', message: moment.problem });
      return z.NEVER;
    }
    return moment.at.toISOString();
  }),
  url: z.string().trim().max(2000, { error: 'url is longer than 2,000 characters' })
    .refine((url) => url === '' || /^https?:\/\/[^/\s]+(\/\S*)?$/i.test(url), { error: 'url is not an http(s) address' })
    .optional(),
});

/** Reads one data row into the point it names, or the first reason it is refused. */
export type RowReader = (cells: readonly string[]) => { point: PricePoint } | { reason: string };

/**
 * The row reader for one file. `now` is when the import started, so a long import judges every
 * row against the same clock. A platform's feed (`onlyPlatform`) may name only that platform.
 */
export function rowReader(columns: ColumnIndex, now: Date, onlyPlatform?: string): RowReader {
  const schema = rowSchema(now);
  const own = onlyPlatform?.trim().toLowerCase();
  const entries = Object.entries(columns) as Array<[Column, number]>;
  return (cells) => {
    if (cells.length !== entries.length) return { reason: `expected ${entries.length} columns, found ${cells.length}` };
    const record: Record<string, string> = {};
    for (const [name, index] of entries) record[name] = cells[index] ?? '';
    const parsed = schema.safeParse(record);
    if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? 'bad row' };
    const { product_id, platform, price: amount, scraped_at } = parsed.data;
    // A retailer's feed speaks for that retailer only: it cannot set another one's prices.
    if (own !== undefined && platform.toLowerCase() !== own) return { reason: `platform is not this feed's platform (${onlyPlatform})` };
    return { point: { product_id: product_id.toLowerCase(), platform, price: amount, scraped_at } };
  };
}

/** At most this many rejected lines are kept for the report (each counted). */
export const MAX_REPORTED_REJECTIONS = 1000;
