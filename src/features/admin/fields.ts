/**
 * The pieces every admin room's schemas are made of: zod builders for the kinds of field the
 * admin writes (required and optional text, URLs, ids, the audience), the URL rules behind them,
 * and the report of a failed parse. Shared by the /api/admin/* functions (which trust nothing
 * else) and the admin forms (which show the same messages before sending). Pure: no server,
 * database or UI imports. Messages name the field in the admin's words.
 */
import { z } from 'zod';
import { GENDERS } from '../../lib/audience.ts';

// ---------------------------------------------------------------------------------------------
// Rules as plain functions
// ---------------------------------------------------------------------------------------------

// The database's is_http_url() accepts the same shapes; this is stricter about '//host' paths.
const HTTP_URL = /^https?:\/\/[^\s/$.?#]\S*$/;

/** An absolute http(s) URL, such as a retailer's product page. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL or a path on this site (the demo's pictures live under /media/…). */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  return isHttpUrl(value);
}

/** Whether a price has at most two decimals (spec: step 0.01). */
export function hasAtMostTwoDecimals(price: number): boolean {
  return Number(price.toFixed(2)) === price;
}

/** SEO keywords from a comma-separated text or a list: trimmed, empties dropped (spec). */
export function parseSeoKeywords(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((k) => k.trim()).filter((k) => k !== '');
}

/** The counter under a text field with a limit, from the characters left (negative: over the limit). */
export function charactersLeftText(left: number, max: number): string {
  const characters = (n: number) => `${n} ${n === 1 ? 'character' : 'characters'}`;
  return left >= 0 ? `${characters(left)} remaining` : `${characters(-left)} over the limit of ${max}`;
}

export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

export const missing = (input: unknown) => input === undefined || input === null || input === '';

/** Text that must be given: trimmed, and not blank. */
function givenText(label: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`);
}

export function requiredText(label: string, max: number) {
  return givenText(label).max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: blank becomes null. */
export function optionalText(label: string, max?: number) {
  const text = z.string({ error: `${label} must be text` }).trim();
  const limited = max === undefined ? text : text.max(max, `${label} must be at most ${max} characters`);
  return limited.transform((v) => (v === '' ? null : v)).nullable();
}

export function imageUrl(label: string) {
  return givenText(label).refine(isImageUrl, `${label} must be an http(s) URL or a path starting with /`);
}

/** An optional image URL: blank becomes null. */
export function optionalImageUrl(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => v === '' || isImageUrl(v), `${label} must be an http(s) URL or a path starting with /`)
    .transform((v) => (v === '' ? null : v))
    .nullable();
}

export function id(label: string, whenMissing = `${label} is required`) {
  return z.guid({ error: (iss) => (missing(iss.input) ? whenMissing : `${label} must be a UUID`) });
}

export const gender = z.enum(GENDERS, { error: 'Target audience must be for_him, for_her or for_both' });

export const booleanField = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** The error of an object schema: unknown fields by name, anything else as `what`. */
export function objectError(what: string, unknownLabel = 'Unknown field') {
  return {
    error: (iss: z.core.$ZodRawIssue) =>
      iss.code === 'unrecognized_keys' ? `${unknownLabel}: ${(iss.keys as string[]).join(', ')}` : what,
  };
}


// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

export interface FieldProblem {
  /** The field's path, such as 'price' or 'media_urls.1.url'; '' for the body as a whole. */
  field: string;
  message: string;
}

/** The first problem of a failed parse, for a 400 answer or beside a form field. */
export function firstProblem(error: z.ZodError): FieldProblem {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'The request body is not valid' };
  const field = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]].join('.') : issue.path.join('.');
  return { field, message: issue.message };
}

/** The first problem `schema` finds in `value`, or null when it fits. */
export function firstProblemOf(schema: z.ZodType, value: unknown): FieldProblem | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : firstProblem(parsed.error);
}
