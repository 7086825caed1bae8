/**
 * Property-based tests of the stand-in's /rest/v1 query parser and planner, over the demo shop:
 * select, filters of every operator, or/and trees, not., is., in.(), order, limit/offset, Range,
 * Prefer and Accept, built both from PostgREST's grammar and from random text, as a visitor, a
 * shopper and the service role.
 *
 * Never a 5xx; an error is PostgREST's `{ code, message, details, hint }`; and row-level security
 * holds however the request is written: a visitor or shopper never receives a hidden category (or
 * its subcategories, or it embedded in a blog or quiz), another user's wishlist or profile, or a
 * click row; counts never include them; and writes change nothing but the shopper's own rows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from '../../supabase/seed/accounts.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';
import { deepNesting, fuzzOptions, fuzzTimeout, hostileText, wrongType } from './arbitraries.ts';
import { expectPostgrestAnswer, fingerprint, publicTables, rest, sessionToken, type RestAnswer } from './postgrest.ts';

const RUNS = 50;
const TIMEOUT = fuzzTimeout(RUNS, 300);

let shop: DemoShop;
let tables: string[];
/** Tables and views with their columns. */
let relations: Map<string, string[]>;
let shopperToken: string;
let shopperId: string;
let otherId: string;
let hiddenCategories: Set<string>;
/** Values worth filtering by: the hidden ids, the users, booleans, names. */
let interesting: string[];
/** A few stored values of each column, as text, keyed `relation.column`. */
const samples = new Map<string, string[]>();
/** information_schema's data_type of each column, keyed `relation.column`. */
const columnTypes = new Map<string, string>();

/** The values a tame filter on a column of this type uses besides the column's own: the secrets. */
function secretsOfType(type: string): string[] {
  if (type === 'uuid') return [...hiddenCategories, shopperId, otherId];
  if (type === 'boolean') return ['true', 'false'];
  if (type === 'text') return ['Fuzz Secret', '*Secret*', '*'];
  return [];
}

beforeAll(async () => {
  shop = await openDemoShop();
  tables = await publicTables(shop);
  const columns = await shop.sql<{ relation: string; column: string; type: string }>(
    `select table_name as relation, column_name as column, data_type as type from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  relations = new Map();
  for (const { relation, column, type } of columns) {
    relations.set(relation, [...(relations.get(relation) ?? []), column]);
    columnTypes.set(`${relation}.${column}`, type);
  }

  shopperToken = await sessionToken(shop, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  [shopperId = ''] = (await shop.sql<{ id: string }>('select id from auth.users where email = $1', [DEMO_SHOPPER_EMAIL])).map((r) => r.id);
  const other = await shop.newUser();
  otherId = other.userId;
  const products = (await shop.sql<{ id: string }>('select id from public.products order by id limit 3')).map((r) => r.id);
  await other.client.rpc('merge_guest_likes', { product_ids: products });

  // Something to leak: the hidden category with a subcategory, a blog and a quiz in it, and clicks.
  const [hidden] = await shop.sql<{ id: string; name: string }>('select id, name from public.categories where not visible limit 1');
  if (!hidden) throw new Error('the demo shop has no hidden category');
  await shop.sql(`insert into public.categories (name, visible, type) values ('Fuzz Secret', false, '{product,blog,quiz}')`);
  const [secret] = await shop.sql<{ id: string }>(`select id from public.categories where name = 'Fuzz Secret'`);
  await shop.sql(`insert into public.subcategories (category_id, name) values ($1, 'Fuzz Secret Sub')`, [secret?.id]);
  await shop.sql(`insert into public.blogs (title, category_id) values ('Fuzz Secret Blog', $1)`, [secret?.id]);
  await shop.sql(
    `insert into public.quizzes (title, description, category_id, questions) values ('Fuzz Secret Quiz', 'x', $1, $2::jsonb)`,
    [secret?.id, JSON.stringify([{ id: 'q', text: 'Q', options: [{ text: 'A', personalities: [] }, { text: 'B', personalities: [] }] }])],
  );
  hiddenCategories = new Set((await shop.sql<{ id: string }>('select id from public.categories where not visible')).map((r) => r.id));
  const visible = (await shop.sql<{ id: string }>('select id from public.categories where visible limit 2')).map((r) => r.id);
  interesting = [...hiddenCategories, ...visible, hidden.name, 'Fuzz Secret', shopperId, otherId, ...products, 'true', 'false', 'null', 'for_him', '0', '1', '-1'];
  for (const [relation, names] of relations) {
    for (const column of names) {
      const rows = await shop.sql<{ v: string | null }>(`select distinct ${JSON.stringify(column)}::text as v from public.${JSON.stringify(relation)} limit 4`);
      samples.set(`${relation}.${column}`, rows.map((r) => r.v).filter((v): v is string => v !== null && v.length < 200));
    }
  }
});

afterAll(async () => {
  await shop?.close();
});

// ---------------------------------------------------------------------------------------------
// The grammar
// ---------------------------------------------------------------------------------------------

type Param = [string, string];

const relationName = () => fc.constantFrom(...relations.keys());
const jsonPath = fc
  .array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(fc.nat(3).map(String), fc.constantFrom('a', 'name', 'text', '"x y"'))), { maxLength: 2 })
  .map((steps) => steps.map(([arrow, key]) => arrow + key).join(''));
const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj',
  'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'fts(english)', 'wfts(simple)', 'eq(any)', 'like(all)', 'ilike(any)', 'gt(all)',
] as const;
const PLAIN_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'isdistinct'] as const;
const CASTS = ['text', 'int', 'bigint', 'json', 'jsonb', 'boolean', 'date', 'uuid', 'numeric', 'tsvector', 'regclass', 'void', 'int[]', 'bytea', 'double precision', 'pg_node_tree', 'text[]', 'no_such_type'];
const quoted = (v: string) => (/[,()"]/.test(v) ? `"${v.replace(/"/g, '\\"')}"` : v);
const rangeNumber = fc.oneof(fc.integer({ min: -5, max: 60 }).map(String), fc.integer().map(String), fc.constantFrom('99999999999999999999', '1e3', 'abc', ''));

/**
 * PostgREST's grammar over the demo schema. Wild: hostile names, values, casts and embeds
 * everywhere, so most requests are refused somewhere in the parser or planner. Tame: real
 * columns and plausible values (the hidden ids, the users, booleans), so most requests run and
 * row-level security has to hold on real answers.
 */
function grammar(wild: boolean) {
  const mix = <T>(tame: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>) => (wild ? fc.oneof({ weight: 6, arbitrary: tame }, { weight: 1, arbitrary: hostile }) : tame);
  const columnOf = (relation: string) => mix(fc.constantFrom(...(relations.get(relation) ?? ['id'])), hostileText);
  const path = wild ? jsonPath : fc.constant('');
  const value = wild
    ? fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...interesting) },
      { weight: 3, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.integer().map(String) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom('{}', '{a,b}', '[1,2]', '{"a":1}', '(1,2)', '[2026-01-01,2026-12-31)', '*', '%') },
      { weight: 1, arbitrary: deepNesting },
    )
    : fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...interesting, '*Secret*', '*') }, { weight: 1, arbitrary: fc.integer({ min: -1, max: 100 }).map(String) });
  const operator = wild ? fc.constantFrom(...OPERATORS) : fc.constantFrom(...PLAIN_OPERATORS);
  /** Tame values are the column's own, or the interesting ones; wild ones anything. */
  const valueOf = (relation: string, column: string) => {
    const own = [...(samples.get(`${relation}.${column}`) ?? []), ...secretsOfType(columnTypes.get(`${relation}.${column}`) ?? '')];
    return wild || own.length === 0 ? value : fc.constantFrom(...own);
  };
  const expressionOf = (value: fc.Arbitrary<string>, type = '') => fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.boolean(), wild || type === 'text' ? operator : fc.constantFrom('eq', 'neq', 'gt', 'lte', 'isdistinct'), value).map(([not, op, v]) => `${not ? 'not.' : ''}${op}.${v}`) },
    { weight: 2, arbitrary: fc.tuple(fc.boolean(), fc.array(value, { maxLength: 4 })).map(([not, vs]) => `${not ? 'not.' : ''}in.(${vs.map(quoted).join(',')})`) },
    { weight: 2, arbitrary: fc.tuple(fc.boolean(), fc.constantFrom('null', 'not_null', ...(wild || type === 'boolean' ? ['true', 'false', 'unknown'] : []), ...(wild ? ['NULL', 'maybe'] : []))).map(([not, v]) => `${not ? 'not.' : ''}is.${v}`) },
    ...(wild ? [{ weight: 1, arbitrary: hostileText }] : []),
  );
  /** `column<path>` and an expression on it, as a filter key and value. */
  const condition = (relation: string) =>
    fc.tuple(columnOf(relation), path).chain(([c, p]) => expressionOf(valueOf(relation, c), columnTypes.get(`${relation}.${c}`)).map((e): Param => [`${c}${p}`, e]));

  function logicTree(relation: string): fc.Arbitrary<string> {
    const leaf = condition(relation).map(([c, e]) => `${c}.${e}`);
    const { tree } = fc.letrec<{ tree: string; group: string }>((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('group')),
      group: fc
        .tuple(fc.boolean(), fc.constantFrom('and', 'or'), fc.array(tie('tree'), { minLength: 1, maxLength: 3 }))
        .map(([not, op, kids]) => `${not ? 'not.' : ''}${op}(${kids.join(',')})`),
    }));
    return tree;
  }

  function selectItem(relation: string): fc.Arbitrary<string> {
    const col = columnOf(relation);
    if (!wild) {
      const embeds = fc.constantFrom('categories(id,name)', 'subcategories(*)', 'writers(name)', 'blogs(id)', 'products(id)', 'categories!inner(id)', '...categories(name)');
      return fc.oneof(col, fc.constant('*'), col.map((c) => `${c}::text`), col.map((c) => `renamed:${c}`), embeds);
    }
    return fc.oneof(
      { weight: 4, arbitrary: col },
      { weight: 1, arbitrary: fc.constant('*') },
      { weight: 1, arbitrary: fc.tuple(hostileText, col).map(([alias, c]) => `${alias}:${c}`) },
      { weight: 1, arbitrary: fc.tuple(col, fc.constantFrom(...CASTS)).map(([c, t]) => `${c}::${t}`) },
      { weight: 1, arbitrary: fc.tuple(col, jsonPath).map(([c, p]) => c + p) },
      { weight: 1, arbitrary: fc.constantFrom('count()', 'id.count()', 'price.sum()') },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom('', '...', 'alias:'), relationName(), fc.constantFrom('', '!inner', '!left', '!category_id', '!no_such_fkey'), fc.constantFrom('*', 'id', 'id,name', 'name', ''))
          .map(([prefix, rel, hint, cols]) => `${prefix}${rel}${hint}(${cols})`),
      },
      { weight: 1, arbitrary: hostileText },
    );
  }

  const orderTerm = (relation: string) => fc
    .tuple(wild ? fc.option(relationName(), { nil: undefined, freq: 5 }) : fc.constant(undefined), columnOf(relation), fc.constantFrom('', '.asc', '.desc', ...(wild ? ['.sideways'] : [])), fc.constantFrom('', '.nullsfirst', '.nullslast'))
    .map(([rel, c, dir, nulls]) => `${rel ? `${rel}(${c})` : c}${dir}${nulls}`);

  /** Parameters of a read: select, filters, trees, order, limits, some aimed at an embed (`embeds`). */
  function readParams(relation: string, select: fc.Arbitrary<string>, embeds: string[] = []): fc.Arbitrary<Param[]> {
    const embed = wild ? fc.option(relationName(), { nil: undefined, freq: 6 }) : embeds.length ? fc.option(fc.constantFrom(...embeds), { nil: undefined, freq: 3 }) : fc.constant(undefined);
    // A tame filter on the embedded category uses the category's columns.
    const filter = embed.chain((e) => condition(e === 'rls_category' ? 'categories' : relation).map(([c, x]): Param => [`${e ? `${e}.` : ''}${c}`, x]));
    const logicKey = fc.constantFrom('or', 'and', 'not.or', 'not.and', ...(wild ? ['categories.or'] : embeds.map((e) => `${e}.or`)));
    const logic = fc.tuple(logicKey, fc.array(logicTree(relation), { minLength: 1, maxLength: 3 }))
      .map(([k, trees]): Param => [k, `(${trees.join(',')})`]);
    const order = fc.array(orderTerm(relation), { minLength: 1, maxLength: 2 }).map((terms): Param => ['order', terms.join(',')]);
    const limits = fc.tuple(fc.constantFrom('limit', 'offset', ...(wild ? ['categories.limit'] : [])), wild ? rangeNumber : fc.nat(20).map(String)).map(([k, v]): Param => [k, v]);
    return fc.tuple(select, fc.array(filter, { maxLength: wild ? 3 : 2 }), fc.array(logic, { maxLength: wild ? 2 : 1 }), fc.option(order, { nil: undefined }), fc.array(limits, { maxLength: 2 }))
      .map(([s, filters, trees, ord, lims]) => [['select', s] as Param, ...filters, ...trees, ...(ord ? [ord] : []), ...lims]);
  }

  const select = (relation: string) => fc.array(selectItem(relation), { maxLength: wild ? 4 : 2 }).map((items) => items.join(','));
  return { readParams, select };
}

let wild: ReturnType<typeof grammar>;
let tame: ReturnType<typeof grammar>;
beforeAll(() => {
  wild = grammar(true);
  tame = grammar(false);
});

/** Random text where the grammar expects structure. */
const rawParams: fc.Arbitrary<Param[]> = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'columns', 'on_conflict', 'id', 'name', 'visible', 'categories.name', 'apikey'), hostileText), fc.oneof(hostileText, deepNesting, wrongType.map((v) => JSON.stringify(v) ?? ''))),
  { maxLength: 4 },
);

/** Header values are bytes: fetch refuses characters past U+00FF, so those become '?'. */
const headerText = hostileText.map((text) => text.replace(/[^\u0000-\u00ff]/g, '?').replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' '));

const headers = fc.record({
  range: fc.option(fc.oneof(fc.tuple(fc.nat(40), fc.nat(40)).map(([a, b]) => `${a}-${b}`), fc.nat(40).map((a) => `${a}-`), headerText), { nil: undefined }),
  prefer: fc.option(fc.constantFrom('count=exact', 'count=planned', 'count=estimated', 'return=representation', 'handling=strict, nonsense', 'count=exact, handling=lenient', 'max-affected=1'), { nil: undefined }),
  accept: fc.option(fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.array+json;nulls=stripped', 'text/csv', '*/*', 'application/json;q=0'), { nil: undefined }),
}, { requiredKeys: [] });

/** Headers that let the request run: a count, maybe a range. */
const tameHeaders = fc.record({
  range: fc.option(fc.tuple(fc.nat(10), fc.nat(20)).map(([a, b]) => `${a}-${a + b}`), { nil: undefined }),
  prefer: fc.option(fc.constant('count=exact'), { nil: undefined }),
}, { requiredKeys: [] });

type Role = 'anon' | 'shopper' | 'service';

/** A path segment, with unpaired surrogates made U+FFFD first (encodeURIComponent throws on them). */
const segment = (name: string) => encodeURIComponent(name.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
const tokenOf = (role: Role) => (role === 'shopper' ? shopperToken : role === 'service' ? shop.standIn.serviceKey : undefined);

async function read(relation: string, params: Param[], role: Role, extra: { range?: string; prefer?: string; accept?: string }, method = 'GET'): Promise<RestAnswer> {
  const search = new URLSearchParams(params);
  const h: Record<string, string> = {};
  if (extra.range !== undefined) h.range = extra.range;
  if (extra.prefer !== undefined) h.prefer = extra.prefer;
  if (extra.accept !== undefined) h.accept = extra.accept;
  const answer = await rest(shop, `${segment(relation)}?${search}`, { method, token: tokenOf(role), headers: h });
  expectPostgrestAnswer(answer, `${role} ${method} ${relation}?${decodeURIComponent(search.toString()).slice(0, 300)}`);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// What a visitor or shopper must never see
// ---------------------------------------------------------------------------------------------

interface Secret {
  /** The column a row is judged by, selected under the alias rls_key. */
  column: string;
  hidden(value: unknown, role: Role): boolean;
}

const userOf = (role: Role) => (role === 'shopper' ? shopperId : null);

const SECRETS: Record<string, Secret> = {
  categories: { column: 'id', hidden: (v) => hiddenCategories.has(String(v)) },
  subcategories: { column: 'category_id', hidden: (v) => hiddenCategories.has(String(v)) },
  blogs: { column: 'id', hidden: () => false },
  quizzes: { column: 'id', hidden: () => false },
  liked_products: { column: 'user_id', hidden: (v, role) => v !== userOf(role) },
  profiles: { column: 'id', hidden: (v, role) => v !== userOf(role) },
  click_events: { column: 'item_id', hidden: () => true },
  clicks_daily: { column: 'item_id', hidden: () => true },
  analytics: { column: 'item_id', hidden: () => true },
};

/** Tables whose rows can embed their category (to-one): a hidden one must come back as null. */
const EMBEDS_CATEGORY = new Set(['subcategories', 'blogs', 'quizzes']);

function rowsOf(answer: RestAnswer): Array<Record<string, unknown>> {
  if (answer.status >= 300 || answer.text === '') return [];
  const body = JSON.parse(answer.text) as unknown;
  return (Array.isArray(body) ? body : [body]).filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object');
}

/** How many rows of the relation the role may see at all. */
async function visibleCount(relation: string, role: Role): Promise<number> {
  const secret = SECRETS[relation];
  const rows = await shop.sql<Record<string, unknown>>(`select ${secret?.column ?? 'null'} as k from public.${relation}`);
  return rows.filter((r) => !secret?.hidden(r.k, role)).length;
}

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

describe('rest query parser', () => {
  test('reads built from the grammar, as anyone: never a 5xx, errors in PostgREST\'s shape', async () => {
    const request = fc.tuple(relationName(), fc.boolean()).chain(([relation, wildness]) => {
      const g = wildness ? wild : tame;
      return fc.tuple(fc.constant(relation), g.readParams(relation, g.select(relation)), fc.constantFrom<Role>('anon', 'shopper', 'service'), wildness ? headers : tameHeaders, fc.constantFrom('GET', 'GET', 'HEAD'));
    });
    await fc.assert(
      fc.asyncProperty(request, async ([relation, params, role, extra, method]) => {
        await read(relation, params, role, extra, method);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('random text for every parameter, table and header: never a 5xx, errors in PostgREST\'s shape', async () => {
    const relation = fc.oneof({ weight: 4, arbitrary: relationName() }, { weight: 1, arbitrary: hostileText });
    await fc.assert(
      fc.asyncProperty(relation, rawParams, fc.constantFrom<Role>('anon', 'shopper', 'service'), headers, async (name, params, role, extra) => {
        await read(name, params, role, extra);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('however the filter is written, a visitor or shopper never gets a hidden or another user\'s row, nor counts one', async () => {
    const request = fc.tuple(fc.constantFrom(...Object.keys(SECRETS)), fc.boolean()).chain(([relation, wildness]) => {
      const embed = EMBEDS_CATEGORY.has(relation) ? ',rls_category:categories(rls_key:id)' : '';
      const g = wildness ? wild : tame;
      const select = g.select(relation).map((s) => `rls_key:${SECRETS[relation]?.column}${embed}${s ? `,${s}` : ''}`);
      return fc.tuple(fc.constant(relation), g.readParams(relation, select, embed ? ['rls_category'] : []), fc.constantFrom<Role>('anon', 'shopper'), wildness ? headers : tameHeaders);
    });
    await fc.assert(
      fc.asyncProperty(request, async ([relation, params, role, extra]) => {
        const answer = await read(relation, params, role, extra);
        const secret = SECRETS[relation] as Secret;
        for (const row of rowsOf(answer)) {
          expect(secret.hidden(row.rls_key, role), `${role} got ${relation} ${String(row.rls_key)}`).toBe(false);
          const category = row.rls_category as { rls_key?: unknown } | null | undefined;
          if (category) expect(hiddenCategories.has(String(category.rls_key)), `${role} got hidden category ${String(category.rls_key)} in ${relation}`).toBe(false);
        }
        const total = /\/(\d+)$/.exec(answer.headers.get('content-range') ?? '')?.[1];
        if (total !== undefined && answer.status < 300 && extra.prefer?.includes('count=exact')) {
          expect(Number(total), `${role} counted hidden ${relation}`).toBeLessThanOrEqual(await visibleCount(relation, role));
        }
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('writes as a visitor or shopper, with any filter and body, change nothing but the shopper\'s own rows', async () => {
    const body = fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom('is_admin', 'visible', 'user_id', 'product_id', 'name', 'price', 'full_name', 'id'), hostileText), fc.oneof(fc.constantFrom<unknown>(true, otherId, shopperId, [], 'x'), wrongType), { maxKeys: 3 }),
      fc.array(fc.dictionary(fc.constantFrom('user_id', 'product_id', 'name'), fc.constantFrom<unknown>(otherId, shopperId, [], 'x')), { maxLength: 2 }),
      wrongType,
    );
    const request = relationName().chain((relation) =>
      fc.tuple(fc.constant(relation), tame.readParams(relation, fc.constantFrom('*', '', 'id')), body, fc.constantFrom('POST', 'PATCH', 'DELETE'), fc.constantFrom<Role>('anon', 'shopper'), fc.constantFrom('', 'return=representation', 'resolution=merge-duplicates', 'missing=default')));
    const own = { liked_products: `user_id = '${shopperId}'`, profiles: `id = '${shopperId}'` };
    await fc.assert(
      fc.asyncProperty(request, async ([relation, params, sent, method, role, prefer]) => {
        const before = await fingerprint(shop, tables, role === 'shopper' ? own : {});
        const search = new URLSearchParams(params.filter(([k]) => k !== 'limit' && k !== 'offset'));
        const answer = await rest(shop, `${segment(relation)}?${search}`, {
          method,
          token: tokenOf(role),
          headers: { 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
          body: method === 'DELETE' ? undefined : JSON.stringify(sent),
        });
        expectPostgrestAnswer(answer, `${role} ${method} ${relation}?${decodeURIComponent(search.toString()).slice(0, 200)} ${JSON.stringify(sent).slice(0, 200)}`);
        expect(await fingerprint(shop, tables, role === 'shopper' ? own : {}), `${role} ${method} ${relation} changed someone else's rows`).toEqual(before);
        const [admin] = await shop.sql<{ is_admin: boolean }>('select is_admin from public.profiles where id = $1', [shopperId]);
        expect(admin?.is_admin, 'the shopper made themselves an admin').toBe(false);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);
});
