/**
 * Generates src/lib/database.types.ts — the `Database` type supabase-js is parameterised with —
 * from the migrated schema, in the shape `supabase gen types typescript` produces (which needs
 * Docker and the network; this needs neither).
 *
 *   node scripts/gen-db-types.ts          regenerate (run after changing a migration)
 *   node scripts/gen-db-types.ts --check  fail if the committed file is out of date
 */
import { readFile, writeFile } from 'node:fs/promises';
import { openPglite, type Database } from '../supabase/local/db.ts';
import { migrate } from '../supabase/local/migrate.ts';

const OUTPUT = new URL('../src/lib/database.types.ts', import.meta.url).pathname;

interface ColumnInfo {
  relation: string;
  kind: 'r' | 'v';
  name: string;
  /** The type, or the element type of an array. */
  type: string;
  is_array: boolean;
  nullable: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

interface EnumInfo {
  name: string;
  labels: string[];
}

interface ForeignKey {
  relation: string;
  name: string;
  columns: string[];
  referenced: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionInfo {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  defaults: number;
  returns_set: boolean;
  result_type: string;
  result_element: string | null;
}

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  time: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  interval: 'string',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
};

function tsType(type: string, element: string | null, enums: Set<string>): string {
  if (element) return `${tsType(element, null, enums)}[]`;
  if (enums.has(type)) return `Database['public']['Enums']['${type}']`;
  return SCALARS[type] ?? 'unknown';
}

const field = (name: string, type: string, optional = false) =>
  `${/^[a-z_][a-z0-9_]*$/.test(name) ? name : JSON.stringify(name)}${optional ? '?' : ''}: ${type}`;

async function introspect(db: Database) {
  const enums = (
    await db.query<EnumInfo>(`
      select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid
      join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' group by t.typname order by t.typname`)
  ).rows;
  const columns = (
    await db.query<ColumnInfo>(`
      select c.relname as relation, c.relkind as kind, a.attname as name,
             coalesce(et.typname, t.typname) as type, et.oid is not null as is_array,
             not a.attnotnull as nullable, a.atthasdef as has_default,
             a.attidentity as identity, a.attgenerated as generated
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      where n.nspname = 'public' and c.relkind in ('r', 'v')
      order by c.relname, a.attnum`)
  ).rows;
  const foreignKeys = (
    await db.query<ForeignKey>(`
      select c.relname as relation, con.conname as name,
             array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
             r.relname as referenced,
             array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
             exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                     and i.indkey::int2[] @> con.conkey and cardinality(i.indkey::int2[]) = cardinality(con.conkey)) as one_to_one
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class r on r.oid = con.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_namespace rn on rn.oid = r.relnamespace
      where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
      order by c.relname, con.conname`)
  ).rows;
  const functions = (
    await db.query<FunctionInfo>(`
      select p.proname as name, p.proargnames as arg_names,
             array(select coalesce(et.typname || '[]', t.typname)
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(oid, i)
                   join pg_type t on t.oid = a.oid
                   left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
                   order by a.i) as arg_types,
             p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults, p.proretset as returns_set,
             coalesce(ret_elem.typname, ret.typname) as result_type,
             case when ret_elem.oid is not null then ret_elem.typname end as result_element
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type ret on ret.oid = p.prorettype
      left join pg_type ret_elem on ret_elem.oid = ret.typelem and ret.typcategory = 'A'
      where n.nspname = 'public' and p.prokind = 'f' and ret.typname <> 'trigger'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`)
  ).rows;
  return { enums, columns, foreignKeys, functions };
}

function render({ enums, columns, foreignKeys, functions }: Awaited<ReturnType<typeof introspect>>): string {
  const enumNames = new Set(enums.map((e) => e.name));
  const relations = [...new Set(columns.map((c) => c.relation))];
  const rowType = (type: string): string => {
    const [base, array] = type.endsWith('[]') ? [type.slice(0, -2), '[]'] : [type, ''];
    return `${tsType(base, null, enumNames)}${array}`;
  };

  const relationBlock = (name: string, kind: 'r' | 'v') => {
    const cols = columns.filter((c) => c.relation === name);
    const type = (c: ColumnInfo) =>
      tsType(c.type, c.is_array ? c.type : null, enumNames) + (c.nullable ? ' | null' : '');
    const row = cols.map((c) => field(c.name, type(c)));
    const fks = foreignKeys
      .filter((f) => f.relation === name)
      .map(
        (f) =>
          `{ foreignKeyName: ${JSON.stringify(f.name)}; columns: ${JSON.stringify(f.columns)}; isOneToOne: ${f.one_to_one}; referencedRelation: ${JSON.stringify(f.referenced)}; referencedColumns: ${JSON.stringify(f.referenced_columns)} }`,
      );
    const lines = [`Row: { ${row.join('; ')} }`];
    if (kind === 'r') {
      const writable = (c: ColumnInfo) => (c.identity === 'a' || c.generated === 's' ? 'never' : type(c));
      const optional = (c: ColumnInfo) => c.nullable || c.has_default || c.identity !== '' || c.generated !== '';
      lines.push(`Insert: { ${cols.map((c) => field(c.name, writable(c), optional(c))).join('; ')} }`);
      lines.push(`Update: { ${cols.map((c) => field(c.name, writable(c), true)).join('; ')} }`);
    }
    lines.push(`Relationships: [${fks.join(', ')}]`);
    return `      ${name}: {\n        ${lines.join('\n        ')}\n      }`;
  };

  const functionBlock = (f: FunctionInfo) => {
    const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
    const names = f.arg_names ?? [];
    const inputs = f.arg_types.map((type, i) => ({ type, name: names[i] ?? `arg${i}`, mode: modes[i] }))
      .filter((a) => a.mode === 'i' || a.mode === 'b');
    const outputs = f.arg_types.map((type, i) => ({ type, name: names[i] ?? `col${i}`, mode: modes[i] }))
      .filter((a) => a.mode === 't' || a.mode === 'o');
    const firstDefault = inputs.length - f.defaults;
    const args = inputs.map((a, i) => field(a.name, rowType(a.type), i >= firstDefault));
    let returns: string;
    if (outputs.length > 0) returns = `{ ${outputs.map((o) => field(o.name, rowType(o.type))).join('; ')} }[]`;
    else if (relations.includes(f.result_type)) returns = `Database['public']['Tables']['${f.result_type}']['Row']${f.returns_set ? '[]' : ''}`;
    else returns = tsType(f.result_type, f.result_element, enumNames) + (f.returns_set ? '[]' : '');
    return `      ${f.name}: { Args: ${args.length ? `{ ${args.join('; ')} }` : 'Record<PropertyKey, never>'}; Returns: ${returns} }`;
  };

  const tables = relations.filter((r) => columns.find((c) => c.relation === r)?.kind === 'r');
  const views = relations.filter((r) => columns.find((c) => c.relation === r)?.kind === 'v');
  return `// Generated by scripts/gen-db-types.ts from supabase/migrations. Do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  __InternalSupabase: { PostgrestVersion: '12' };
  public: {
    Tables: {
${tables.map((t) => relationBlock(t, 'r')).join('\n')}
    };
    Views: {
${views.map((v) => relationBlock(v, 'v')).join('\n')}
    };
    Functions: {
${functions.map(functionBlock).join('\n')}
    };
    Enums: {
${enums.map((e) => `      ${e.name}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`).join('\n')}
    };
    CompositeTypes: Record<PropertyKey, never>;
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Views<T extends keyof PublicSchema['Views']> = PublicSchema['Views'][T]['Row'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];
export type FunctionReturns<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Returns'];
`;
}

const db = await openPglite();
try {
  await migrate(db);
  const text = render(await introspect(db));
  if (process.argv.includes('--check')) {
    const current = await readFile(OUTPUT, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('src/lib/database.types.ts is out of date: run `npm run db:types`.');
      process.exitCode = 1;
    }
  } else {
    await writeFile(OUTPUT, text);
    console.log(`wrote ${OUTPUT}`);
  }
} finally {
  await db.close();
}
