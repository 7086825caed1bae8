/**
 * Who may do what: every table and view against every operation, and every API function, for
 * anon, a signed-in user, another user, an admin and the service role.
 *
 * Each attempt runs in a transaction that is rolled back, so all rules see the same fixtures.
 * Allowed reads must show exactly the expected rows; allowed writes must touch exactly the
 * expected rows; refused statements fail with permission denied (42501) or touch nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  addClickEvents,
  addClicksDaily,
  addPrice,
  attempt,
  CALLER_NAMES,
  createBlog,
  createCallers,
  createCategory,
  createPlatform,
  createProduct,
  createQuiz,
  createSubcategory,
  createUser,
  createWriter,
  type CallerName,
  type Callers,
} from '../support/fixtures.ts';

let db: TestDatabase;
let callers: Callers;
const ids: Record<string, string> = {};
/** Row labels that are ids (user ids) shown as caller names. */
const idNames = new Map<string, string>();

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
  for (const c of Object.values(callers)) if (c.id) idNames.set(c.id, c.name);

  const orphan = await createUser(db, { email: 'orphan@example.com' });
  await db.query('delete from public.profiles where id = $1', [orphan.id]);
  ids.orphan = orphan.id;

  const gadgets = await createCategory(db, { name: 'Visible Gadgets' });
  const drafts = await createCategory(db, { name: 'Hidden Drafts', visible: false });
  const stories = await createCategory(db, { name: 'Visible Stories', type: ['blog'] });
  const headphones = await createSubcategory(db, { category_id: gadgets.id, name: 'Headphones' });
  await createSubcategory(db, { category_id: drafts.id, name: 'Secret Sub' });
  const lamp = await createProduct(db, { name: 'Public Lamp', category_ids: [gadgets.id], subcategory_ids: [headphones.id] });
  const draftLamp = await createProduct(db, { name: 'Draft Lamp', category_ids: [drafts.id] });
  await createPlatform(db, 'Amazon');
  await createPlatform(db, 'Etsy');
  await addPrice(db, { product_id: lamp.id, platform: 'Amazon', price: 30, scraped_at: '2026-01-01T00:00:00Z' });
  await addPrice(db, { product_id: lamp.id, platform: 'Amazon', price: 25, scraped_at: '2026-02-01T00:00:00Z' });
  await addPrice(db, { product_id: lamp.id, platform: 'Etsy', price: 28, scraped_at: '2026-01-15T00:00:00Z' });
  const writer = await createWriter(db, { name: 'Wendy Writer' });
  await createBlog(db, { title: 'Gift Guide', category_id: stories.id, writer_id: writer.id });
  await createQuiz(db, { title: 'Gift Finder' });
  await db.query('insert into public.liked_products (user_id, product_id) values ($1, $2), ($3, $4)', [
    callers.user.id, [lamp.id], callers.other.id, [draftLamp.id],
  ]);
  await addClickEvents(db, { item_id: lamp.id, at: new Date().toISOString() });
  await addClicksDaily(db, { item_id: draftLamp.id, day: new Date().toISOString().slice(0, 10), clicks: 3 });

  Object.assign(ids, { gadgets: gadgets.id, drafts: drafts.id, stories: stories.id, lamp: lamp.id, draftLamp: draftLamp.id });
});

afterAll(async () => {
  await db?.drop();
});

// ---------------------------------------------------------------------------------------------
// Tables and views
// ---------------------------------------------------------------------------------------------

/**
 * Rows (by label) the caller sees or touches, or how the statement is refused: 'denied' is
 * permission denied (42501); 'read-only view' is PostgreSQL refusing to write through a view that
 * is not updatable (55000), which it checks before privileges.
 */
type Expectation = readonly string[] | 'denied' | 'read-only view';

interface Rule {
  rule: string;
  sql: string;
  params?: () => unknown[];
  /** Runs first, as the owner, inside the same rolled-back transaction. */
  setup?: string;
  expect: Record<CallerName, Expectation>;
}

const everyone = (labels: readonly string[]): Record<CallerName, Expectation> =>
  ({ anon: labels, user: labels, other: labels, admin: labels, service: labels });
const serviceOnly = (labels: readonly string[]): Record<CallerName, Expectation> =>
  ({ anon: 'denied', user: 'denied', other: 'denied', admin: 'denied', service: labels });
const readOnlyView: Record<CallerName, Expectation> = {
  anon: 'read-only view', user: 'read-only view', other: 'read-only view', admin: 'read-only view', service: 'read-only view',
};

/** Catalogue and content tables: everyone reads everything, only the service role writes. */
const catalogue: {
  table: string; rows: string[]; label: string;
  insert: string; created: string[]; update: string; updated?: string[]; delete: string; deleted: string[];
}[] = [
  {
    table: 'products', rows: ['Draft Lamp', 'Public Lamp'], label: 'name',
    insert: `insert into public.products (name, price, image_url) values ('New Lamp', 10, 'https://img.example.com/n.jpg') returning name as label`, created: ['New Lamp'],
    update: `update public.products set price = price + 1 returning name as label`,
    delete: `delete from public.products where name = 'Draft Lamp' returning name as label`, deleted: ['Draft Lamp'],
  },
  {
    table: 'platforms', rows: ['Amazon', 'Etsy'], label: 'name',
    insert: `insert into public.platforms (name) values ('Walmart') returning name as label`, created: ['Walmart'],
    update: `update public.platforms set name = name || '!' returning name as label`, updated: ['Amazon!', 'Etsy!'],
    delete: `delete from public.platforms where name = 'Etsy' returning name as label`, deleted: ['Etsy'],
  },
  {
    table: 'price_history', rows: ['Amazon 25.00', 'Amazon 30.00', 'Etsy 28.00'], label: `platform || ' ' || price`,
    insert: `insert into public.price_history (product_id, platform, price)
             select id, 'Walmart', 9 from public.products where name = 'Public Lamp' returning platform || ' ' || price as label`,
    created: ['Walmart 9.00'],
    update: `update public.price_history set price = price returning platform || ' ' || price as label`,
    delete: `delete from public.price_history where platform = 'Etsy' returning platform || ' ' || price as label`, deleted: ['Etsy 28.00'],
  },
  {
    table: 'writers', rows: ['Wendy Writer'], label: 'name',
    insert: `insert into public.writers (name) values ('Wes Writer') returning name as label`, created: ['Wes Writer'],
    update: `update public.writers set description = 'Writes' returning name as label`,
    delete: `delete from public.writers returning name as label`, deleted: ['Wendy Writer'],
  },
  {
    table: 'blogs', rows: ['Gift Guide'], label: 'title',
    insert: `insert into public.blogs (title) values ('New Post') returning title as label`, created: ['New Post'],
    update: `update public.blogs set excerpt = 'Read me' returning title as label`,
    delete: `delete from public.blogs returning title as label`, deleted: ['Gift Guide'],
  },
  {
    table: 'quizzes', rows: ['Gift Finder'], label: 'title',
    insert: `insert into public.quizzes (title, description, questions)
             select 'New Quiz', description, questions from public.quizzes returning title as label`,
    created: ['New Quiz'],
    update: `update public.quizzes set description = 'Changed' returning title as label`,
    delete: `delete from public.quizzes returning title as label`, deleted: ['Gift Finder'],
  },
];

const rules: Rule[] = [
  // categories and subcategories: visibility
  {
    rule: 'visitors and users read only visible categories; admins and the service role read all',
    sql: 'select name as label from public.categories',
    expect: {
      anon: ['Visible Gadgets', 'Visible Stories'], user: ['Visible Gadgets', 'Visible Stories'],
      other: ['Visible Gadgets', 'Visible Stories'], admin: ['Hidden Drafts', 'Visible Gadgets', 'Visible Stories'],
      service: ['Hidden Drafts', 'Visible Gadgets', 'Visible Stories'],
    },
  },
  {
    rule: 'only the service role creates categories',
    sql: `insert into public.categories (name) values ('New Category') returning name as label`,
    expect: serviceOnly(['New Category']),
  },
  {
    rule: 'only the service role changes categories',
    sql: `update public.categories set description = 'changed' returning name as label`,
    expect: serviceOnly(['Hidden Drafts', 'Visible Gadgets', 'Visible Stories']),
  },
  {
    rule: 'only the service role deletes categories',
    sql: `delete from public.categories where name = 'Hidden Drafts' returning name as label`,
    expect: serviceOnly(['Hidden Drafts']),
  },
  {
    rule: 'visitors and users read only subcategories of visible categories; admins and the service role read all',
    sql: 'select name as label from public.subcategories',
    expect: {
      anon: ['Headphones'], user: ['Headphones'], other: ['Headphones'],
      admin: ['Headphones', 'Secret Sub'], service: ['Headphones', 'Secret Sub'],
    },
  },
  {
    rule: 'only the service role creates subcategories',
    sql: `insert into public.subcategories (category_id, name)
          select id, 'New Sub' from public.categories where name = 'Visible Gadgets' returning name as label`,
    expect: serviceOnly(['New Sub']),
  },
  {
    rule: 'only the service role changes subcategories',
    sql: `update public.subcategories set description = 'changed' returning name as label`,
    expect: serviceOnly(['Headphones', 'Secret Sub']),
  },
  {
    rule: 'only the service role deletes subcategories',
    sql: `delete from public.subcategories where name = 'Secret Sub' returning name as label`,
    expect: serviceOnly(['Secret Sub']),
  },

  ...catalogue.flatMap(({ table, rows, label, insert, created, update, updated, delete: remove, deleted }): Rule[] => [
    { rule: `everyone reads every row of ${table}`, sql: `select ${label} as label from public.${table}`, expect: everyone(rows) },
    { rule: `only the service role creates ${table}`, sql: insert, expect: serviceOnly(created) },
    { rule: `only the service role changes ${table}`, sql: update, expect: serviceOnly(updated ?? rows) },
    { rule: `only the service role deletes ${table}`, sql: remove, expect: serviceOnly(deleted) },
  ]),

  // product_facet_cells: counts kept by the trigger on products
  {
    rule: 'everyone reads the facet cells',
    sql: 'select sum(products)::text as label from public.product_facet_cells',
    expect: everyone(['2']),
  },
  ...(['insert into public.product_facet_cells select * from public.product_facet_cells',
    'update public.product_facet_cells set products = products + 1',
    'delete from public.product_facet_cells'] as const).map((sql): Rule => ({
    rule: `nobody writes the facet cells but the trigger on products (${sql.split(' ')[0]})`,
    sql,
    expect: { anon: 'denied', user: 'denied', other: 'denied', admin: 'denied', service: 'denied' },
  })),

  // product_search: the searched columns of products, kept by the trigger on products
  {
    rule: 'everyone reads the product search rows',
    sql: 'select count(*)::text as label from public.product_search',
    expect: everyone(['2']),
  },
  ...(['insert into public.product_search select * from public.product_search',
    'update public.product_search set price = price + 1',
    'delete from public.product_search'] as const).map((sql): Rule => ({
    rule: `nobody writes the product search rows but the trigger on products (${sql.split(' ')[0]})`,
    sql,
    expect: { anon: 'denied', user: 'denied', other: 'denied', admin: 'denied', service: 'denied' },
  })),

  // product_search_words: the words of the search vectors, kept by the trigger on product_search
  {
    rule: 'everyone reads the words of product search',
    sql: `select count(*)::text as label from public.product_search_words where word = 'lamp'`,
    expect: everyone(['1']),
  },
  ...([`insert into public.product_search_words values ('zzz')`,
    `update public.product_search_words set word = word || 'z'`,
    'delete from public.product_search_words'] as const).map((sql): Rule => ({
    rule: `nobody writes the words of product search but the trigger on product_search (${sql.split(' ')[0]})`,
    sql,
    expect: { anon: 'denied', user: 'denied', other: 'denied', admin: 'denied', service: 'denied' },
  })),

  // latest_prices: a read-only view
  {
    rule: 'everyone reads the latest price of each product on each platform',
    sql: `select platform || ' ' || price as label from public.latest_prices`,
    expect: everyone(['Amazon 25.00', 'Etsy 28.00']),
  },
  {
    rule: 'nobody writes latest_prices (insert)',
    sql: `insert into public.latest_prices (product_id, platform, price, scraped_at) values (gen_random_uuid(), 'X', 1, now())`,
    expect: readOnlyView,
  },
  { rule: 'nobody writes latest_prices (update)', sql: `update public.latest_prices set price = 1`, expect: readOnlyView },
  { rule: 'nobody writes latest_prices (delete)', sql: `delete from public.latest_prices`, expect: readOnlyView },

  // profiles
  {
    rule: 'a signed-in user reads only their own profile; anon reads none',
    sql: 'select email as label from public.profiles',
    expect: {
      anon: 'denied', user: ['user@example.com'], other: ['other@example.com'], admin: ['admin@example.com'],
      service: ['admin@example.com', 'other@example.com', 'user@example.com'],
    },
  },
  {
    rule: 'only the service role creates profiles',
    sql: `insert into public.profiles (id, email) values ($1, 'orphan@example.com') returning email as label`,
    params: () => [ids.orphan],
    expect: serviceOnly(['orphan@example.com']),
  },
  {
    rule: 'a user changes the name on their own profile only',
    sql: `update public.profiles set full_name = 'Renamed' returning email as label`,
    expect: {
      anon: 'denied', user: ['user@example.com'], other: ['other@example.com'], admin: ['admin@example.com'],
      service: ['admin@example.com', 'other@example.com', 'user@example.com'],
    },
  },
  {
    rule: 'a user cannot touch another user\'s profile',
    sql: `update public.profiles set full_name = 'Hijacked' where email = 'other@example.com' returning email as label`,
    expect: { anon: 'denied', user: [], other: ['other@example.com'], admin: [], service: ['other@example.com'] },
  },
  {
    rule: 'nobody but the service role sets is_admin',
    sql: `update public.profiles set is_admin = true where id = coalesce((select auth.uid()), $1) returning email as label`,
    params: () => [callers.user.id],
    expect: serviceOnly(['user@example.com']),
  },
  {
    rule: 'only the service role deletes profiles',
    sql: `delete from public.profiles where email = 'other@example.com' returning email as label`,
    expect: serviceOnly(['other@example.com']),
  },

  // liked_products
  {
    rule: 'a user reads only their own liked products row',
    sql: 'select user_id::text as label from public.liked_products',
    expect: { anon: 'denied', user: ['user'], other: ['other'], admin: [], service: ['other', 'user'] },
  },
  {
    rule: 'a user creates a liked products row only for themselves',
    setup: 'delete from public.liked_products',
    sql: `insert into public.liked_products (user_id, product_id) values ($1, '{}') returning user_id::text as label`,
    params: () => [callers.user.id],
    expect: { anon: 'denied', user: ['user'], other: 'denied', admin: 'denied', service: ['user'] },
  },
  {
    rule: 'a user changes only their own liked products row',
    sql: `update public.liked_products set product_id = '{}' returning user_id::text as label`,
    expect: { anon: 'denied', user: ['user'], other: ['other'], admin: [], service: ['other', 'user'] },
  },
  {
    rule: 'a user cannot hand their liked products row to someone else',
    sql: `update public.liked_products set user_id = $1 where user_id = $2 returning user_id::text as label`,
    params: () => [callers.admin.id, callers.user.id],
    expect: { anon: 'denied', user: 'denied', other: [], admin: [], service: ['admin'] },
  },
  {
    rule: 'a user deletes only their own liked products row',
    sql: `delete from public.liked_products returning user_id::text as label`,
    expect: { anon: 'denied', user: ['user'], other: ['other'], admin: [], service: ['other', 'user'] },
  },

  // shared_lists: the owner reads their own share; writes go through share_wishlist and stop_sharing_wishlist
  ...((): Rule[] => {
    const setup = `insert into public.shared_lists (owner_id, token, title)
                   select id, left(md5(email) || md5(email), 43), email from auth.users
                   where email in ('user@example.com', 'other@example.com')`;
    return [
      {
        rule: 'a user reads only their own shared list; guests read none',
        setup, sql: 'select owner_id::text as label from public.shared_lists',
        expect: { anon: 'denied', user: ['user'], other: ['other'], admin: [], service: ['other', 'user'] },
      },
      {
        rule: 'only the service role creates shared lists directly',
        sql: `insert into public.shared_lists (owner_id, token, title) values ($1, repeat('a', 43), 'Mine') returning owner_id::text as label`,
        params: () => [callers.user.id],
        expect: serviceOnly(['user']),
      },
      {
        rule: 'only the service role changes shared lists directly',
        setup, sql: `update public.shared_lists set token = repeat('b', 43) where owner_id = $1 returning owner_id::text as label`,
        params: () => [callers.user.id],
        expect: serviceOnly(['user']),
      },
      {
        rule: 'only the service role deletes shared lists directly',
        setup, sql: 'delete from public.shared_lists returning owner_id::text as label',
        expect: serviceOnly(['other', 'user']),
      },
    ];
  })(),

  // clicks and analytics
  ...(['click_events', 'clicks_daily'] as const).flatMap((table): Rule[] => [
    {
      rule: `only admins and the service role read ${table}`,
      sql: `select item_id::text as label from public.${table}`,
      expect: {
        anon: 'denied', user: [], other: [], admin: [table === 'click_events' ? 'lamp' : 'draftLamp'],
        service: [table === 'click_events' ? 'lamp' : 'draftLamp'],
      },
    },
    {
      rule: `only the service role writes ${table} (insert)`,
      sql: table === 'click_events'
        ? `insert into public.click_events (item_id, click_type) values ($1, 'product') returning item_id::text as label`
        : `insert into public.clicks_daily (item_id, click_type, day, clicks, last_click_at)
           values ($1, 'blog', current_date, 1, now()) returning item_id::text as label`,
      params: () => [ids.lamp],
      expect: serviceOnly(['lamp']),
    },
    {
      rule: `only the service role writes ${table} (update)`,
      sql: `update public.${table} set item_name = 'x' returning item_id::text as label`,
      expect: serviceOnly([table === 'click_events' ? 'lamp' : 'draftLamp']),
    },
    {
      rule: `only the service role writes ${table} (delete)`,
      sql: `delete from public.${table} returning item_id::text as label`,
      expect: serviceOnly([table === 'click_events' ? 'lamp' : 'draftLamp']),
    },
  ]),
  {
    rule: 'only admins and the service role read analytics; other users see no rows',
    sql: 'select item_name as label from public.analytics',
    expect: {
      anon: 'denied', user: [], other: [], admin: ['Draft Lamp', 'Public Lamp'], service: ['Draft Lamp', 'Public Lamp'],
    },
  },
  {
    rule: 'click_analytics shows only admins and the service role any rows',
    sql: 'select item_name as label from public.click_analytics(now())',
    expect: {
      anon: 'denied', user: [], other: [], admin: ['Draft Lamp', 'Public Lamp'], service: ['Draft Lamp', 'Public Lamp'],
    },
  },
  {
    rule: 'clicks_per_day shows only admins and the service role any rows',
    sql: 'select item_id::text as label from public.clicks_per_day(current_date - 1)',
    expect: { anon: 'denied', user: [], other: [], admin: ['draftLamp', 'lamp'], service: ['draftLamp', 'lamp'] },
  },
  {
    rule: 'click_totals_per_day shows only admins and the service role any rows',
    // Today's product clicks: the lamp's raw event and the draft lamp's three rolled-up clicks.
    sql: `select click_type || ' ' || clicks as label from public.click_totals_per_day(current_date - 1)`,
    expect: { anon: 'denied', user: [], other: [], admin: ['product 4'], service: ['product 4'] },
  },
  {
    rule: 'nobody writes analytics (insert)',
    sql: `insert into public.analytics (item_id) values (gen_random_uuid())`,
    expect: readOnlyView,
  },
  { rule: 'nobody writes analytics (update)', sql: `update public.analytics set item_name = 'x'`, expect: readOnlyView },
  { rule: 'nobody writes analytics (delete)', sql: `delete from public.analytics`, expect: readOnlyView },
];

/** Labels that are ids of fixtures, shown by fixture name. */
function readable(label: unknown): string {
  const text = String(label);
  if (idNames.has(text)) return idNames.get(text)!;
  const fixture = Object.entries(ids).find(([, id]) => id === text);
  return fixture ? fixture[0] : text;
}

function describeExpectation(expected: Expectation): string {
  if (expected === 'denied') return 'permission denied (42501)';
  if (expected === 'read-only view') return 'refused, the view is not updatable (55000)';
  return expected.length === 0 ? 'no rows' : [...expected].sort().join(', ');
}

describe.each(rules)('$rule', (rule) => {
  test.each(CALLER_NAMES.map((name) => ({ name, expected: rule.expect[name], shows: describeExpectation(rule.expect[name]) })))(
    '$name: $shows',
    async ({ name, expected }) => {
      const outcome = await attempt<{ label: unknown }>(db, callers[name].auth, rule.sql, rule.params?.() ?? [], rule.setup);
      if (expected === 'denied' || expected === 'read-only view') {
        const code = expected === 'denied' ? '42501' : '55000';
        expect(outcome.ok ? `succeeded with ${outcome.affectedRows} rows` : outcome.code).toBe(code);
        return;
      }
      if (!outcome.ok) throw new Error(`refused with ${outcome.code}: ${outcome.message}`);
      expect(outcome.rows.map((r) => readable(r.label)).sort()).toEqual([...expected].sort());
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

type Role = 'anon' | 'authenticated' | 'service_role';

interface FunctionRule {
  name: string;
  /** Argument types, for has_function_privilege. */
  args: string;
  call: string;
  params?: () => unknown[];
  roles: readonly Role[];
}

const PUBLIC: readonly Role[] = ['anon', 'authenticated', 'service_role'];
const SIGNED_IN: readonly Role[] = ['authenticated'];
const SERVICE: readonly Role[] = ['service_role'];
const NOT_ANON: readonly Role[] = ['authenticated', 'service_role'];
const VISITORS: readonly Role[] = ['anon', 'authenticated'];

const functionRules: FunctionRule[] = [
  {
    name: 'popular_products',
    args: 'text, uuid, uuid[], text, numeric, numeric, integer, integer, boolean, boolean, timestamptz',
    call: 'select * from public.popular_products(include_unclicked => true)', roles: PUBLIC,
  },
  { name: 'popular_blogs', args: 'text, text, uuid, integer, integer, timestamptz, boolean', call: 'select * from public.popular_blogs()', roles: PUBLIC },
  {
    name: 'popular_products_batch', args: 'jsonb, timestamptz',
    call: `select * from public.popular_products_batch('[{"include_unclicked": true}, {"time_window": "daily"}]')`, roles: PUBLIC,
  },
  { name: 'popular_blogs_batch', args: 'jsonb, timestamptz', call: `select * from public.popular_blogs_batch('[{}]')`, roles: PUBLIC },
  {
    name: 'search_products_enhanced', args: 'text, uuid, text, numeric, numeric, text, integer, integer',
    call: `select * from public.search_products_enhanced('lamp')`, roles: PUBLIC,
  },
  {
    name: 'search_blogs_enhanced', args: 'text, uuid, text, integer, integer',
    call: `select * from public.search_blogs_enhanced('gift')`, roles: PUBLIC,
  },
  {
    name: 'product_facets', args: 'uuid, uuid, text, numeric, numeric, boolean',
    call: `select * from public.product_facets(gender_filter => 'for_her')`, roles: PUBLIC,
  },
  { name: 'price_band', args: 'numeric', call: 'select public.price_band(50)', roles: PUBLIC },
  {
    name: 'product_words_score', args: 'text, text, tsvector, tsquery, tsquery, tsquery, tsquery',
    call: `select public.product_words_score('lamp', 'Lamp', 'lamp:1A', null, 'lamp:*', 'lamp:*', 'lamp')`, roles: PUBLIC,
  },
  {
    name: 'catalogue_has_words', args: 'tsquery',
    call: `select public.catalogue_has_words('lamp:*')`, roles: PUBLIC,
  },
  {
    name: 'catalogue_word_forms', args: 'tsquery',
    call: `select public.catalogue_word_forms('lamp:*')`, roles: PUBLIC,
  },
  { name: 'is_admin', args: '', call: 'select public.is_admin()', roles: PUBLIC },
  { name: 'audience_set', args: 'text', call: `select public.audience_set('for_him')`, roles: PUBLIC },
  { name: 'share_wishlist', args: 'text', call: `select public.share_wishlist('My gift ideas')`, roles: SIGNED_IN },
  { name: 'stop_sharing_wishlist', args: '', call: 'select public.stop_sharing_wishlist()', roles: SIGNED_IN },
  { name: 'shared_wishlist', args: 'text', call: `select * from public.shared_wishlist(repeat('a', 43))`, roles: VISITORS },
  { name: 'like_product', args: 'uuid', call: 'select public.like_product($1)', params: () => [ids.lamp], roles: SIGNED_IN },
  { name: 'unlike_product', args: 'uuid', call: 'select public.unlike_product($1)', params: () => [ids.lamp], roles: SIGNED_IN },
  {
    name: 'merge_guest_likes', args: 'uuid[]', call: 'select public.merge_guest_likes($1)',
    params: () => [[ids.lamp]], roles: SIGNED_IN,
  },
  {
    name: 'record_click', args: 'text, uuid, boolean, text, text', call: `select public.record_click('product', $1)`,
    params: () => [ids.lamp], roles: SERVICE,
  },
  {
    name: 'record_clicks', args: 'jsonb',
    call: `select * from public.record_clicks(jsonb_build_array(jsonb_build_object('item_type', 'product', 'item', $1::text)))`,
    params: () => [ids.lamp], roles: SERVICE,
  },
  { name: 'rollup_clicks', args: '', call: 'select public.rollup_clicks()', roles: SERVICE },
  {
    name: 'window_clicks', args: 'text, text, timestamptz',
    call: `select * from public.window_clicks('product', 'monthly', now())`, roles: SERVICE,
  },
  {
    name: 'popularity_range', args: 'text, timestamptz',
    call: `select * from public.popularity_range('daily', now())`, roles: SERVICE,
  },
  { name: 'click_analytics', args: 'timestamptz', call: 'select * from public.click_analytics(now())', roles: NOT_ANON },
  { name: 'popularity_questions', args: 'jsonb', call: `select * from public.popularity_questions('[]')`, roles: SERVICE },
  { name: 'clicks_per_day', args: 'date', call: 'select * from public.clicks_per_day(current_date)', roles: NOT_ANON },
  { name: 'click_totals_per_day', args: 'date', call: 'select * from public.click_totals_per_day(current_date)', roles: NOT_ANON },
];

const roleOf = (caller: CallerName): Role =>
  caller === 'anon' ? 'anon' : caller === 'service' ? 'service_role' : 'authenticated';

describe.each(functionRules.map((rule) => ({ ...rule, who: rule.roles.join(', ') })))('$name: executable by $who only', (rule) => {
  test.each(PUBLIC.map((role) => ({ role, verdict: rule.roles.includes(role) ? 'may execute it' : 'may not execute it' })))(
    'has_function_privilege: $role $verdict',
    async ({ role }) => {
      const { rows } = await db.query<{ allowed: boolean }>(
        `select has_function_privilege($1, $2, 'execute') as allowed`,
        [role, `public.${rule.name}(${rule.args})`],
      );
      expect(rows[0]?.allowed).toBe(rule.roles.includes(role));
    },
  );

  test.each(CALLER_NAMES.map((caller) => ({
    caller, allowed: rule.roles.includes(roleOf(caller)),
    verdict: rule.roles.includes(roleOf(caller)) ? 'calls it' : 'is refused with 42501',
  })))('$caller $verdict', async ({ caller, allowed }) => {
    const outcome = await attempt(db, callers[caller].auth, rule.call, rule.params?.() ?? []);
    if (allowed) {
      if (!outcome.ok) throw new Error(`refused with ${outcome.code}: ${outcome.message}`);
    } else {
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
  });
});

test('is_admin is true only for a signed-in admin', async () => {
  const answers: Record<string, boolean> = {};
  for (const caller of CALLER_NAMES) {
    const outcome = await attempt<{ is_admin: boolean }>(db, callers[caller].auth, 'select public.is_admin()');
    if (!outcome.ok) throw new Error(outcome.message);
    answers[caller] = outcome.rows[0]!.is_admin;
  }
  expect(answers).toEqual({ anon: false, user: false, other: false, admin: true, service: false });
});

/** Functions anon may run: the public API plus the pure helpers the table checks use. */
const ANON_FUNCTIONS = [
  'audience_set', 'embedded_product_ids', 'is_admin', 'is_affiliate_list', 'is_distinct_list', 'is_http_url',
  'is_media_list', 'is_quiz_questions', 'is_variant_list', 'popular_blogs', 'popular_blogs_batch', 'popular_products',
  'popular_products_batch', 'prefix_tsquery',
  // The facet counts of the product listings, and the price bands they count by.
  'price_band', 'product_facets',
  'search_blogs_enhanced', 'search_products_enhanced',
  // search_products_enhanced runs as its caller and calls it; it reads only what the caller may.
  'search_products_ranked',
  // The score search_products_ranked gives a word match (a pure function, inlined into it), its
  // check that some product has the words before it looks for typos, and the catalogue's words that
  // start as the query's do (both read what anon may read).
  'product_words_score', 'catalogue_has_words', 'catalogue_word_forms',
  // A price-drop mail's unsubscribe link works without signing in (its token is the credential).
  'unsubscribe_price_alerts',
  // A shared gift list's link works without signing in (its token is the credential).
  'shared_wishlist',
];
const AUTHENTICATED_FUNCTIONS = [
  ...ANON_FUNCTIONS, 'assert_products_exist', 'click_analytics', 'click_totals_per_day', 'clicks_per_day', 'like_product',
  'merge_guest_likes', 'unlike_product',
  // The shopper's own alert switch, and the Analytics counts (which refuse non-admins inside).
  'set_price_alerts', 'price_alert_counts',
  // The shopper's own shared list.
  'share_wishlist', 'stop_sharing_wishlist',
];

test.each([
  { role: 'anon', allowed: ANON_FUNCTIONS },
  { role: 'authenticated', allowed: AUTHENTICATED_FUNCTIONS },
])('$role can execute no function in public beyond its list', async ({ role, allowed }) => {
  const { rows } = await db.query<{ name: string }>(
    `select p.proname as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege($1, p.oid, 'execute')`,
    [role],
  );
  expect(rows.map((r) => r.name).sort()).toEqual([...allowed].sort());
});

// ---------------------------------------------------------------------------------------------
// Grants: a second line of defence behind the policies
// ---------------------------------------------------------------------------------------------

const READ = 'select';
const ALL = 'select insert update delete truncate';
const grants: Record<string, Record<Role, string>> = {
  categories: { anon: READ, authenticated: READ, service_role: ALL },
  subcategories: { anon: READ, authenticated: READ, service_role: ALL },
  products: { anon: READ, authenticated: READ, service_role: ALL },
  product_search: { anon: READ, authenticated: READ, service_role: READ },
  product_search_words: { anon: READ, authenticated: READ, service_role: READ },
  platforms: { anon: READ, authenticated: READ, service_role: ALL },
  price_history: { anon: READ, authenticated: READ, service_role: ALL },
  latest_prices: { anon: READ, authenticated: READ, service_role: READ },
  writers: { anon: READ, authenticated: READ, service_role: ALL },
  blogs: { anon: READ, authenticated: READ, service_role: ALL },
  quizzes: { anon: READ, authenticated: READ, service_role: ALL },
  profiles: { anon: '', authenticated: 'select update', service_role: ALL },
  liked_products: { anon: '', authenticated: 'select insert update delete', service_role: ALL },
  shared_lists: { anon: '', authenticated: READ, service_role: ALL },
  click_events: { anon: '', authenticated: READ, service_role: ALL },
  clicks_daily: { anon: '', authenticated: READ, service_role: ALL },
  analytics: { anon: '', authenticated: READ, service_role: READ },
};

test.each(Object.entries(grants))('%s grants each role only what its policies allow', async (table, expected) => {
  const actual: Record<string, string> = {};
  for (const role of PUBLIC) {
    const { rows } = await db.query<{ privileges: string | null }>(
      `select string_agg(p, ' ' order by ord) as privileges
         from unnest(array['select', 'insert', 'update', 'delete', 'truncate']) with ordinality as x(p, ord)
        where case when p in ('select', 'insert', 'update') then has_any_column_privilege($1, $2, p)
                   else has_table_privilege($1, $2, p) end`,
      [role, `public.${table}`],
    );
    actual[role] = rows[0]?.privileges ?? '';
  }
  expect(actual).toEqual(expected);
});

test('a user may change only the name and avatar columns of their profile', async () => {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'profiles'
        and has_column_privilege('authenticated', 'public.profiles', column_name, 'update')
      order by column_name`,
  );
  expect(rows.map((r) => r.column_name)).toEqual(['avatar_url', 'full_name']);
});
