/**
 * Calling the stand-in's /rest/v1 directly (supabase-js would refuse to send much of what the
 * fuzz tests send) and judging the answers: the error shape PostgREST uses, and fingerprints of
 * the tables that say whether anything changed.
 */
import { expect } from 'vitest';
import type { DemoShop } from '../support/demo-stand-in.ts';

export interface RestAnswer {
  status: number;
  headers: Headers;
  /** The body as text; '' for HEAD and 204. */
  text: string;
}

/** A request to /rest/v1/<path> with the anon key as apikey and `token` (if any) as the bearer. */
export async function rest(shop: DemoShop, path: string, init: RequestInit & { token?: string } = {}): Promise<RestAnswer> {
  const { token, headers, ...rest } = init;
  const all: Record<string, string> = { apikey: shop.standIn.anonKey, ...(headers as Record<string, string> | undefined) };
  if (token !== undefined) all.authorization = `Bearer ${token}`;
  const response = await fetch(`${shop.standIn.url}/rest/v1/${path}`, { ...rest, headers: all });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Never a 5xx; an error is PostgREST's `{ code, message, details, hint }` without a stack trace. */
export function expectPostgrestAnswer(answer: RestAnswer, what: string): void {
  const shown = `${what} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  const failed = answer.status >= 400 || answer.status === 300;
  // HEAD answers, errors included, carry no body.
  if (failed && answer.text !== '') {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body).sort(), shown).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.code, shown).toBe('string');
    expect(typeof body.message, shown).toBe('string');
    expect(String(body.message).trim(), shown).not.toBe('');
    expect(answer.text, shown).not.toMatch(/at .*\.ts:\d+/);
  } else if (answer.text !== '') {
    expect(() => JSON.parse(answer.text), shown).not.toThrow();
  }
}

/** The user's session token, from a password sign-in at /auth/v1/token. */
export async function sessionToken(shop: DemoShop, email: string, password: string): Promise<string> {
  const response = await fetch(`${shop.standIn.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: shop.standIn.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await response.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-in of ${email} failed with ${response.status}`);
  return session.access_token;
}

/** The tables of the public schema, for fingerprints. */
export async function publicTables(shop: DemoShop): Promise<string[]> {
  const rows = await shop.sql<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * One value per table that changes with any insert, update or delete in it (row count and newest
 * row version). Rows matching `except` are left out, for changes a caller may make.
 */
export async function fingerprint(shop: DemoShop, tables: string[], except: Record<string, string> = {}): Promise<Record<string, string>> {
  const parts = tables.map((t) => {
    const where = except[t] ? ` where not (${except[t]})` : '';
    return `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from public.${t}${where}) as "${t}"`;
  });
  const [row] = await shop.sql<Record<string, string>>(`select ${parts.join(', ')}`);
  return row ?? {};
}
