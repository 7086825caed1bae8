/**
 * The schema cache: what PostgREST learns from pg_catalog at startup — the exposed schema's tables
 * and views with their columns and keys, the foreign-key relationships between them (also through
 * simple views), and the functions callable at /rpc.
 *
 * Read once per database and kept; `clearSchemaCache()` forgets it (tests call it after changing
 * the schema) and a lookup of an unknown table or function reloads it once, rate-limited, so a
 * migration applied while the stand-in runs is picked up like PostgREST's schema reload.
 */
import type { Database, Queryable } from '../db.ts';

/** The only schema the stand-in exposes, as hosted Supabase exposes `public` by default. */
export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** The type as SQL accepts it, schema-qualified where needed: `numeric(10,2)`, `public.gender_category`. */
  type: string;
  /** The underlying type's name (domains resolved): `jsonb`, `tsvector`, `_uuid` for uuid[]. */
  baseType: string;
  nullable: boolean;
  /** The default expression, qualified; null without one. */
  defaultExpression: string | null;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique constraint (primary key included). */
  uniqueKeys: string[][];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one';

/** A way to embed `foreignTable` in `table`, from a foreign key in either direction. */
export interface Relationship {
  table: string;
  foreignTable: string;
  foreignIsView: boolean;
  constraint: string;
  /** Pairs of [column of table, column of foreignTable]. */
  columns: Array<[string, string]>;
  cardinality: Cardinality;
  isSelf: boolean;
}

export interface RoutineParam {
  /** Empty for an unnamed parameter. */
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export type RoutineReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; set: boolean; type: string }
  | { kind: 'composite'; set: boolean; columns: Map<string, Column>; relation?: string };

export interface Routine {
  name: string;
  params: RoutineParam[];
  returns: RoutineReturn;
  volatility: 'volatile' | 'stable' | 'immutable';
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  /** Relationships by the name of the table (or view) they start from. */
  relationships: Map<string, Relationship[]>;
  /** Overloads by function name. */
  routines: Map<string, Routine[]>;
}

// ---------------------------------------------------------------------------------------------
// Introspection queries. They run as the owner with search_path = pg_catalog, so format_type and
// pg_get_expr qualify every non-catalog name and the types can be pasted into SQL anywhere.
// ---------------------------------------------------------------------------------------------

const RELATIONS_SQL = `
  select c.oid::int8::text as oid, c.relname as name, c.relkind::text as kind, (n.nspname = $1) as exposed
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where (n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p', 'c'))
     or c.oid in (
       select t.typrelid from pg_proc p
       join pg_namespace pn on pn.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
       where pn.nspname = $1 and t.typrelid <> 0)`;

const COLUMNS_SQL = `
  select a.attrelid::int8::text as relation, a.attname as name,
         format_type(a.atttypid, a.atttypmod) as type,
         coalesce(bt.typname, t.typname)::text as base_type,
         not a.attnotnull as nullable,
         pg_get_expr(d.adbin, d.adrelid) as default_expression
  from pg_attribute a
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = any ($1::oid[]) and a.attnum > 0 and not a.attisdropped
  order by a.attrelid, a.attnum`;

const KEYS_SQL = `
  select con.conrelid::int8::text as relation, con.contype::text as type, con.conname as name,
         con.confrelid::int8::text as foreign_relation,
         array(select a.attname from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord)::text[] as columns,
         array(select a.attname from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)::text[] as foreign_columns
  from pg_constraint con
  where con.contype in ('p', 'u', 'f') and con.conrelid = any ($1::oid[])
    and (con.contype <> 'f' or con.confrelid = any ($1::oid[]))`;

// Which table columns each view reads, from the dependencies of its rewrite rule.
const VIEW_SOURCES_SQL = `
  select distinct r.ev_class::int8::text as view, d.refobjid::int8::text as source, a.attname as column
  from pg_rewrite r
  join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
    and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> r.ev_class
  join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
  where r.ev_class = any ($1::oid[])`;

const ROUTINES_SQL = `
  select p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
         rt.typname::text as return_typname, rt.typrelid::int8::text as return_relation,
         coalesce(p.proargnames, '{}')::text[] as arg_names,
         coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])) as arg_modes,
         array(select format_type(x.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality x(t, ord) order by x.ord)::text[] as arg_types,
         p.pronargdefaults::int as defaults
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f'
    and rt.typname not in ('trigger', 'event_trigger')`;

type RelationRow = { oid: string; name: string; kind: string; exposed: boolean }
type ColumnRow = {
  relation: string; name: string; type: string; base_type: string; nullable: boolean;
  default_expression: string | null;
}
type KeyRow = {
  relation: string; type: string; name: string; foreign_relation: string;
  columns: string[]; foreign_columns: string[];
}
type ViewSourceRow = { view: string; source: string; column: string }
type RoutineRow = {
  name: string; volatility: string; returns_set: boolean; return_type: string; return_typtype: string;
  return_typname: string; return_relation: string; arg_names: string[]; arg_modes: string[];
  arg_types: string[]; defaults: number;
}

function toColumn(row: ColumnRow): Column {
  return {
    name: row.name,
    type: row.type,
    baseType: row.base_type,
    nullable: row.nullable,
    defaultExpression: row.default_expression,
  };
}

/** Reads the schema cache from the database, as its owner. */
export async function introspect(db: Database): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    await tx.query(`set local search_path to pg_catalog`);
    return readSchema(tx);
  });
}

async function readSchema(tx: Queryable): Promise<SchemaCache> {
  const relationRows = (await tx.query<RelationRow>(RELATIONS_SQL, [EXPOSED_SCHEMA])).rows;
  const oids = relationRows.map((r) => r.oid);
  const oidList = `{${oids.join(',')}}`;
  const columnRows = (await tx.query<ColumnRow>(COLUMNS_SQL, [oidList])).rows;
  const keyRows = (await tx.query<KeyRow>(KEYS_SQL, [oidList])).rows;
  const viewRows = (await tx.query<ViewSourceRow>(VIEW_SOURCES_SQL, [oidList])).rows;
  const routineRows = (await tx.query<RoutineRow>(ROUTINES_SQL, [EXPOSED_SCHEMA])).rows;

  const columnsByOid = new Map<string, Map<string, Column>>();
  for (const row of columnRows) {
    const columns = columnsByOid.get(row.relation) ?? new Map<string, Column>();
    columns.set(row.name, toColumn(row));
    columnsByOid.set(row.relation, columns);
  }

  const relations = new Map<string, Relation>();
  const nameByOid = new Map<string, string>();
  for (const row of relationRows) {
    if (!row.exposed || row.kind === 'c') continue;
    nameByOid.set(row.oid, row.name);
    relations.set(row.name, {
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns: columnsByOid.get(row.oid) ?? new Map(),
      primaryKey: [],
      uniqueKeys: [],
    });
  }

  const foreignKeys: KeyRow[] = [];
  for (const key of keyRows) {
    const relation = relations.get(nameByOid.get(key.relation) ?? '');
    if (!relation) continue;
    if (key.type === 'p') relation.primaryKey = key.columns;
    if (key.type === 'p' || key.type === 'u') relation.uniqueKeys.push(key.columns);
    if (key.type === 'f' && nameByOid.has(key.foreign_relation)) foreignKeys.push(key);
  }

  const relationships = buildRelationships(foreignKeys, relations, nameByOid, viewColumnSources(viewRows, nameByOid, relations));
  const routines = buildRoutines(routineRows, columnsByOid, nameByOid);
  return { relations, relationships, routines };
}

// ---------------------------------------------------------------------------------------------
// Relationships
// ---------------------------------------------------------------------------------------------

/** For each view: which of its columns show which table's column under the same name. */
type ViewSources = Map<string, Map<string, Set<string>>>; // view → table → columns

function viewColumnSources(rows: ViewSourceRow[], nameByOid: Map<string, string>, relations: Map<string, Relation>): ViewSources {
  const sources: ViewSources = new Map();
  for (const row of rows) {
    const view = nameByOid.get(row.view);
    const table = nameByOid.get(row.source);
    if (!view || !table || !relations.get(view)?.columns.has(row.column)) continue;
    const byTable = sources.get(view) ?? new Map<string, Set<string>>();
    const columns = byTable.get(table) ?? new Set<string>();
    columns.add(row.column);
    byTable.set(table, columns);
    sources.set(view, byTable);
  }
  return sources;
}

/** The table itself and every view that shows all of `columns` from it. */
function tableAndViewsShowing(table: string, columns: string[], views: ViewSources): string[] {
  const names = [table];
  for (const [view, byTable] of views) {
    const shown = byTable.get(table);
    if (shown && columns.every((c) => shown.has(c))) names.push(view);
  }
  return names;
}

function isUnique(relation: Relation | undefined, columns: string[]): boolean {
  if (!relation) return false;
  return relation.uniqueKeys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c)));
}

function buildRelationships(
  foreignKeys: KeyRow[],
  relations: Map<string, Relation>,
  nameByOid: Map<string, string>,
  views: ViewSources,
): Map<string, Relationship[]> {
  const byTable = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    const list = byTable.get(relationship.table) ?? [];
    list.push(relationship);
    byTable.set(relationship.table, list);
  };
  for (const key of foreignKeys) {
    const table = nameByOid.get(key.relation) as string;
    const foreignTable = nameByOid.get(key.foreign_relation) as string;
    const pairs = key.columns.map((c, i): [string, string] => [c, key.foreign_columns[i] ?? '']);
    // A foreign key on unique columns makes each side have at most one row of the other.
    const oneToOne = isUnique(relations.get(table), key.columns);
    for (const origin of tableAndViewsShowing(table, key.columns, views)) {
      for (const target of tableAndViewsShowing(foreignTable, key.foreign_columns, views)) {
        const isSelf = origin === target;
        const common = { constraint: key.name, isSelf };
        add({
          ...common,
          table: origin,
          foreignTable: target,
          foreignIsView: relations.get(target)?.kind === 'view',
          columns: pairs,
          cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        });
        add({
          ...common,
          table: target,
          foreignTable: origin,
          foreignIsView: relations.get(origin)?.kind === 'view',
          columns: pairs.map(([a, b]): [string, string] => [b, a]),
          cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        });
      }
    }
  }
  return byTable;
}

// ---------------------------------------------------------------------------------------------
// Routines
// ---------------------------------------------------------------------------------------------

const VOLATILITY = { v: 'volatile', s: 'stable', i: 'immutable' } as const;

function buildRoutines(
  rows: RoutineRow[],
  columnsByOid: Map<string, Map<string, Column>>,
  nameByOid: Map<string, string>,
): Map<string, Routine[]> {
  const routines = new Map<string, Routine[]>();
  for (const row of rows) {
    const inputs: number[] = [];
    const outputs: number[] = [];
    row.arg_modes.forEach((mode, i) => {
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(i);
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(i);
    });
    const firstDefault = inputs.length - row.defaults;
    const params = inputs.map((i, n): RoutineParam => ({
      name: row.arg_names[i] ?? '',
      type: row.arg_types[i] ?? 'unknown',
      required: n < firstDefault,
      variadic: row.arg_modes[i] === 'v',
    }));

    let returns: RoutineReturn;
    if (row.return_typname === 'void') {
      returns = { kind: 'void' };
    } else if (row.return_typtype === 'c') {
      returns = {
        kind: 'composite',
        set: row.returns_set,
        columns: columnsByOid.get(row.return_relation) ?? new Map(),
        relation: nameByOid.get(row.return_relation),
      };
    } else if (row.return_typname === 'record' && outputs.length > 0) {
      const columns = new Map<string, Column>();
      for (const i of outputs) {
        const name = row.arg_names[i] ?? '';
        const type = row.arg_types[i] ?? 'unknown';
        columns.set(name, { name, type, baseType: type.replace(/^.*\./, ''), nullable: true, defaultExpression: null });
      }
      returns = { kind: 'composite', set: row.returns_set, columns };
    } else {
      returns = { kind: 'scalar', set: row.returns_set, type: row.return_type };
    }

    const list = routines.get(row.name) ?? [];
    list.push({ name: row.name, params, returns, volatility: VOLATILITY[row.volatility as keyof typeof VOLATILITY] ?? 'volatile' });
    routines.set(row.name, list);
  }
  return routines;
}

// ---------------------------------------------------------------------------------------------
// The cache
// ---------------------------------------------------------------------------------------------

interface CacheEntry {
  generation: number;
  schema: Promise<SchemaCache>;
  /** When a lookup miss caused this load; undefined for a first or cleared load. */
  loadedOnMissAt?: number;
}

const caches = new WeakMap<Database, CacheEntry>();
let generation = 0;
/** Misses reload the cache at most this often, so unknown names cannot hammer pg_catalog. */
const MISS_RELOAD_INTERVAL_MS = 1000;

function load(db: Database, loadedOnMissAt?: number): CacheEntry {
  const entry: CacheEntry = { generation, schema: introspect(db), loadedOnMissAt };
  caches.set(db, entry);
  // A failed load must not stick: the next request tries again.
  entry.schema.catch(() => {
    if (caches.get(db) === entry) caches.delete(db);
  });
  return entry;
}

/** The schema cache of a database, read on first use. */
export function getSchemaCache(db: Database): Promise<SchemaCache> {
  const entry = caches.get(db);
  if (entry && entry.generation === generation) return entry.schema;
  return load(db).schema;
}

/** Forgets every cached schema, e.g. after migrations; the next request reads pg_catalog again. */
export function clearSchemaCache(): void {
  generation++;
}

/**
 * Reloads the cache after a lookup missed (a table or function created since it was read), unless
 * another miss reloaded it within the last second. Returns the fresh cache, or undefined.
 */
export async function reloadAfterMiss(db: Database, now = Date.now()): Promise<SchemaCache | undefined> {
  const entry = caches.get(db);
  if (entry?.loadedOnMissAt !== undefined && now - entry.loadedOnMissAt < MISS_RELOAD_INTERVAL_MS) return undefined;
  return load(db, now).schema;
}
