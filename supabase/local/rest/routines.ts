/**
 * Choosing the function an /rpc call means. Functions may be overloaded, so the name is not
 * enough: the argument names pick the overload whose required parameters are all given and whose
 * parameters include every argument — PostgREST's rule, with its errors when none or several fit.
 */
import { RestError } from './errors.ts';
import { closestName } from './names.ts';
import type { Routine, RoutineParam, SchemaCache } from './schema.ts';
import { EXPOSED_SCHEMA } from './schema.ts';

function acceptsArguments(routine: Routine, keys: Set<string>): boolean {
  if (routine.params.length === 0) return keys.size === 0;
  const names = new Set(routine.params.map((p) => p.name));
  if (![...keys].every((k) => names.has(k))) return false;
  return routine.params.every((p) => !p.required || keys.has(p.name));
}

/** A function of one unnamed json or jsonb parameter takes the whole POST body. */
export function takesWholeBody(routine: Routine): RoutineParam | undefined {
  const [only, ...rest] = routine.params;
  if (!only || rest.length > 0 || only.name !== '') return undefined;
  return only.type === 'json' || only.type === 'jsonb' ? only : undefined;
}

function notFound(schema: SchemaCache, name: string, keys: Set<string>, isPost: boolean): RestError {
  const sorted = [...keys].sort();
  const fn = `${EXPOSED_SCHEMA}.${name}`;
  const withParams = sorted.length === 0
    ? ' without parameters'
    : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  const message = `Could not find the function ${fn}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`;
  const details = `Searched for the function ${fn}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;

  const overloads = schema.routines.get(name) ?? [];
  let hint: string | undefined;
  if (overloads.length === 0) {
    const other = closestName(name, schema.routines.keys(), 0.5);
    if (other) hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${other}`;
  } else {
    const signature = (keys: string[]) => `(${[...keys].sort().join(', ')})`;
    const best = closestName(signature(sorted), overloads.map((r) => signature(r.params.map((p) => p.name))), 0);
    if (best) hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${name}${best}`;
  }
  return new RestError(404, 'PGRST202', message, { details, hint });
}

function ambiguous(candidates: Routine[]): RestError {
  const describe = (r: Routine) => `${EXPOSED_SCHEMA}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  const listed = candidates.map(describe).sort();
  return new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${listed.join(', ')}`, {
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  });
}

/** Whether the schema knows a function by this name at all (to decide on a cache reload). */
export function hasRoutine(schema: SchemaCache, name: string): boolean {
  return schema.routines.has(name);
}

/** The overload of `name` that takes exactly these argument names. */
export function findRoutine(schema: SchemaCache, name: string, keys: Set<string>, isPost: boolean): Routine {
  const overloads = schema.routines.get(name) ?? [];
  const matching = overloads.filter((r) => acceptsArguments(r, keys));
  if (matching.length === 1) return matching[0] as Routine;
  if (matching.length > 1) throw ambiguous(matching);
  const wholeBody = isPost ? overloads.filter((r) => takesWholeBody(r)) : [];
  if (wholeBody.length === 1) return wholeBody[0] as Routine;
  if (wholeBody.length > 1) throw ambiguous(wholeBody);
  throw notFound(schema, name, keys, isPost);
}
