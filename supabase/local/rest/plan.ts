/**
 * Resolves a parsed request against the schema cache: every column checked, every embedded
 * resource matched to a foreign-key relationship, every filter, order and range placed on the node
 * of the embedding tree it belongs to. The result is a read plan tree that sql.ts turns into SQL
 * without consulting the schema again.
 */
import { RestError } from './errors.ts';
import { closestName, qualifiedName } from './names.ts';
import type { EmbedPath, QueryParams, RowRange } from './query.ts';
import { ALL_ROWS } from './query.ts';
import type { Column, Relation, Relationship, SchemaCache } from './schema.ts';
import { EXPOSED_SCHEMA } from './schema.ts';
import type { Field, Filter, JsonStep, LogicTree, Operation, OrderTerm, SelectEmbed, SelectField, SelectItem } from './syntax.ts';

/** A column reference as it will be rendered: `"alias"."col"`, maybe through to_jsonb and a JSON path. */
export interface ColumnRef {
  column: string;
  jsonPath: JsonStep[];
  /** The column is not json/jsonb, so a JSON path needs to_jsonb() around it. */
  toJson: boolean;
  isTsVector: boolean;
}

export interface PlannedField {
  /** `*` for every column. */
  ref: ColumnRef;
  cast?: string;
  /** The output key when it differs from the column's own name. */
  alias?: string;
}

export type PlannedLogic =
  | { kind: 'filter'; ref: ColumnRef; negated: boolean; operation: Operation }
  /** `rel=is.null` / `rel=not.is.null`: whether the embedded resource has rows. */
  | { kind: 'embed-null'; aggAlias: string; toMany: boolean; isNull: boolean }
  | { kind: 'group'; operator: 'and' | 'or'; negated: boolean; children: PlannedLogic[] };

export type PlannedOrder =
  | { kind: 'column'; ref: ColumnRef; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }
  /** A column of an embedded to-one resource, read from its lateral join. */
  | { kind: 'related'; aggAlias: string; ref: ColumnRef; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' };

export interface ReadNode {
  /** The name PostgREST reports this node by: the table, view or function. */
  name: string;
  /** The SQL alias its columns are qualified with. */
  alias: string;
  /** What follows FROM, without the alias. */
  from: string;
  /** Known columns; null when a function's result columns are unknown. */
  columns: Map<string, Column> | null;
  /** The relation whose relationships embeds can follow, if any. */
  relation?: string;
  select: PlannedField[];
  embeds: EmbedNode[];
  where: PlannedLogic[];
  order: PlannedOrder[];
  range: RowRange;
  depth: number;
  /** Write `*` as the known columns: the rows come from a RETURNING with extra bookkeeping columns. */
  expandStar: boolean;
}

export interface EmbedNode {
  node: ReadNode;
  relationship: Relationship;
  /** The key of the embedded value in the parent object. */
  outputName: string;
  /** The name of the lateral join in the parent query. */
  aggAlias: string;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** Selected for filtering only (`rel!inner()`): nothing goes into the output. */
  empty: boolean;
  /** The names given in the request: the relation (or hint target) and the alias. */
  requestedName: string;
  requestedAlias?: string;
}

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

function columnMissing(alias: string, column: string): RestError {
  return new RestError(400, '42703', `column ${alias}.${column} does not exist`);
}

function resolveField(node: ReadNode, field: Field): ColumnRef {
  const column = node.columns?.get(field.name);
  if (node.columns && !column && field.name !== '*') throw columnMissing(node.alias, field.name);
  const base = column?.baseType ?? '';
  return {
    column: field.name,
    jsonPath: field.jsonPath,
    toJson: field.jsonPath.length > 0 && base !== 'json' && base !== 'jsonb',
    isTsVector: base === 'tsvector',
  };
}

/** The output key of a selected field: its alias, the last JSON key of its path, or its name. */
function defaultAlias(field: Field): string | undefined {
  const last = field.jsonPath.at(-1);
  if (!last) return undefined;
  if (!last.index) return last.key;
  return [...field.jsonPath].reverse().find((step) => !step.index)?.key ?? field.name;
}

function planField(node: ReadNode, item: SelectField): PlannedField {
  if (item.aggregate) {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  const ref = resolveField(node, item.field);
  return { ref, cast: item.cast, alias: item.alias ?? defaultAlias(item.field) };
}

// ---------------------------------------------------------------------------------------------
// Relationships
// ---------------------------------------------------------------------------------------------

function singleColumn(relationship: Relationship, side: 0 | 1): string | undefined {
  return relationship.columns.length === 1 ? relationship.columns[0]?.[side] : undefined;
}

/** The relationships from `origin` that `target` (with an optional `!hint`) names, as PostgREST matches them. */
function matchRelationships(candidates: Relationship[], target: string, hint: string | undefined): Relationship[] {
  return candidates.filter((r) => {
    if (r.isSelf) {
      if (hint === undefined) {
        return (target === r.foreignTable && r.cardinality === 'one-to-many') ||
          (target === singleColumn(r, 0) && r.cardinality === 'many-to-one');
      }
      return target === r.foreignTable && r.cardinality === 'one-to-many' && hint === singleColumn(r, 1);
    }
    if (hint === undefined) {
      return target === r.foreignTable ||
        (!r.foreignIsView && (target === r.constraint || target === singleColumn(r, 0)));
    }
    return target === r.foreignTable &&
      (hint === r.constraint || hint === singleColumn(r, 0) || hint === singleColumn(r, 1));
  });
}

function relationshipError(schema: SchemaCache, origin: string, target: string, hint: string | undefined): RestError {
  const fromOrigin = schema.relationships.get(origin);
  let suggestion: string | undefined;
  if (fromOrigin) {
    const child = closestName(target, fromOrigin.map((r) => r.foreignTable));
    if (child && child !== target) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`;
  } else {
    const parent = closestName(origin, schema.relationships.keys());
    if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${origin}'.`;
  }
  return new RestError(400, 'PGRST200', `Could not find a relationship between '${origin}' and '${target}' in the schema cache`, {
    details: `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
    hint: suggestion,
  });
}

function ambiguityError(origin: string, target: string, matches: Relationship[]): RestError {
  const describe = (r: Relationship) => ({
    cardinality: r.cardinality,
    embedding: `${r.table} with ${r.foreignTable}`,
    relationship: `${r.constraint} using ${r.table}(${r.columns.map((c) => c[0]).join(', ')}) and ${r.foreignTable}(${r.columns.map((c) => c[1]).join(', ')})`,
  });
  return new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin}' and '${target}'`, {
    details: matches.map(describe),
    hint: `Try changing '${target}' to one of the following: ${matches.map((r) => `'${r.foreignTable}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  });
}

function findRelationship(schema: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  const matches = matchRelationships(schema.relationships.get(origin) ?? [], target, hint);
  if (matches.length === 1) return matches[0] as Relationship;
  if (matches.length === 0) throw relationshipError(schema, origin, target, hint);
  throw ambiguityError(origin, target, matches);
}

// ---------------------------------------------------------------------------------------------
// The read plan tree
// ---------------------------------------------------------------------------------------------

export interface RootSource {
  name: string;
  alias: string;
  from: string;
  columns: Map<string, Column> | null;
  relation?: string;
}

export function tableSource(relation: Relation): RootSource {
  return {
    name: relation.name,
    alias: relation.name,
    from: qualifiedName(relation.name),
    columns: relation.columns,
    relation: relation.name,
  };
}

function emptyNode(source: RootSource, depth: number): ReadNode {
  return {
    name: source.name,
    alias: source.alias,
    from: source.from,
    columns: source.columns,
    relation: source.relation,
    select: [],
    embeds: [],
    where: [],
    order: [],
    range: ALL_ROWS,
    depth,
    expandStar: false,
  };
}

function planSelect(schema: SchemaCache, node: ReadNode, items: SelectItem[]): void {
  const aggAliases = new Set<string>();
  for (const item of items) {
    if (item.kind === 'field') {
      node.select.push(planField(node, item));
      continue;
    }
    const embed = planEmbed(schema, node, item);
    // Two embeds under the same name would collide as lateral joins: number them apart.
    let aggAlias = embed.aggAlias;
    for (let n = 2; aggAliases.has(aggAlias); n++) aggAlias = `${embed.aggAlias}_${n}`;
    aggAliases.add(aggAlias);
    node.embeds.push({ ...embed, aggAlias });
  }
}

function planEmbed(schema: SchemaCache, parent: ReadNode, item: SelectEmbed): EmbedNode {
  const origin = parent.relation ?? parent.name;
  const relationship = findRelationship(schema, origin, item.name, item.hint);
  const target = schema.relations.get(relationship.foreignTable) as Relation;
  const depth = parent.depth + 1;
  const node = emptyNode(
    {
      name: target.name,
      alias: `${target.name}_${depth}`,
      from: qualifiedName(target.name),
      columns: target.columns,
      relation: target.name,
    },
    depth,
  );
  planSelect(schema, node, item.children);
  const outputName = item.alias ?? item.name;
  const toOne = relationship.cardinality !== 'one-to-many';
  return {
    node,
    relationship,
    outputName,
    aggAlias: `${parent.name}_${outputName}_${depth}`,
    toOne,
    inner: item.join === 'inner',
    spread: item.spread,
    empty: node.select.length === 0 && node.embeds.every((e) => e.empty),
    requestedName: item.name,
    requestedAlias: item.alias,
  };
}

/** The node an embed path leads to: each step names an embed by relation name or alias. */
function nodeAt(root: ReadNode, path: EmbedPath): ReadNode {
  let node = root;
  for (const step of path) {
    const next = node.embeds.find((e) => e.requestedName === step || e.requestedAlias === step);
    if (!next) {
      throw new RestError(400, 'PGRST108', `'${step}' is not an embedded resource in this request`, {
        hint: `Verify that '${step}' is included in the 'select' query parameter.`,
      });
    }
    node = next.node;
  }
  return node;
}

function planFilter(node: ReadNode, filter: Filter): PlannedLogic {
  const { field, operation, negated } = filter;
  // `rel=is.null` tests whether an embedded resource has rows, when `rel` is embedded here.
  if (field.jsonPath.length === 0 && operation.kind === 'is' && operation.value === 'null') {
    const embed = node.embeds.find((e) => (e.requestedAlias ?? e.requestedName) === field.name);
    if (embed) return { kind: 'embed-null', aggAlias: embed.aggAlias, toMany: !embed.toOne, isNull: !negated };
  }
  return { kind: 'filter', ref: resolveField(node, field), negated, operation };
}

function planLogic(node: ReadNode, tree: LogicTree): PlannedLogic {
  if (tree.kind === 'filter') return planFilter(node, tree.filter);
  return { kind: 'group', operator: tree.operator, negated: tree.negated, children: tree.children.map((t) => planLogic(node, t)) };
}

function planOrder(node: ReadNode, term: OrderTerm): PlannedOrder {
  const { direction, nulls } = term;
  if (term.relation === undefined) return { kind: 'column', ref: resolveField(node, term.field), direction, nulls };
  const embed = node.embeds.find((e) => (e.requestedAlias ?? e.requestedName) === term.relation);
  if (!embed) {
    throw new RestError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, {
      hint: `Verify that '${term.relation}' is included in the 'select' query parameter.`,
    });
  }
  if (!embed.toOne) {
    throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, {
      details: `'${node.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
    });
  }
  return { kind: 'related', aggAlias: embed.aggAlias, ref: resolveField(embed.node, term.field), direction, nulls };
}

/**
 * PostgREST's db-max-rows: every node of a read (embedded lists too) answers at most `maxRows`
 * rows from its own offset, whatever limit or Range was asked for; limit=0 stays empty. Only reads
 * and function results are capped, not the rows a write returns.
 */
export function capRows(node: ReadNode, maxRows: number | null): void {
  if (maxRows === null) return;
  const { offset, limit } = node.range;
  if (limit !== 0) node.range = { offset, limit: limit === null ? maxRows : Math.min(limit, maxRows) };
  for (const embed of node.embeds) capRows(embed.node, maxRows);
}

export interface ReadPlanOptions {
  /** Writes filter the written rows themselves; their read plan keeps only the embedded filters. */
  rootFilters: boolean;
  /** Writes return every written row; limit/offset do not apply to them. */
  ranges: boolean;
}

/** Builds the read plan tree for a table, view, function result or written rows. */
export function planRead(schema: SchemaCache, source: RootSource, params: QueryParams, options: ReadPlanOptions): ReadNode {
  const root = emptyNode(source, 0);
  planSelect(schema, root, params.select);

  for (const { path, filter } of params.filters) {
    if (path.length === 0 && !options.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(planFilter(node, filter));
  }
  for (const { path, tree } of params.logic) {
    if (path.length === 0 && !options.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(planLogic(node, tree));
  }
  for (const { path, terms } of params.order) {
    const node = nodeAt(root, path);
    node.order = terms.map((t) => planOrder(node, t));
  }
  if (options.ranges) {
    for (const [key, range] of params.ranges) {
      nodeAt(root, key === '' ? [] : key.split('.')).range = range;
    }
  }
  return root;
}

/** The filters of a write's own rows (top-level filters and logic trees), resolved on the table. */
export function planWriteFilters(relation: Relation, params: QueryParams): PlannedLogic[] {
  const node = emptyNode(tableSource(relation), 0);
  return [
    ...params.filters.filter(({ path }) => path.length === 0).map(({ filter }) => planFilter(node, filter)),
    ...params.logic.filter(({ path }) => path.length === 0).map(({ tree }) => planLogic(node, tree)),
  ];
}

/** The write's columns, each checked against the table: PGRST204 names an unknown one. */
export function resolveWriteColumns(relation: Relation, names: Iterable<string>): Column[] {
  const columns: Column[] = [];
  for (const name of names) {
    const column = relation.columns.get(name);
    if (!column) {
      throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
    }
    columns.push(column);
  }
  return columns;
}
