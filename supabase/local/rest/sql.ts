/**
 * Turns plans into one parameterised SQL statement each, shaped like PostgREST's: the rows come
 * from a `pgrst_source` CTE and Postgres itself aggregates them into the JSON body (json_agg), so
 * numbers, numerics, arrays and jsonb are serialised exactly as PostgREST serialises them, and no
 * row passes through JavaScript.
 *
 * Every value from the request is a parameter. Identifiers come from the schema cache or, for
 * output names, are quoted; casts were restricted to plain type names by the parser.
 */
import type { Column, Routine, RoutineParam } from './schema.ts';
import type { ColumnRef, EmbedNode, PlannedField, PlannedLogic, PlannedOrder, ReadNode } from './plan.ts';
import { qualifiedName, quoteIdent } from './names.ts';
import type { MediaChoice, RowRange } from './query.ts';
import type { Operation, SimpleOperator } from './syntax.ts';

/** The statement's parameters, numbered as they are added. */
export class Params {
  readonly values: Array<string | null> = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Statement {
  sql: string;
  params: Array<string | null>;
}

/**
 * The columns every statement returns: the total count when asked for (null otherwise), the rows
 * in this response, the JSON body and, for upserts, how many rows were inserted.
 */
export interface ResultRow extends Record<string, unknown> {
  total: number | string | null;
  page_total: number | string;
  body: string;
  inserted: number | string | null;
}

const SOURCE = 'pgrst_source';

// ---------------------------------------------------------------------------------------------
// Columns, filters, order
// ---------------------------------------------------------------------------------------------

function columnSql(qualifier: string, ref: ColumnRef, p: Params): string {
  let sql = ref.column === '*' ? `${qualifier}.*` : `${qualifier}.${quoteIdent(ref.column)}`;
  if (ref.jsonPath.length === 0) return sql;
  if (ref.toJson) sql = `to_jsonb(${sql})`;
  for (const step of ref.jsonPath) {
    sql += step.arrow + (step.index ? `${p.add(step.key)}::int` : p.add(step.key));
  }
  return sql;
}

const OPERATOR_SQL: Record<SimpleOperator, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
  like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};

const FTS_SQL = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

const IS_SQL = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };

/** `{"a","b \"c\""}`: values for `= ANY(...)`, typed by Postgres from the column. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function operationSql(column: string, operation: Operation, ref: ColumnRef, p: Params): string {
  switch (operation.kind) {
    case 'simple': {
      const operator = OPERATOR_SQL[operation.operator];
      // In like patterns PostgREST lets `*` stand for `%`, which URLs mangle.
      const text = operation.operator === 'like' || operation.operator === 'ilike'
        ? operation.value.replace(/\*/g, '%')
        : operation.value;
      const value = p.add(text);
      const quantified = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${value})` : value;
      return `${column} ${operator} ${quantified}`;
    }
    case 'in':
      if (operation.values.length === 1 && operation.values[0] === '') return `${column} = ANY('{}')`;
      return `${column} = ANY(${p.add(arrayLiteral(operation.values))})`;
    case 'is':
      return `${column} IS ${IS_SQL[operation.value]}`;
    case 'isdistinct':
      return `${column} IS DISTINCT FROM ${p.add(operation.value)}`;
    case 'fts': {
      const config = operation.config === undefined ? '' : `${p.add(operation.config)}, `;
      const document = ref.isTsVector ? column : `to_tsvector(${config}${column})`;
      return `${document} @@ ${FTS_SQL[operation.operator]}(${config}${p.add(operation.value)})`;
    }
  }
}

/** How a filter on an embedded resource's existence is written: in the main query or as EXISTS. */
type EmbedNullSql = (item: Extract<PlannedLogic, { kind: 'embed-null' }>) => string;

function logicSql(qualifier: string, item: PlannedLogic, p: Params, embedNull: EmbedNullSql): string {
  switch (item.kind) {
    case 'filter': {
      const condition = operationSql(columnSql(qualifier, item.ref, p), item.operation, item.ref, p);
      return item.negated ? `NOT (${condition})` : condition;
    }
    case 'embed-null':
      return embedNull(item);
    case 'group': {
      const joined = item.children.map((c) => logicSql(qualifier, c, p, embedNull)).join(item.operator === 'and' ? ' AND ' : ' OR ');
      return `${item.negated ? 'NOT ' : ''}(${joined})`;
    }
  }
}

/**
 * In the main query the lateral join is there to test: a to-many embed's aggregate is null without
 * rows; a to-one embed's row is null without a match (a row of nulls is still a row).
 */
function embedNullInQuery(item: Extract<PlannedLogic, { kind: 'embed-null' }>): string {
  const agg = quoteIdent(item.aggAlias);
  const target = item.toMany ? `${agg}.${agg}` : agg;
  return `${target} IS ${item.isNull ? 'NOT ' : ''}DISTINCT FROM NULL`;
}

function orderSql(qualifier: string, terms: PlannedOrder[], p: Params): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const column = term.kind === 'related'
      ? columnSql(quoteIdent(term.aggAlias), term.ref, p)
      : columnSql(qualifier, term.ref, p);
    const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
    const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
    return `${column}${direction}${nulls}`;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}

function limitSql(range: RowRange): string {
  // Both are integers checked by the parser, so they are safe to write inline.
  if (range.limit === null && range.offset === 0) return '';
  return ` LIMIT ${range.limit === null ? 'ALL' : range.limit} OFFSET ${range.offset}`;
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

function outputName(field: PlannedField): string | undefined {
  return field.alias ?? (field.ref.column === '*' ? undefined : field.ref.column);
}

function fieldSql(node: ReadNode, field: PlannedField, p: Params): string[] {
  const qualifier = quoteIdent(node.alias);
  if (field.ref.column === '*' && node.expandStar && node.columns) {
    return [...node.columns.keys()].map((name) => `${qualifier}.${quoteIdent(name)}`);
  }
  let sql = columnSql(qualifier, field.ref, p);
  if (field.cast) sql = `CAST(${sql} AS ${field.cast})`;
  if (field.alias !== undefined) sql += ` AS ${quoteIdent(field.alias)}`;
  return [sql];
}

/** The names a to-one spread brings up into its parent. */
function spreadNames(embed: EmbedNode): string[] | '*' {
  const names: string[] = [];
  for (const field of embed.node.select) {
    const name = outputName(field);
    if (name === undefined) return '*';
    names.push(name);
  }
  for (const child of embed.node.embeds) {
    if (child.empty) continue;
    if (child.spread) {
      const inner = spreadNames(child);
      if (inner === '*') return '*';
      names.push(...inner);
    } else {
      names.push(child.outputName);
    }
  }
  return names;
}

function embedSelects(embed: EmbedNode): string[] {
  const agg = quoteIdent(embed.aggAlias);
  if (embed.empty) return [];
  if (embed.spread) {
    const names = spreadNames(embed);
    return names === '*' ? [`${agg}.*`] : names.map((n) => `${agg}.${quoteIdent(n)}`);
  }
  if (embed.toOne) return [`row_to_json(${agg}.*)::jsonb AS ${quoteIdent(embed.outputName)}`];
  return [`COALESCE(${agg}.${agg}, '[]') AS ${quoteIdent(embed.outputName)}`];
}

/** `child.fk = parent.pk` for each column pair of the relationship. */
function joinConditions(parentAlias: string, embed: EmbedNode): string[] {
  const child = quoteIdent(embed.node.alias);
  return embed.relationship.columns.map(([parentColumn, childColumn]) =>
    `${child}.${quoteIdent(childColumn)} = ${quoteIdent(parentAlias)}.${quoteIdent(parentColumn)}`);
}

function lateralJoin(parent: ReadNode, embed: EmbedNode, p: Params): string {
  const agg = quoteIdent(embed.aggAlias);
  const join = embed.inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
  const child = readSql(embed.node, p, joinConditions(parent.alias, embed));
  if (embed.toOne) return ` ${join} (${child}) AS ${agg} ON TRUE`;
  const aggregates = [`json_agg(${agg})::jsonb AS ${agg}`];
  if (embed.spread) {
    const names = spreadNames(embed);
    if (names !== '*') {
      aggregates.push(...names.map((n) => `COALESCE(json_agg(${agg}.${quoteIdent(n)}), '[]')::jsonb AS ${quoteIdent(n)}`));
    }
  }
  const condition = embed.inner ? `${agg}.${agg} IS NOT NULL` : 'TRUE';
  return ` ${join} (SELECT ${aggregates.join(', ')} FROM (${child}) AS ${agg}) AS ${agg} ON ${condition}`;
}

function whereSql(conditions: string[]): string {
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

/** The SELECT of one node of the embedding tree, with its embeds as lateral joins. */
export function readSql(node: ReadNode, p: Params, extraConditions: string[] = []): string {
  const qualifier = quoteIdent(node.alias);
  const selects = node.select.flatMap((f) => fieldSql(node, f, p));
  if (node.select.length === 0 && node.embeds.length === 0) {
    selects.push(...fieldSql(node, { ref: { column: '*', jsonPath: [], toJson: false, isTsVector: false } }, p));
  }
  selects.push(...node.embeds.flatMap(embedSelects));
  const joins = node.embeds.map((e) => lateralJoin(node, e, p)).join('');
  const conditions = [...node.where.map((w) => logicSql(qualifier, w, p, embedNullInQuery)), ...extraConditions];
  return `SELECT ${selects.join(', ')} FROM ${node.from} AS ${qualifier}${joins}${whereSql(conditions)}` +
    `${orderSql(qualifier, node.order, p)}${limitSql(node.range)}`;
}

/**
 * The rows a count counts: the top level's filters without limit, embeds only where they filter
 * (`!inner` and `rel=is.null`), as EXISTS rather than joins.
 */
export function countSql(node: ReadNode, p: Params, extraConditions: string[] = []): string {
  const qualifier = quoteIdent(node.alias);
  const embedByAlias = new Map(node.embeds.map((e) => [e.aggAlias, e]));
  const embedNull: EmbedNullSql = (item) => {
    const embed = embedByAlias.get(item.aggAlias) as EmbedNode;
    return `${item.isNull ? 'NOT ' : ''}EXISTS (${countSql(embed.node, p, joinConditions(node.alias, embed))})`;
  };
  const conditions = [
    ...node.where.map((w) => logicSql(qualifier, w, p, embedNull)),
    ...extraConditions,
    ...node.embeds.filter((e) => e.inner).map((e) => `EXISTS (${countSql(e.node, p, joinConditions(node.alias, e))})`),
  ];
  return `SELECT 1 FROM ${node.from} AS ${qualifier}${whereSql(conditions)}`;
}

export type BodyShape = 'rows' | 'scalar' | 'scalar-set' | 'single-composite' | 'none';

/** The JSON body of the response, aggregated in Postgres from the rows `_postgrest_t`. */
function bodySql(shape: BodyShape, media: MediaChoice): string {
  if (shape === 'none') return `''`;
  const strip = (sql: string) => (media.stripNulls ? `json_strip_nulls(${sql})` : sql);
  const value = shape === 'scalar' || shape === 'scalar-set' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const single = media.shape === 'object' || shape === 'scalar' || shape === 'single-composite';
  if (single) return `coalesce(${strip(`json_agg(${value})->0`)}, 'null')::text`;
  return `coalesce(${strip(`json_agg(${value})`)}, '[]')::text`;
}

function finalSelect(options: {
  source: string;
  count: string | null;
  rows: string;
  body: string;
  pageTotal?: string;
  inserted?: string;
}): string {
  const ctes = [`${SOURCE} AS (${options.source})`];
  if (options.count !== null) ctes.push(`pgrst_source_count AS (${options.count})`);
  const total = options.count === null ? 'null::bigint' : '(SELECT pg_catalog.count(*) FROM pgrst_source_count)';
  return `WITH ${ctes.join(', ')} SELECT ${total} AS total, ${options.pageTotal ?? 'pg_catalog.count(_postgrest_t)'} AS page_total, ` +
    `${options.body} AS body, ${options.inserted ?? 'null::bigint'} AS inserted FROM (${options.rows}) _postgrest_t`;
}

/** GET/HEAD on a table or view. */
export function readStatement(root: ReadNode, options: { count: boolean; media: MediaChoice; headersOnly: boolean }): Statement {
  const p = new Params();
  const source = readSql(root, p);
  const count = options.count ? countSql(root, p) : null;
  const body = bodySql(options.headersOnly ? 'none' : 'rows', options.media);
  return { sql: finalSelect({ source, count, rows: `SELECT * FROM ${SOURCE}`, body }), params: p.values };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export interface WriteBody {
  /** The JSON text as received. */
  json: string;
  /** An object inserts one row; an array one per element. */
  isObject: boolean;
}

/** The rows of a JSON body typed as the target columns: `pgrst_body`. */
function bodyRowsSql(body: WriteBody, columns: Column[], withDefaults: boolean, p: Params, limitOne = false): string {
  const payload = `(SELECT ${p.add(body.json)}::${withDefaults ? 'jsonb' : 'json'} AS json_data) pgrst_payload`;
  if (columns.length === 0) {
    const rows = body.isObject ? '(values(1)) _' : `json_array_elements(pgrst_payload.json_data::json) _`;
    return `${payload}, LATERAL (SELECT FROM ${rows}) pgrst_body`;
  }
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const typed = columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
  let defaults = '';
  let data = 'pgrst_payload.json_data';
  let prefix = 'json';
  if (withDefaults) {
    // Prefer: missing=default — keys absent from an object take the column default, not null.
    const pairs = columns
      .filter((c) => c.defaultExpression !== null)
      .map((c) => `${p.add(c.name)}::text, ${c.defaultExpression}`);
    const defaultsObject = `jsonb_build_object(${pairs.join(', ')})`;
    defaults = body.isObject
      ? `LATERAL (SELECT ${defaultsObject} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${defaultsObject} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `;
    data = 'pgrst_json_defs.val';
    prefix = 'jsonb';
  }
  const recordFunction = body.isObject ? `${prefix}_to_record` : `${prefix}_to_recordset`;
  const limit = limitOne ? ' LIMIT 1' : '';
  return `${payload}, ${defaults}LATERAL (SELECT ${names} FROM ${recordFunction}(${data}) AS _(${typed})${limit}) pgrst_body`;
}

export interface InsertOptions {
  table: string;
  columns: Column[];
  body: WriteBody;
  missingDefault: boolean;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  returning: boolean;
}

export function insertSql(options: InsertOptions, p: Params): string {
  const table = qualifiedName(options.table);
  const names = options.columns.map((c) => quoteIdent(c.name));
  const into = names.length === 0 ? '' : ` (${names.join(', ')})`;
  const values = options.columns.map((c) => `pgrst_body.${quoteIdent(c.name)}`).join(', ');
  let sql = `INSERT INTO ${table}${into} SELECT ${values} FROM ${bodyRowsSql(options.body, options.columns, options.missingDefault, p)}`;
  const conflict = options.onConflict;
  const merging = conflict?.resolution === 'merge-duplicates' && names.length > 0;
  if (conflict && conflict.columns.length > 0) {
    sql += ` ON CONFLICT (${conflict.columns.map(quoteIdent).join(', ')}) `;
    sql += merging ? `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}` : 'DO NOTHING';
  }
  const returned = options.returning ? `${table}.*` : '1';
  // xmax is 0 for a freshly inserted row and set for one updated by the conflict clause.
  return `${sql} RETURNING ${returned}${merging ? `, (${table}.xmax = 0) AS pgrst_inserted` : ''}`;
}

export function updateSql(table: string, columns: Column[], body: WriteBody, where: PlannedLogic[], returning: boolean, p: Params): string {
  const qualified = qualifiedName(table);
  if (columns.length === 0) {
    // Nothing to set: no row changes, but the statement keeps the table's columns for `select`.
    // The filters are not written, so their values must not be added as parameters either.
    return `SELECT ${returning ? `${qualified}.*` : '1'} FROM ${qualified} WHERE false`;
  }
  const conditions = where.map((w) => logicSql(qualified, w, p, embedNullInQuery));
  const assignments = columns.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(', ');
  // An array body updates with its first element, so each row is set exactly once.
  const from = bodyRowsSql(body, columns, false, p, true);
  return `UPDATE ${qualified} SET ${assignments} FROM ${from}${whereSql(conditions)} RETURNING ${returning ? `${qualified}.*` : '1'}`;
}

export function deleteSql(table: string, where: PlannedLogic[], returning: boolean, p: Params): string {
  const qualified = qualifiedName(table);
  const conditions = where.map((w) => logicSql(qualified, w, p, embedNullInQuery));
  return `DELETE FROM ${qualified}${whereSql(conditions)} RETURNING ${returning ? `${qualified}.*` : '1'}`;
}

/** A write and the read of the written rows (`select`, embeds) in one statement. */
export function writeStatement(
  write: (p: Params) => string,
  read: ReadNode | null,
  options: { media: MediaChoice; countInserted: boolean },
): Statement {
  const p = new Params();
  const source = write(p);
  const rows = read ? readSql(read, p) : `SELECT * FROM ${SOURCE}`;
  const body = bodySql(read ? 'rows' : 'none', options.media);
  const inserted = options.countInserted ? `(SELECT pg_catalog.count(*) FROM ${SOURCE} WHERE pgrst_inserted)` : undefined;
  return { sql: finalSelect({ source, count: null, rows, body, inserted }), params: p.values };
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

export type CallArguments =
  /** POST: a JSON object of named arguments. */
  | { kind: 'json'; json: string; params: RoutineParam[] }
  /** GET/HEAD: query-string values, cast to each parameter's type. */
  | { kind: 'text'; values: Map<string, string>; params: RoutineParam[] }
  /** POST to a function of one unnamed json/jsonb parameter: the whole body. */
  | { kind: 'whole-body'; json: string; param: RoutineParam };

function isScalar(routine: Routine): boolean {
  return routine.returns.kind !== 'composite';
}

/** The call in FROM: `pgrst_call` has the function's columns, or `pgrst_scalar` for a scalar. */
export function callSql(routine: Routine, args: CallArguments, p: Params): string {
  const fn = qualifiedName(routine.name);
  let from = '';
  let argumentList: string;
  switch (args.kind) {
    case 'whole-body':
      argumentList = `${p.add(args.json)}::${args.param.type}`;
      break;
    case 'text':
      // Typed as text and then cast, so Postgres itself reads the value (`::boolean` alone would
      // make the driver check a boolean in JavaScript, which PGlite does with an exception of its own).
      argumentList = args.params
        .map((param) => `${param.variadic ? 'VARIADIC ' : ''}${quoteIdent(param.name)} := ${p.add(args.values.get(param.name) ?? null)}::text::${param.type}`)
        .join(', ');
      break;
    case 'json': {
      argumentList = args.params
        .map((param) => `${param.variadic ? 'VARIADIC ' : ''}${quoteIdent(param.name)} := pgrst_body.${quoteIdent(param.name)}`)
        .join(', ');
      if (args.params.length > 0) {
        const typed = args.params.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
        const names = args.params.map((param) => quoteIdent(param.name)).join(', ');
        from = `(SELECT ${p.add(args.json)}::json AS json_data) pgrst_payload, ` +
          `LATERAL (SELECT ${names} FROM json_to_record(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body, LATERAL `;
      }
      break;
    }
  }
  const call = `${fn}(${argumentList})`;
  if (isScalar(routine)) return `SELECT pgrst_call.pgrst_scalar FROM ${from}(SELECT ${call} AS pgrst_scalar) pgrst_call`;
  return `SELECT pgrst_call.* FROM ${from}${call} pgrst_call`;
}

export function callStatement(
  routine: Routine,
  args: CallArguments,
  read: ReadNode,
  options: { count: boolean; media: MediaChoice },
): Statement {
  const p = new Params();
  const source = callSql(routine, args, p);
  const returns = routine.returns;
  // The body always reads the call's value, as PostgREST's does, even when the answer leaves it
  // out (void, HEAD): Postgres skips a select-list expression nothing reads, so a void or scalar
  // function would not run at all — no exception raised, no EXECUTE privilege checked.
  let shape: BodyShape;
  if (returns.kind === 'void') shape = 'scalar';
  else if (returns.kind === 'scalar') shape = returns.set ? 'scalar-set' : 'scalar';
  else shape = returns.set ? 'rows' : 'single-composite';
  const returnsSet = returns.kind !== 'void' && returns.set;
  const rows = readSql(read, p);
  const count = options.count ? countSql(read, p) : null;
  return {
    // A function returning one value answers one row, whatever the filters say.
    sql: finalSelect({ source, count, rows, body: bodySql(shape, options.media), pageTotal: returnsSet ? undefined : '1' }),
    params: p.values,
  };
}
