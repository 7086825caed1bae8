/**
 * /rest/v1: the PostgREST subset supabase-js speaks. A request is authenticated (JWT → role and
 * claims), parsed, resolved against the schema cache, run as one statement in one transaction as
 * that role (so row-level security applies) and answered with PostgREST's statuses, headers and
 * error bodies. Nothing malformed gets past a 4xx; anything unexpected is logged and answered 500.
 */
import type { Database } from '../db.ts';
import type { Handler } from '../http.ts';
import { callArguments, callRoutine, deleteRows, insertRows, readRelation, updateRows, type ActionContext } from './actions.ts';
import { authenticate } from './auth.ts';
import { checkBodyNesting, RestError } from './errors.ts';
import { closestName } from './names.ts';
import { parseApiRequest, parseTarget, type ApiRequest } from './query.ts';
import { errorResponse } from './response.ts';
import { findRoutine, hasRoutine } from './routines.ts';
import { EXPOSED_SCHEMA, getSchemaCache, reloadAfterMiss, type Relation, type SchemaCache } from './schema.ts';

export { clearSchemaCache } from './schema.ts';

export const handleRest: Handler = async (request, ctx) => {
  const url = new URL(request.url);
  try {
    const target = parseTarget(url.pathname);
    const auth = authenticate(request, ctx.jwtSecret);
    if (target === 'root') throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');
    const api = parseApiRequest(request, url, target);
    const body = api.method === 'POST' || api.method === 'PATCH' ? await request.text() : '';
    const action: Omit<ActionContext, 'schema'> = {
      db: ctx.db, maxRows: ctx.maxRows, auth, api, body, contentType: request.headers.get('content-type'),
    };
    return api.target.kind === 'relation'
      ? await relationRequest(action, api.target.name)
      : await routineRequest(action, api.target.name);
  } catch (error) {
    if (error instanceof RestError) return errorResponse(error);
    console.error('rest: unexpected error for', request.method, url.pathname + url.search, error);
    return errorResponse(new RestError(500, 'PGRSTX00', 'Internal server error'));
  }
};

// ---------------------------------------------------------------------------------------------
// Tables and views
// ---------------------------------------------------------------------------------------------

function tableNotFound(schema: SchemaCache, name: string): RestError {
  const closest = closestName(name, schema.relations.keys());
  return new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`, {
    hint: closest ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${closest}'` : null,
  });
}

/** The table, reloading the schema cache once if it is unknown (a migration may have added it). */
async function findRelation(db: Database, name: string): Promise<{ schema: SchemaCache; relation: Relation }> {
  let schema = await getSchemaCache(db);
  let relation = schema.relations.get(name);
  if (!relation) {
    schema = (await reloadAfterMiss(db)) ?? schema;
    relation = schema.relations.get(name);
  }
  if (!relation) throw tableNotFound(schema, name);
  return { schema, relation };
}

async function relationRequest(action: Omit<ActionContext, 'schema'>, name: string): Promise<Response> {
  const { schema, relation } = await findRelation(action.db, name);
  const ctx: ActionContext = { ...action, schema };
  switch (action.api.method) {
    case 'GET':
    case 'HEAD':
      return readRelation(ctx, relation);
    case 'POST':
      return insertRows(ctx, relation);
    case 'PATCH':
      return updateRows(ctx, relation);
    case 'DELETE':
      return deleteRows(ctx, relation);
  }
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

/** The argument names and the JSON body of a call; GET/HEAD take them from the query string. */
function callInput(api: ApiRequest, body: string): { keys: Set<string>; postBody: string | null } {
  if (api.method !== 'POST') return { keys: new Set(api.params.rpcArgs.map(([k]) => k)), postBody: null };
  const text = body.trim() === '' ? '{}' : body;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RestError(400, 'PGRST102', 'The request body of a function call must be a JSON object of named arguments');
  }
  checkBodyNesting(value);
  return { keys: new Set(api.params.columns ?? Object.keys(value)), postBody: text };
}

async function routineRequest(action: Omit<ActionContext, 'schema'>, name: string): Promise<Response> {
  const { api } = action;
  const { keys, postBody } = callInput(api, action.body);
  let schema = await getSchemaCache(action.db);
  if (!hasRoutine(schema, name)) schema = (await reloadAfterMiss(action.db)) ?? schema;
  const routine = findRoutine(schema, name, keys, api.method === 'POST');
  // A repeated query argument counts once; the last value wins.
  const rpcArgs = new Map(api.params.rpcArgs);
  return callRoutine({ ...action, schema }, routine, callArguments(routine, keys, rpcArgs, postBody));
}
