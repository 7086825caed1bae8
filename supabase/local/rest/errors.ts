/**
 * Errors in PostgREST's shape: `{ code, message, details, hint }` with the HTTP status PostgREST
 * gives them, so supabase-js callers see on the stand-in exactly what they see on hosted Supabase.
 */

/** Usually a sentence; PGRST201 lists the candidate relationships as objects. */
export type ErrorDetails = string | Array<Record<string, string>> | null;

export interface ErrorBody {
  code: string;
  message: string;
  details: ErrorDetails;
  hint: string | null;
}

/** An error that becomes a PostgREST error response. */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { details?: ErrorDetails; hint?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.details = extra.details ?? null;
    this.hint = extra.hint ?? null;
    this.headers = extra.headers ?? {};
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: a query parameter that does not parse; message and details name the spot. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, {
    details,
  });
}

/** An error Postgres raised, as node-postgres and PGlite both report it. */
export interface PostgresError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

/**
 * The HTTP status PostgREST answers a Postgres error with, by SQLSTATE. `authenticated` is false
 * for the anon role: a permission error then means "sign in" (401) rather than "forbidden" (403).
 */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503': // foreign_key_violation
    case '23505': // unique_violation
      return 409;
    case '25006': // read_only_sql_transaction
      return 405;
    case '21000': // cardinality_violation; pg-safeupdate's refusal is the client's fault
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023': // invalid_parameter_value, or a JWT role that does not exist
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400': // configuration_limit_exceeded
    case '42P17': // infinite recursion (in a policy)
      return 500;
    case '55000': // object_not_in_prerequisite_state; a write to a view Postgres cannot write through
      return /^cannot (insert into|update|delete from) view/.test(message) ? 405 : 500;
    case 'XX000': // internal_error; this one is a search text of more operators than tsquery holds
      return message.startsWith('tsquery stack too small') ? 400 : 500;
    case '57P01': // admin_shutdown
      return 503;
    case 'P0001': // a plain RAISE
      return 400;
    case '42883': // undefined_function
    case '42P01': // undefined_table
      return 404;
    case '42501': // insufficient_privilege
      return authenticated ? 403 : 401;
  }
  // Class 54, program_limit_exceeded (array dimensions, stack depth, a tsvector over 1 MB), is a
  // 500 in PostgREST; here every statement is built from one request, so the limit was exceeded
  // by what the caller sent, and the answer is the caller's 400.
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500,
    '39': 500, '3B': 500, '40': 500, '53': 503, '54': 400, '55': 500, '57': 500, '58': 500,
    F0: 500, HV: 500, P0: 500, XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** A Postgres error as the PostgREST error response it would be. */
export function fromPostgresError(error: PostgresError, authenticated: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, authenticated);
  return new RestError(status, error.code, error.message, {
    details: error.detail ?? null,
    hint: error.hint ?? null,
    headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {},
  });
}

/** Connection-level failures: the database is unreachable or the pool is broken. */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code);
}

export function connectionError(): RestError {
  return new RestError(503, 'PGRST000', 'Database connection error. Retrying the connection.');
}

/**
 * Brackets nest at most this deep in a query value or JSON body. Postgres parses regular
 * expressions, JSON and tsquery recursively: much deeper input overflows its stack (a 500 on
 * PostgreSQL; on PGlite, after a few, a stand-in that stops answering). Nothing the shop sends
 * comes near it.
 */
export const MAX_VALUE_NESTING = 256;

/** How deeply (, [ and { nest in a text, counting every bracket as the parsers may. */
export function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') deepest = Math.max(deepest, ++depth);
    else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return deepest;
}

/** How deeply a parsed JSON value nests: 0 for a scalar, 1 for a flat object or array. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** PGRST102 for a JSON body nesting deeper than MAX_VALUE_NESTING. */
export function checkBodyNesting(value: unknown): void {
  if (jsonDepth(value) > MAX_VALUE_NESTING) {
    throw new RestError(400, 'PGRST102', `The JSON body nests deeper than ${MAX_VALUE_NESTING} levels`, {
      hint: `Send objects and arrays nested at most ${MAX_VALUE_NESTING} levels deep.`,
    });
  }
}
