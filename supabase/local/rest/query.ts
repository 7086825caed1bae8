/**
 * Turns an HTTP request to /rest/v1 into a typed description of what the caller asked for: the
 * target, the query parameters (select, filters, logic trees, order, ranges), the Prefer header,
 * the media type to answer with and the Range header — all before the schema is consulted.
 */
import { bracketDepth, MAX_VALUE_NESTING, RestError } from './errors.ts';
import {
  parseColumns, parseFilterKey, parseFilterValue, parseLogicKey, parseLogicTree, parseOnConflict,
  parseOrder, parseSelect, type Filter, type LogicTree, type OrderTerm, type SelectItem,
} from './syntax.ts';
import { EXPOSED_SCHEMA } from './schema.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export type Target = { kind: 'relation'; name: string } | { kind: 'routine'; name: string };

/** Rows `offset` to `offset + limit - 1`; `limit` null means to the end. */
export interface RowRange {
  offset: number;
  limit: number | null;
}

export const ALL_ROWS: RowRange = { offset: 0, limit: null };

/** Where in the embedding tree a parameter applies: [] for the top level, ['rel'] below it. */
export type EmbedPath = string[];

export interface QueryParams {
  select: SelectItem[];
  filters: Array<{ path: EmbedPath; filter: Filter }>;
  logic: Array<{ path: EmbedPath; tree: LogicTree }>;
  order: Array<{ path: EmbedPath; terms: OrderTerm[] }>;
  /** Ranges from limit/offset keyed by the embed path joined with '.', '' for the top level. */
  ranges: Map<string, RowRange>;
  columns?: string[];
  onConflict?: string[];
  /** GET/HEAD /rpc arguments: parameters whose value is not a filter. */
  rpcArgs: Array<[string, string]>;
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** Preferences PostgREST does not know; refused with handling=strict. */
  invalid: string[];
}

/** What the response body is: a JSON array, or one object (`single()`), optionally without nulls. */
export interface MediaChoice {
  shape: 'array' | 'object';
  stripNulls: boolean;
}

export interface ApiRequest {
  method: Method;
  target: Target;
  params: QueryParams;
  preferences: Preferences;
  media: MediaChoice;
  /** The requested rows of the top level: limit/offset and the Range header combined. */
  range: RowRange;
  /** Whether the caller chose the schema with Accept-Profile / Content-Profile. */
  profileNegotiated: boolean;
}

// ---------------------------------------------------------------------------------------------
// Path and method
// ---------------------------------------------------------------------------------------------

const METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/** The resource named by the path after /rest/v1. */
export function parseTarget(pathname: string): Target | 'root' {
  const parts = pathname.replace(/^\/rest\/v1\/?/, '').split('/').filter((p) => p !== '');
  const decoded = parts.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
  });
  if (decoded.length === 0) return 'root';
  if (decoded.length === 1) return { kind: 'relation', name: decoded[0] as string };
  if (decoded.length === 2 && decoded[0] === 'rpc') return { kind: 'routine', name: decoded[1] as string };
  throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
}

export function parseMethod(method: string, target: Target): Method {
  if (target.kind === 'routine' && !['GET', 'HEAD', 'POST'].includes(method)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }
  if (!METHODS.includes(method)) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  return method as Method;
}

/** Accept-Profile for reads, Content-Profile for writes; only `public` is exposed. */
export function checkProfile(headers: Headers, method: Method): boolean {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(header);
  if (profile === null) return false;
  if (profile !== EXPOSED_SCHEMA) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, {
      hint: `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    });
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Query parameters
// ---------------------------------------------------------------------------------------------

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_LAST_SEGMENT = new Set(['order', 'limit', 'offset', 'and', 'or']);
/** The stand-in accepts the API key in the query string (as the gateway does); it is not a filter. */
const GATEWAY_PARAMS = new Set(['apikey']);

function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

function embedPathOf(key: string): EmbedPath {
  const parts = key.split('.');
  parts.pop();
  return parts;
}

/** An integer query value, or undefined when it is not one (PostgREST ignores such values). */
function integerValue(text: string): number | undefined {
  if (!/^-?\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function rangesFrom(entries: Array<[string, string]>): Map<string, RowRange> {
  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of entries) {
    const segment = lastSegment(key);
    if (segment !== 'limit' && segment !== 'offset') continue;
    const at = embedPathOf(key).join('.');
    const number = integerValue(value);
    if (number === undefined) continue;
    if (segment === 'limit' && !limits.has(at)) limits.set(at, number);
    if (segment === 'offset' && !offsets.has(at)) offsets.set(at, number);
  }
  const ranges = new Map<string, RowRange>();
  for (const at of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(at);
    if (limit !== undefined && limit < 0) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
        details: 'Limit should be greater than or equal to zero.',
      });
    }
    ranges.set(at, { offset: Math.max(0, offsets.get(at) ?? 0), limit: limit ?? null });
  }
  return ranges;
}

/**
 * Reads the query string as PostgREST does. For GET/HEAD on /rpc, a parameter whose value is not
 * an operator expression is a function argument instead of a filter.
 */
export function parseQueryParams(search: URLSearchParams, rpcRead: boolean): QueryParams {
  const entries = [...search.entries()].filter(([key, value]) => value !== '' || key === 'select');
  for (const [key, value] of entries) checkNesting(key, value);
  const first = (name: string) => entries.find(([key]) => key === name)?.[1];

  const select = parseSelect(first('select') ?? '*');
  const columnsText = first('columns');
  const onConflictText = first('on_conflict');
  const params: QueryParams = {
    select,
    filters: [],
    logic: [],
    order: [],
    ranges: rangesFrom(entries),
    columns: columnsText === undefined ? undefined : parseColumns(columnsText),
    onConflict: onConflictText === undefined ? undefined : parseOnConflict(onConflictText),
    rpcArgs: [],
  };

  for (const [key, value] of entries) {
    if (RESERVED.has(key) || GATEWAY_PARAMS.has(key)) continue;
    const segment = lastSegment(key);
    if (segment === 'order') {
      params.order.push({ path: embedPathOf(key), terms: parseOrder(value) });
    } else if (segment === 'and' || segment === 'or') {
      const logicKey = parseLogicKey(key);
      params.logic.push({ path: logicKey.path, tree: parseLogicTree(logicKey.operator, logicKey.negated, value) });
    } else if (!RESERVED_LAST_SEGMENT.has(segment)) {
      if (rpcRead) {
        const filter = tryFilter(key, value);
        if (filter) params.filters.push(filter);
        else params.rpcArgs.push([key, value]);
      } else {
        const { path, field } = parseFilterKey(key);
        const { negated, operation } = parseFilterValue(value);
        params.filters.push({ path, filter: { field, negated, operation } });
      }
    }
  }
  return params;
}

/** PGRST100 for a parameter whose key or value nests brackets deeper than Postgres can parse. */
function checkNesting(key: string, value: string): void {
  if (Math.max(bracketDepth(key), bracketDepth(value)) <= MAX_VALUE_NESTING) return;
  throw new RestError(400, 'PGRST100', `"failed to parse the ${JSON.stringify(key).slice(0, 60)} parameter" (brackets nest deeper than ${MAX_VALUE_NESTING} levels)`, {
    details: `A query parameter may nest (, [ and { at most ${MAX_VALUE_NESTING} levels deep.`,
  });
}

function tryFilter(key: string, value: string): { path: EmbedPath; filter: Filter } | undefined {
  let expression: ReturnType<typeof parseFilterValue>;
  try {
    expression = parseFilterValue(value);
  } catch (error) {
    if (error instanceof RestError) return undefined;
    throw error;
  }
  const { path, field } = parseFilterKey(key);
  return { path, filter: { field, ...expression } };
}

// ---------------------------------------------------------------------------------------------
// Range header
// ---------------------------------------------------------------------------------------------

/**
 * The top-level rows: limit/offset intersected with a `Range: 0-9` header (GET only, as PostgREST
 * ignores Range on other methods). limit=0 always means no rows.
 */
export function topLevelRange(params: QueryParams, headers: Headers, method: Method): RowRange {
  const fromParams = params.ranges.get('') ?? ALL_ROWS;
  const header = method === 'GET' ? headers.get('range') : null;
  const match = header === null ? null : /^(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return fromParams;
  if (fromParams.limit === 0) return fromParams;

  const headerLower = Number(match[1]);
  const headerUpper = match[2] === '' ? Infinity : Number(match[2]);
  if (headerLower > headerUpper) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    });
  }
  const paramsUpper = fromParams.limit === null ? Infinity : fromParams.offset + fromParams.limit - 1;
  const lower = Math.max(headerLower, fromParams.offset);
  const upper = Math.min(headerUpper, paramsUpper);
  if (lower > upper) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
      details: 'Limit should be greater than or equal to zero.',
    });
  }
  return { offset: lower, limit: upper === Infinity ? null : upper - lower + 1 };
}

// ---------------------------------------------------------------------------------------------
// Prefer
// ---------------------------------------------------------------------------------------------

const KNOWN_PREFERENCES: Record<string, (p: Preferences) => void> = {
  'return=minimal': (p) => void (p.return ??= 'minimal'),
  'return=representation': (p) => void (p.return ??= 'representation'),
  'return=headers-only': (p) => void (p.return ??= 'headers-only'),
  'count=exact': (p) => void (p.count ??= 'exact'),
  'count=planned': (p) => void (p.count ??= 'planned'),
  'count=estimated': (p) => void (p.count ??= 'estimated'),
  'resolution=merge-duplicates': (p) => void (p.resolution ??= 'merge-duplicates'),
  'resolution=ignore-duplicates': (p) => void (p.resolution ??= 'ignore-duplicates'),
  'missing=default': (p) => void (p.missing ??= 'default'),
  'missing=null': (p) => void (p.missing ??= 'null'),
  'handling=strict': (p) => void (p.handling ??= 'strict'),
  'handling=lenient': (p) => void (p.handling ??= 'lenient'),
  // Transactions end as configured (commit), as on hosted Supabase; the preference is accepted.
  'tx=commit': () => undefined,
  'tx=rollback': () => undefined,
};

/** The Prefer header(s); the first value of each preference wins. */
export function parsePreferences(headers: Headers): Preferences {
  const preferences: Preferences = { invalid: [] };
  const values = (headers.get('prefer') ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
  for (const value of values) {
    const known = KNOWN_PREFERENCES[value];
    if (known) {
      known(preferences);
    } else if (/^max-affected=\d+$/.test(value)) {
      preferences.maxAffected ??= Number(value.slice('max-affected='.length));
    } else if (!value.startsWith('timezone=')) {
      preferences.invalid.push(value);
    }
  }
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', {
      details: `Invalid preferences: ${preferences.invalid.join(', ')}`,
    });
  }
  return preferences;
}

/** The Preference-Applied header value for the preferences that took effect. */
export function appliedPreferences(p: Preferences, method: Method, withResolution: boolean): string | undefined {
  const applied = [
    method === 'POST' && withResolution && p.resolution ? `resolution=${p.resolution}` : undefined,
    method === 'POST' && p.missing ? `missing=${p.missing}` : undefined,
    ['POST', 'PATCH', 'DELETE'].includes(method) && p.return ? `return=${p.return}` : undefined,
    p.count ? `count=${p.count}` : undefined,
    p.handling ? `handling=${p.handling}` : undefined,
    p.handling === 'strict' && p.maxAffected !== undefined ? `max-affected=${p.maxAffected}` : undefined,
  ].filter((v): v is string => v !== undefined);
  return applied.length > 0 ? applied.join(', ') : undefined;
}

// ---------------------------------------------------------------------------------------------
// Accept
// ---------------------------------------------------------------------------------------------

interface AcceptedType {
  type: string;
  params: Map<string, string>;
  quality: number;
}

function parseAccept(header: string): AcceptedType[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim());
      const params = new Map<string, string>();
      for (const param of rest) {
        const eq = param.indexOf('=');
        if (eq > 0) params.set(param.slice(0, eq).trim().toLowerCase(), param.slice(eq + 1).trim().replace(/^"|"$/g, ''));
      }
      const quality = Number(params.get('q') ?? '1');
      return { type: type.toLowerCase(), params, quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((t) => t.type !== '' && t.quality > 0)
    .sort((a, b) => b.quality - a.quality);
}

function mediaChoice(accepted: AcceptedType): MediaChoice | undefined {
  const stripNulls = accepted.params.get('nulls') === 'stripped';
  switch (accepted.type) {
    case 'application/json':
    case '*/*':
      return { shape: 'array', stripNulls: false };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { shape: 'array', stripNulls };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { shape: 'object', stripNulls };
    default:
      return undefined;
  }
}

/** The first acceptable media type of the Accept header; JSON arrays when there is none. */
export function negotiateMedia(header: string | null): MediaChoice {
  if (header === null || header.trim() === '') return { shape: 'array', stripNulls: false };
  const accepted = parseAccept(header);
  for (const type of accepted) {
    const choice = mediaChoice(type);
    if (choice) return choice;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepted.map((t) => t.type).join(', ')}`);
}

export function contentTypeOf(media: MediaChoice): string {
  if (media.shape === 'object') {
    return `application/vnd.pgrst.object+json${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
  }
  return media.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
}

// ---------------------------------------------------------------------------------------------
// The whole request
// ---------------------------------------------------------------------------------------------

export function parseApiRequest(request: Request, url: URL, target: Target): ApiRequest {
  const method = parseMethod(request.method, target);
  const profileNegotiated = checkProfile(request.headers, method);
  const rpcRead = target.kind === 'routine' && (method === 'GET' || method === 'HEAD');
  const params = parseQueryParams(url.searchParams, rpcRead);
  return {
    method,
    target,
    params,
    preferences: parsePreferences(request.headers),
    media: negotiateMedia(request.headers.get('accept')),
    range: topLevelRange(params, request.headers, method),
    profileNegotiated,
  };
}
