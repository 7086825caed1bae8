/**
 * What the property-based tests share: how many runs each property gets and how to replay a
 * failure, and the hostile inputs every edge of the shop is fed.
 *
 *   FUZZ_RUNS=500 npx vitest run --project fuzz         more runs per property than the default
 *   FUZZ_SEED=… FUZZ_PATH=… npx vitest run --project fuzz  replay the counterexample fast-check printed
 *
 * Without FUZZ_SEED every run draws a new seed; a failure prints it with the shrunk counterexample.
 */
import fc from 'fast-check';

function positiveInteger(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(text)}`);
  return value;
}

/** Runs per property: `defaultRuns` (kept small so `npm test` stays quick) unless FUZZ_RUNS says. */
export function fuzzRuns(defaultRuns: number): number {
  return positiveInteger('FUZZ_RUNS') ?? defaultRuns;
}

/** fast-check's parameters for one property, with FUZZ_SEED and FUZZ_PATH to replay a failure. */
export function fuzzOptions<T>(defaultRuns: number): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return {
    numRuns: fuzzRuns(defaultRuns),
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  };
}

/** A test timeout that grows with the runs: `perRunMs` a run on a busy 2-core machine, plus setup. */
export function fuzzTimeout(defaultRuns: number, perRunMs: number): number {
  return 30_000 + fuzzRuns(defaultRuns) * perRunMs;
}

// ---------------------------------------------------------------------------------------------
// Hostile text
// ---------------------------------------------------------------------------------------------

/** SQL that would do damage if it were ever pasted into a statement. */
export const SQL_INJECTIONS = [
  "'; drop table public.products; --",
  "' or '1'='1",
  "') or true --",
  '"; delete from public.categories; --',
  '$$; drop table public.blogs; $$',
  '1; select pg_sleep(5)',
  "' union select email, encrypted_password from auth.users --",
  "%' or name like '%",
  "\\'; truncate public.liked_products; --",
  "E'\\x00'",
] as const;

/** PostgREST's own syntax, which must stay data wherever it is a value. */
export const POSTGREST_INJECTIONS = [
  'eq.1',
  'not.is.null',
  'visible=eq.false',
  'or=(visible.eq.false,visible.eq.true)',
  '*',
  'name.eq.x,visible.is.false',
  'in.(1,2)',
  '&select=*',
  '?visible=eq.false',
  'like.*',
  'cs.{}',
  ')',
  '(',
  ',',
  '::text',
  '->>',
  '!inner',
  '...categories(*)',
  '%',
  '_',
] as const;

/** Emoji, right-to-left text, invisible and combining characters, and text Postgres cannot store. */
export const UNICODE_SAMPLES = [
  '🎁',
  '👩‍👩‍👧‍👦',
  '🇺🇸',
  'مرحبا بالعالم',
  'שלום',
  '\u202Egnp.exe\u202C',
  'e\u0301',
  '\u200B',
  '\uFEFF',
  '\u2028',
  'Ω≈ç√∫',
  '𝕳𝖊𝖑𝖑𝖔',
  '漢字かな',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83Dy',
  '\u0001\u001F\u007F',
  '\t\n\r',
] as const;

export const MARKUP = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '${7*7}'] as const;

/** Text that looks like another type. */
export const LOOKALIKES = ['null', 'undefined', 'NaN', 'Infinity', '-0', '1e309', 'true', '[]', '{}', '', ' ', '   '] as const;

const SAMPLES = [...SQL_INJECTIONS, ...POSTGREST_INJECTIONS, ...UNICODE_SAMPLES, ...MARKUP, ...LOOKALIKES];

/** Any UTF-16 code unit, so unpaired surrogates come up too. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Short hostile text: samples, random graphemes and code units, and mixes of them. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SAMPLES) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SAMPLES), fc.string({ unit: 'grapheme-ascii', maxLength: 10 })), { minLength: 2, maxLength: 5 })
      .map((parts) => parts.join('')),
  },
);

/** Text from 10 KB to just over 1 MB (bodies are limited to 1 MB). */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', 'gift ', '🎁', 'مرحبا ', "' or 1=1 --"), fc.integer({ min: 10_000, max: 1_050_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

/** JSON values of every type, to put where another type belongs. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(fc.oneof(hostileText, fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(hostileText, fc.oneof(hostileText, fc.integer()), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Any value a hostile client might send for one field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 4, arbitrary: wrongType },
  { weight: 1, arbitrary: hugeText },
);

/** JSON number literals as text: what JSON.stringify never writes but a client may. */
export const NUMBER_LITERALS = [
  'NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '12.3400000000000000001', '0.1e1', '1E2', '-0',
  '0.00000000000000000001', '99999999.99', '99999999.995', '100000000', '9007199254740993', '1e-7', '010', '+1', '.5', '5.',
] as const;

/** What a value looks like once it has been through JSON (undefined keys dropped, NaN → null). */
export function viaJson<T>(value: T): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * Brackets (or tsquery negations) nested from below the stand-in's limit of 256 to near 2,500
 * levels: past what Postgres's recursive parsers survive, and still inside a 16 KB URL.
 */
export const deepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('(', '[', '{', '!', '(a|'), fc.integer({ min: 200, max: 2500 }))
  .map(([open, depth]) => {
    const close = { '(': ')', '[': ']', '{': '}', '!': '', '(a|': ')' }[open] ?? '';
    return `${open.repeat(depth)}a${close.repeat(depth)}`;
  });

/**
 * A JSON array nested `depth` levels deep once serialised. It stays a small object until then, so
 * fast-check can print a counterexample holding it (printing the nested array would overflow).
 */
export class NestedArray {
  readonly depth: number;
  constructor(depth: number) {
    this.depth = depth;
  }
  toJSON(): unknown[] {
    let value: unknown[] = [];
    for (let i = 1; i < this.depth; i++) value = [value];
    return value;
  }
  [fc.toStringMethod](): string {
    return `NestedArray(${this.depth})`;
  }
}

export const nestedArray = fc.integer({ min: 200, max: 3000 }).map((depth) => new NestedArray(depth));
