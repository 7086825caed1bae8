/**
 * The five things a request can do — read, insert, update, delete, call — each planned against
 * the schema cache, run as one statement in the caller's transaction, and answered with
 * PostgREST's statuses and headers.
 */
import type { Database, Queryable, RequestAuth } from '../db.ts';
import { checkBodyNesting, connectionError, fromPostgresError, isConnectionError, isPostgresError, RestError } from './errors.ts';
import { capRows, planRead, planWriteFilters, resolveWriteColumns, tableSource, type ReadNode, type RootSource } from './plan.ts';
import { appliedPreferences, type ApiRequest } from './query.ts';
import { contentRange, outOfRange, readRange, success } from './response.ts';
import { takesWholeBody } from './routines.ts';
import type { Column, Relation, Routine, SchemaCache } from './schema.ts';
import {
  callStatement, deleteSql, insertSql, readStatement, updateSql, writeStatement,
  type CallArguments, type ResultRow, type Statement, type WriteBody,
} from './sql.ts';

export interface ActionContext {
  db: Database;
  /** The most rows a read answers (see capRows); null for no cap. */
  maxRows: number | null;
  auth: RequestAuth;
  schema: SchemaCache;
  api: ApiRequest;
  /** The request body as text; empty for GET, HEAD and DELETE. */
  body: string;
  contentType: string | null;
}

// ---------------------------------------------------------------------------------------------
// Running a statement
// ---------------------------------------------------------------------------------------------

/** PGRST116: the caller asked for one object (single()) and the result is not one row. */
function notSingular(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', {
    details: `The result contains ${rows} rows`,
  });
}

interface RunOptions {
  /** A check of the result that, failing, rolls the transaction back and answers with its error. */
  check?: (pageTotal: number) => RestError | undefined;
  /**
   * A read: a GET or HEAD, or a call of a stable or immutable function. It runs read-only, as in
   * PostgREST, so a write in it fails (a volatile function called with GET).
   */
  readOnly?: boolean;
}

/**
 * PGlite checks a parameter Postgres typed as boolean (a filter on a boolean column) in JavaScript
 * and throws a plain Error before the query reaches Postgres; Postgres answers such a value with
 * 22P02, and so does the stand-in.
 */
const PGLITE_PARAMETER_REFUSED = /^Invalid input for (\w+) type$/;

function refusedParameter(error: unknown): RestError | undefined {
  const type = error instanceof Error ? PGLITE_PARAMETER_REFUSED.exec(error.message)?.[1] : undefined;
  if (type === undefined) return undefined;
  return new RestError(400, '22P02', `invalid input syntax for type ${type}`);
}

async function run(ctx: ActionContext, statement: Statement, options: RunOptions = {}): Promise<ResultRow> {
  try {
    return await ctx.db.transaction(async (tx: Queryable) => {
      const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
      const row = rows[0];
      if (!row) throw new Error('rest: the statement returned no result row');
      const problem = options.check?.(Number(row.page_total));
      if (problem) throw problem; // thrown inside the transaction, so it rolls back
      return row;
    }, ctx.auth, { readOnly: options.readOnly });
  } catch (error) {
    if (error instanceof RestError) throw error;
    if (isPostgresError(error)) throw fromPostgresError(error, ctx.auth.role !== 'anon');
    if (isConnectionError(error)) throw connectionError();
    throw refusedParameter(error) ?? error;
  }
}

/** PGRST116 when single() gets other than one row; PGRST124 when a write exceeds max-affected. */
function resultCheck(ctx: ActionContext, maxAffected = false): RunOptions['check'] {
  const { media, preferences } = ctx.api;
  return (rows) => {
    if (media.shape === 'object' && rows !== 1) return notSingular(rows);
    if (maxAffected && preferences.handling === 'strict' && preferences.maxAffected !== undefined && rows > preferences.maxAffected) {
      return new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', {
        details: `The query affects ${rows} rows`,
      });
    }
    return undefined;
  };
}

function totalOf(row: ResultRow): number | null {
  return row.total === null ? null : Number(row.total);
}

function commonHeaders(ctx: ActionContext, withResolution = false): Record<string, string | undefined> {
  return {
    'content-profile': ctx.api.profileNegotiated ? 'public' : undefined,
    'preference-applied': appliedPreferences(ctx.api.preferences, ctx.api.method, withResolution),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** GET/HEAD on a table or view. */
export async function readRelation(ctx: ActionContext, relation: Relation): Promise<Response> {
  const { api } = ctx;
  const root = planRead(ctx.schema, tableSource(relation), api.params, { rootFilters: true, ranges: true });
  root.range = api.range;
  capRows(root, ctx.maxRows);
  const headersOnly = api.method === 'HEAD';
  const statement = readStatement(root, { count: api.preferences.count !== undefined, media: api.media, headersOnly });
  const row = await run(ctx, statement, { check: resultCheck(ctx), readOnly: true });
  return rangedResponse(ctx, row, headersOnly);
}

function rangedResponse(ctx: ActionContext, row: ResultRow, headersOnly: boolean): Response {
  const total = totalOf(row);
  const { status, range } = readRange(ctx.api.range.offset, Number(row.page_total), total);
  if (status === 416) throw outOfRange(ctx.api.range.offset, total);
  return success({
    status,
    body: headersOnly ? '' : row.body,
    media: ctx.api.media,
    headers: { 'content-range': range, ...commonHeaders(ctx) },
  });
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

interface ParsedBody extends WriteBody {
  keys: string[];
}

function invalidBody(message: string): RestError {
  return new RestError(400, 'PGRST102', message);
}

/**
 * The JSON body of a write: an object (one row) or an array of objects that, without a `columns`
 * parameter, all have the same keys. Other JSON values write nothing, as in PostgREST.
 */
export function parseWriteBody(text: string, contentType: string | null, hasColumnsParam: boolean): ParsedBody {
  const type = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw invalidBody(`Content-Type not acceptable: ${type}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  checkBodyNesting(value);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(value)) return { json: text, isObject: true, keys: Object.keys(value) };
  if (!Array.isArray(value) || value.length === 0) return { json: '[]', isObject: false, keys: [] };
  if (hasColumnsParam) return { json: text, isObject: false, keys: [] };
  const first = value[0];
  if (!isObject(first)) throw invalidBody('All object keys must match');
  const keys = Object.keys(first);
  const uniform = value.every((v) => isObject(v) && Object.keys(v).length === keys.length && keys.every((k) => k in v));
  if (!uniform) throw invalidBody('All object keys must match');
  return { json: text, isObject: false, keys };
}

function writtenRowsSource(relation: Relation): RootSource {
  return { ...tableSource(relation), from: 'pgrst_source' };
}

/** The read of the written rows when the caller wants them back (`select`, return=representation). */
function representation(ctx: ActionContext, relation: Relation): ReadNode | null {
  if (ctx.api.preferences.return !== 'representation') return null;
  return planRead(ctx.schema, writtenRowsSource(relation), ctx.api.params, { rootFilters: false, ranges: false });
}

function writeColumns(ctx: ActionContext, relation: Relation, body: ParsedBody): Column[] {
  return resolveWriteColumns(relation, ctx.api.params.columns ?? body.keys);
}

function writeResponse(ctx: ActionContext, row: ResultRow, status: number, range: string, read: ReadNode | null, withResolution = false): Response {
  return success({
    status,
    body: read ? row.body : null,
    media: ctx.api.media,
    headers: { 'content-range': range, ...commonHeaders(ctx, withResolution) },
  });
}

/** POST: insert, or upsert with Prefer: resolution=… and on_conflict. */
export async function insertRows(ctx: ActionContext, relation: Relation): Promise<Response> {
  const { api } = ctx;
  const body = parseWriteBody(ctx.body, ctx.contentType, api.params.columns !== undefined);
  const columns = writeColumns(ctx, relation, body);
  const resolution = api.preferences.resolution;
  const conflictColumns = api.params.onConflict ?? relation.primaryKey;
  const onConflict = resolution ? { columns: conflictColumns, resolution } : undefined;
  const merging = resolution === 'merge-duplicates' && conflictColumns.length > 0 && columns.length > 0;

  const read = representation(ctx, relation);
  if (read && merging) read.expandStar = true;
  const statement = writeStatement(
    (p) => insertSql({
      table: relation.name,
      columns,
      body,
      missingDefault: api.preferences.missing === 'default',
      onConflict,
      returning: read !== null,
    }, p),
    read,
    { media: api.media, countInserted: merging },
  );
  const row = await run(ctx, statement, { check: resultCheck(ctx) });
  const pageTotal = Number(row.page_total);
  const inserted = row.inserted === null ? null : Number(row.inserted);
  const status = resolution === 'merge-duplicates' && inserted !== null && inserted <= 0 ? 200 : 201;
  const range = contentRange(1, 0, api.preferences.count ? pageTotal : null);
  const withResolution = relation.primaryKey.length > 0 || api.params.onConflict !== undefined;
  return writeResponse(ctx, row, status, range, read, withResolution);
}

/** PATCH: update the rows the filters select. */
export async function updateRows(ctx: ActionContext, relation: Relation): Promise<Response> {
  const { api } = ctx;
  const body = parseWriteBody(ctx.body, ctx.contentType, api.params.columns !== undefined);
  const columns = writeColumns(ctx, relation, body);
  const where = planWriteFilters(relation, api.params);
  const read = representation(ctx, relation);
  const statement = writeStatement(
    (p) => updateSql(relation.name, columns, body, where, read !== null, p),
    read,
    { media: api.media, countInserted: false },
  );
  const row = await run(ctx, statement, { check: resultCheck(ctx, true) });
  const pageTotal = Number(row.page_total);
  const range = contentRange(0, pageTotal - 1, api.preferences.count ? pageTotal : null);
  return writeResponse(ctx, row, read ? 200 : 204, range, read);
}

/** DELETE: delete the rows the filters select. */
export async function deleteRows(ctx: ActionContext, relation: Relation): Promise<Response> {
  const { api } = ctx;
  const where = planWriteFilters(relation, api.params);
  const read = representation(ctx, relation);
  const statement = writeStatement(
    (p) => deleteSql(relation.name, where, read !== null, p),
    read,
    { media: api.media, countInserted: false },
  );
  const row = await run(ctx, statement, { check: resultCheck(ctx, true) });
  const pageTotal = Number(row.page_total);
  const range = contentRange(1, 0, api.preferences.count ? pageTotal : null);
  return writeResponse(ctx, row, read ? 200 : 204, range, read);
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

/** The columns a function's result can be selected and filtered by. */
function resultSource(routine: Routine): RootSource {
  const returns = routine.returns;
  const name = returns.kind === 'composite' && returns.relation ? returns.relation : routine.name;
  let columns: Map<string, Column> | null;
  if (returns.kind === 'composite') {
    columns = returns.columns.size > 0 ? returns.columns : null;
  } else {
    const type = returns.kind === 'scalar' ? returns.type : 'void';
    columns = new Map([['pgrst_scalar', { name: 'pgrst_scalar', type, baseType: type, nullable: true, defaultExpression: null }]]);
  }
  return {
    name,
    alias: name,
    from: 'pgrst_source',
    columns,
    relation: returns.kind === 'composite' ? returns.relation : undefined,
  };
}

/** The arguments of a call: the JSON body for POST, the query string for GET/HEAD. */
export function callArguments(routine: Routine, keys: Set<string>, rpcArgs: Map<string, string>, postBody: string | null): CallArguments {
  const wholeBody = takesWholeBody(routine);
  if (postBody !== null && wholeBody) {
    return { kind: 'whole-body', json: postBody, param: wholeBody };
  }
  const params = routine.params.filter((p) => keys.has(p.name));
  if (postBody !== null) return { kind: 'json', json: postBody, params };
  return { kind: 'text', values: rpcArgs, params };
}

/** GET, HEAD or POST /rpc/fn. */
export async function callRoutine(ctx: ActionContext, routine: Routine, args: CallArguments): Promise<Response> {
  const { api } = ctx;
  const read = planRead(ctx.schema, resultSource(routine), api.params, { rootFilters: true, ranges: true });
  read.range = api.range;
  capRows(read, ctx.maxRows);
  const headersOnly = api.method === 'HEAD';
  const statement = callStatement(routine, args, read, { count: api.preferences.count !== undefined, media: api.media });
  const readOnly = api.method !== 'POST' || routine.volatility !== 'volatile';
  const row = await run(ctx, statement, { check: resultCheck(ctx), readOnly });
  if (routine.returns.kind === 'void') {
    const { range } = readRange(api.range.offset, Number(row.page_total), totalOf(row));
    return success({ status: 204, body: null, media: api.media, headers: { 'content-range': range, ...commonHeaders(ctx) } });
  }
  return rangedResponse(ctx, row, headersOnly);
}
