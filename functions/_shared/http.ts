/** Response and request helpers shared by the Netlify functions. */
import type { z } from 'zod';

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** A request that cannot be served, with the status, message and headers the caller gets. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

/**
 * A 503 with Retry-After: the request cannot be served now (the database is not answering, the
 * clicks waiting for it are too many) and may be tried again after the given seconds.
 */
export class ServiceUnavailable extends HttpError {
  readonly retryAfterSeconds: number;
  /** What went wrong, for the log and the health check: 'did not answer within 3500 ms'. */
  readonly problem: string;
  constructor(message: string, problem: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super(503, message, { 'retry-after': String(retryAfterSeconds) }, options);
    this.name = 'ServiceUnavailable';
    this.retryAfterSeconds = retryAfterSeconds;
    this.problem = problem;
  }
}

/** A 400 about one field of the body; answered as `{ error, field }`. */
export class FieldError extends HttpError {
  readonly field: string;
  constructor(field: string, message: string) {
    super(400, message);
    this.name = 'FieldError';
    this.field = field;
  }
}

/** "price: Expected number, received string" — the first problem, naming the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

const MAX_BODY_BYTES = 1_000_000;
const BODY_TOO_LARGE = 'Request body is larger than 1 MB';
/** Far deeper than any body the shop takes; deeper ones are refused before they are walked. */
const MAX_DEPTH = 32;

// ---------------------------------------------------------------------------------------------
// What the database cannot store as sent
// ---------------------------------------------------------------------------------------------

/** With the `u` flag a surrogate pair is one code point, so this finds only unpaired halves. */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why Postgres could not store this text as it is, or undefined when it can: text columns and
 * jsonb refuse NUL, and UTF-8 has no encoding for half a surrogate pair.
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'text cannot contain the NUL character (\\u0000)';
  const unpaired = UNPAIRED_SURROGATE.exec(text)?.[0];
  if (unpaired !== undefined) {
    const code = unpaired.charCodeAt(0).toString(16).toUpperCase();
    return `text must be valid Unicode, but it has half of a surrogate pair (\\u${code}) alone`;
  }
  return undefined;
}

/**
 * `text` cut to at most `max` UTF-16 units without cutting a character of two (an emoji) in half:
 * the half left over is text Postgres cannot store (see unstorableText).
 */
export function clipText(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The digits and exponent of a decimal literal, so that 1E2, 100 and 100.0 read the same. */
function decimalOf(literal: string): string | undefined {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = (whole + fraction).replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  if (digits === '') return '0';
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    power++;
  }
  return `${sign}${digits}e${power}`;
}

/**
 * Whether a JSON number means exactly the number it parses to. JSON.parse quietly rounds
 * 12.3400000000000000001 to 12.34 and 1e400 to Infinity; a price or a count must not change on
 * the way in, so such a number is refused rather than stored as another.
 */
export function isExactNumber(literal: string, value: number): boolean {
  return Number.isFinite(value) && decimalOf(literal) === decimalOf(String(value));
}

/** A number JSON.parse could not keep as written, left in the body for the walk to find. */
class InexactNumber {
  readonly literal: string;
  readonly value: number;
  constructor(literal: string, value: number) {
    this.literal = literal;
    this.value = value;
  }
}

/** JSON.parse's reviver: marks numbers it rounded (Node 22+ hands the reviver the literal). */
function markInexactNumbers(this: unknown, _key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== 'number' || context?.source === undefined) return value;
  return isExactNumber(context.source, value) ? value : new InexactNumber(context.source, value);
}

type Path = Array<string | number>;

/** Visits every value of a parsed body and its object keys, depth-first in document order, without recursion. */
function* walk(body: unknown): Generator<{ path: Path; value: unknown; key?: string }> {
  const stack: Array<{ path: Path; value: unknown }> = [{ path: [], value: body }];
  while (stack.length > 0) {
    const { path, value } = stack.pop() as { path: Path; value: unknown };
    yield { path, value };
    if (value === null || typeof value !== 'object' || value instanceof InexactNumber) continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, child] of entries.reverse()) {
      if (typeof key === 'string') yield { path: [...path, key], value: undefined, key };
      stack.push({ path: [...path, key], value: child });
    }
  }
}

/** How deeply a parsed body nests: 0 for a plain value, 1 for a flat object or list. */
function depthOf(body: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The first value of a body that cannot be stored as sent, as a 400 naming its field. */
export function firstUnstorable(body: unknown): FieldError | undefined {
  for (const { path, value, key } of walk(body)) {
    const field = path.join('.');
    const named = (problem: string) => new FieldError(field, field ? `${field}: ${problem}` : problem);
    if (key !== undefined) {
      const problem = unstorableText(key);
      if (problem) return named(`the field name's ${problem}`);
    } else if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) return named(problem);
    } else if (value instanceof InexactNumber) {
      return named(`the number ${value.literal} cannot be stored exactly (it would become ${value.value})`);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

/**
 * Reads a JSON body, unvalidated: a 400 or 413 HttpError when it is not JSON or too large, and a
 * 400 FieldError naming the field when it holds text or a number the database cannot store as sent.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new HttpError(413, BODY_TOO_LARGE);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) throw new HttpError(413, BODY_TOO_LARGE);
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  // The reviver recurses per level, so it only runs on bodies of a sane depth.
  if (depthOf(body) > MAX_DEPTH) throw new HttpError(400, `The request body nests deeper than ${MAX_DEPTH} levels`);
  body = JSON.parse(text, markInexactNumbers);
  const problem = firstUnstorable(body);
  if (problem) throw problem;
  return body;
}

/** Reads and validates a JSON body; a 400 FieldError says what was wrong and where. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = await readJsonBody(request);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new FieldError(issue.path.join('.'), describeIssue(issue));
  }
  return parsed.data;
}

/**
 * Runs a handler, turning HttpErrors into their responses and anything else into a logged 500. A
 * 503 is logged too, as a warning with what went wrong: the caller is told to try again, and
 * whoever runs the shop should know the database was not answering.
 */
export async function respond(name: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FieldError) return json(error.status, { error: error.message, field: error.field });
    if (error instanceof ServiceUnavailable) console.warn(`${name}: answered 503: Supabase ${error.problem}`);
    if (error instanceof HttpError) return json(error.status, { error: error.message }, error.headers);
    console.error(`${name}: unexpected error`, error);
    return json(500, { error: 'Something went wrong. Please try again.' });
  }
}
