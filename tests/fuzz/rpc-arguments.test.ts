/**
 * Property-based tests of every SQL function reachable through /rest/v1/rpc, as a visitor (anon)
 * and as a signed-in shopper, over the demo shop: arbitrary values for each parameter (by its
 * type, and of every other type), missing and unknown parameters, POST bodies and GET query
 * strings. The answer is never a 5xx, an error is in PostgREST's shape, and a refused call
 * changes nothing; no call, refused or not, touches another user's wishlist. The functions only
 * the service role may run (record_click, the admin writes, the rollup) stay out of reach.
 *
 * The list of functions is read from the database, so a function added later is fuzzed too.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from '../../supabase/seed/accounts.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';
import { deepNesting, fuzzOptions, fuzzTimeout, hostileText, nestedArray, wrongType } from './arbitraries.ts';
import { expectPostgrestAnswer, fingerprint, publicTables, rest, sessionToken } from './postgrest.ts';

const RUNS = 40;
const TIMEOUT = fuzzTimeout(RUNS, 300);

interface SqlFunction {
  name: string;
  params: Array<{ name: string; type: string; required: boolean }>;
  volatile: boolean;
  anon: boolean;
  authenticated: boolean;
}

let shop: DemoShop;
let tables: string[];
let functions: SqlFunction[];
let shopperToken: string;
let shopperId: string;
/** Another signed-in user, whose wishlist no call of the shopper may touch. */
let otherId: string;
const known = { products: [] as string[], categories: [] as string[], blogs: [] as string[] };

beforeAll(async () => {
  shop = await openDemoShop();
  tables = await publicTables(shop);
  const rows = await shop.sql<{
    name: string; names: string[] | null; types: string[]; defaults: number; volatility: string; anon: boolean; authenticated: boolean;
  }>(`
    select p.proname as name, p.proargnames as names,
           array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality as a(t, n) order by n) as types,
           p.pronargdefaults as defaults, p.provolatile as volatility,
           has_function_privilege('anon', p.oid, 'execute') as anon,
           has_function_privilege('authenticated', p.oid, 'execute') as authenticated
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
    order by 1`);
  functions = rows.map((r) => ({
    name: r.name,
    params: r.types.map((type, i) => ({ name: r.names?.[i] ?? '', type, required: i < r.types.length - r.defaults })),
    volatile: r.volatility === 'v',
    anon: r.anon,
    authenticated: r.authenticated,
  }));
  shopperToken = await sessionToken(shop, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  [shopperId = ''] = (await shop.sql<{ id: string }>('select id from auth.users where email = $1', [DEMO_SHOPPER_EMAIL])).map((r) => r.id);
  const other = await shop.newUser();
  otherId = other.userId;
  known.products = (await shop.sql<{ id: string }>('select id from public.products order by id limit 5')).map((r) => r.id);
  known.categories = (await shop.sql<{ id: string }>('select id from public.categories order by visible, id limit 5')).map((r) => r.id);
  known.blogs = (await shop.sql<{ id: string }>('select id from public.blogs order by id limit 3')).map((r) => r.id);
  const { error } = await other.client.rpc('merge_guest_likes', { product_ids: known.products.slice(0, 3) });
  if (error) throw new Error('the other user could not like products', { cause: error });
});

afterAll(async () => {
  await shop?.close();
});

// ---------------------------------------------------------------------------------------------
// Values by parameter type
// ---------------------------------------------------------------------------------------------

const integers = fc.oneof(
  fc.integer({ min: -3, max: 120 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 1e10, 1e300, 1.5, -0.5),
  fc.constantFrom('7', '1e3', '0x10', ' 12 ', 'NaN'),
);

const numbers = fc.oneof(
  fc.double(),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '1e-400', '-0', '99999999999999999999999999999999999999', '12.345'),
);

const moments = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('infinity', '-infinity', 'now', 'epoch', 'today', '294277-01-01T00:00:00Z', '0000-01-01', '2026-02-30', '2026-11-18T10:30:00+14:00'),
);

function idsOf(kind: 'products' | 'categories' | 'blogs' | 'any') {
  const pool = kind === 'any' ? [...known.products, ...known.categories, ...known.blogs] : known[kind];
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 2, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileText });
}

/** A value for a parameter of this type and name, mostly of its type. */
function valueFor(type: string, name: string): fc.Arbitrary<unknown> {
  const words = fc.constantFrom('for_him', 'for_her', 'for_both', 'daily', 'weekly', 'monthly', 'relevance', 'newest', 'lowToHigh', 'highToLow', 'product', 'blog', 'headphones', 'gift');
  const idKind = name.includes('category') ? 'categories' : name.includes('product') || name === 'item' ? 'products' : 'any';
  const typed: Record<string, fc.Arbitrary<unknown>> = {
    text: fc.oneof(words, hostileText, fc.string({ unit: 'grapheme', maxLength: 300 })),
    uuid: idsOf(idKind),
    'uuid[]': fc.oneof(fc.array(idsOf(idKind), { maxLength: 6 }), fc.constantFrom('{}', '{a,b}', '[]')),
    integer: integers,
    bigint: integers,
    numeric: numbers,
    boolean: fc.oneof(fc.boolean(), fc.constantFrom('yes', 't', 'off', 1, 0, 2)),
    'timestamp with time zone': moments,
    date: moments,
    jsonb: fc.oneof({ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) }, { weight: 1, arbitrary: nestedArray }),
    json: fc.jsonValue({ maxDepth: 4 }),
  };
  // Deeply nested text fits every type: a regular expression, an array literal, a JSON document.
  if (typed[type]) typed[type] = fc.oneof({ weight: 9, arbitrary: typed[type] }, { weight: 1, arbitrary: deepNesting });
  return fc.oneof({ weight: 4, arbitrary: typed[type] ?? wrongType }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: fc.constant(null) });
}

/** Some of the function's parameters (each given most of the time), and sometimes one it does not have. */
function argumentsFor(fn: SqlFunction): fc.Arbitrary<Record<string, unknown>> {
  const given = Object.fromEntries(fn.params.map((p) => [p.name, fc.option(valueFor(p.type, p.name), { nil: undefined, freq: 6 })]));
  return fc.tuple(fc.record(given), fc.option(fc.tuple(hostileText, wrongType), { nil: undefined, freq: 8 })).map(([args, extra]) => {
    const all: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) if (value !== undefined) all[key] = value;
    if (extra) Object.defineProperty(all, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return all;
  });
}

/** GET arguments are text: strings as they are, anything else as its JSON. */
function queryOf(args: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return search.toString();
}

type Caller = 'anon' | 'shopper';

/** Calls fn as the caller; never a 5xx; a refused call changes nothing; nobody else's wishlist changes. */
async function call(fn: SqlFunction, args: Record<string, unknown>, method: 'POST' | 'GET', caller: Caller): Promise<number> {
  const others = `user_id <> '${otherId}'`;
  // The shopper's own rows: their wishlist, their price-drop alerts and their shared list.
  const mine: Record<string, string> = caller === 'shopper'
    ? { liked_products: `user_id = '${shopperId}'`, price_alert_settings: `user_id = '${shopperId}'`,
      price_alert_products: `user_id = '${shopperId}'`, shared_lists: `owner_id = '${shopperId}'` }
    : {};
  const before = await fingerprint(shop, tables);
  const beforeOthers = await fingerprint(shop, tables, mine);
  const [otherBefore] = await shop.sql('select product_id, updated_at from public.liked_products where not (' + others + ')');
  const token = caller === 'shopper' ? shopperToken : undefined;
  const answer = method === 'POST'
    ? await rest(shop, `rpc/${fn.name}`, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) })
    : await rest(shop, `rpc/${fn.name}?${queryOf(args)}`, { token });
  expectPostgrestAnswer(answer, `${caller} ${method} ${fn.name} ${JSON.stringify(args).slice(0, 300)}`);
  const refused = answer.status >= 300;
  // Stable and immutable functions never write; a refused call's transaction is rolled back.
  if (refused || !fn.volatile) expect(await fingerprint(shop, tables), `${fn.name} changed a table`).toEqual(before);
  // Even a successful write touches only the caller's own rows.
  else expect(await fingerprint(shop, tables, mine), `${fn.name} changed more than the caller's wishlist`).toEqual(beforeOthers);
  const [otherAfter] = await shop.sql('select product_id, updated_at from public.liked_products where not (' + others + ')');
  expect(otherAfter, `${fn.name} changed another user's wishlist`).toEqual(otherBefore);
  return answer.status;
}

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

describe('rpc', () => {
  test('the functions the storefront calls are all among those fuzzed', () => {
    const callable = functions.filter((f) => f.anon || f.authenticated).map((f) => f.name);
    expect(callable).toEqual(expect.arrayContaining([
      'search_products_enhanced', 'search_blogs_enhanced', 'popular_products', 'popular_blogs',
      'like_product', 'unlike_product', 'merge_guest_likes',
    ]));
  });

  test.each(['anon', 'shopper'] as const)('any arguments to any function %s may call: never a 5xx, errors in PostgREST\'s shape, a refusal changes nothing', async (caller) => {
    const callable = functions.filter((f) => (caller === 'anon' ? f.anon : f.authenticated));
    const attempt = fc.constantFrom(...callable).chain((fn) => fc.tuple(fc.constant(fn), argumentsFor(fn), fc.constantFrom('POST', 'GET' as const)));
    await fc.assert(
      fc.asyncProperty(attempt, async ([fn, args, method]) => {
        await call(fn, args, method as 'POST' | 'GET', caller);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('search, popularity and likes with their own parameters, out-of-range pages and limits included', async () => {
    const named = functions.filter((f) => ['search_products_enhanced', 'search_blogs_enhanced', 'popular_products', 'popular_blogs', 'like_product', 'unlike_product', 'merge_guest_likes'].includes(f.name));
    const attempt = fc.constantFrom(...named).chain((fn) => fc.tuple(fc.constant(fn), argumentsFor(fn), fc.constantFrom('POST', 'GET' as const)));
    await fc.assert(
      fc.asyncProperty(attempt, async ([fn, args, method]) => {
        await call(fn, args, method as 'POST' | 'GET', fn.anon ? 'anon' : 'shopper');
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('a visitor or shopper never runs a function kept for the service role (record_click, admin writes, rollups)', async () => {
    const kept = functions.filter((f) => !f.anon && !f.authenticated);
    expect(kept.map((f) => f.name)).toEqual(expect.arrayContaining(['record_click', 'admin_save_product', 'admin_save_category', 'admin_delete_platform', 'rollup_clicks']));
    const attempt = fc.constantFrom(...kept).chain((fn) => fc.tuple(fc.constant(fn), argumentsFor(fn), fc.constantFrom('anon', 'shopper' as const)));
    await fc.assert(
      fc.asyncProperty(attempt, async ([fn, args, caller]) => {
        const status = await call(fn, args, 'POST', caller as Caller);
        expect(status, `${caller} ran ${fn.name}`).toBeGreaterThanOrEqual(400);
      }),
      fuzzOptions(RUNS / 2),
    );
  }, TIMEOUT);
});
