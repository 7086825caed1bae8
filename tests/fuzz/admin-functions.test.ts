/**
 * Property-based tests of the admin functions' bodies (products, categories, blogs, quizzes,
 * platforms), called in-process as the demo admin like tests/integration/functions-admin-*.
 *
 * Whatever arrives — malformed JSON, wrong types, missing and unknown fields, 1 MB strings, emoji,
 * right-to-left text, NUL and unpaired surrogates, SQL and PostgREST syntax, NaN and over-precise
 * prices, ids that are not ids — the answer is never a 5xx. A 4xx names the field it is about
 * (`field` is the field sent wrong, or a path inside it) and leaves every catalogue table and the
 * build hook untouched. A 2xx comes only for a body the shared schema accepts, and the row then
 * holds exactly what the schema made of the body (trimmed, defaults filled, nothing else changed).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import adminBlogs from '../../functions/admin-blogs.ts';
import adminCategories from '../../functions/admin-categories.ts';
import adminPlatforms from '../../functions/admin-platforms.ts';
import adminProducts from '../../functions/admin-products.ts';
import adminQuizzes from '../../functions/admin-quizzes.ts';
import { blogCreateSchema, blogUpdateSchema } from '../../src/features/admin/blogs/schemas.ts';
import { categoryCreateSchema, categoryUpdateSchema } from '../../src/features/admin/categories/schemas.ts';
import { platformCreateSchema } from '../../src/features/admin/platforms/schemas.ts';
import { productCreateSchema, productUpdateSchema } from '../../src/features/admin/products/schemas.ts';
import { quizCreateSchema, quizUpdateSchema } from '../../src/features/admin/quizzes/schemas.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { openAdminHarness, type AdminHarness, type Answer, type Handler, type Method } from '../support/admin-functions.ts';
import {
  fuzzOptions, fuzzTimeout, hostileText, hostileValue, NUMBER_LITERALS, viaJson, wrongType,
} from './arbitraries.ts';

const RUNS = 15;
const TIMEOUT = fuzzTimeout(RUNS, 600);

let h: AdminHarness;
const ids = {
  tech: '',
  techSubs: [] as string[],
  blogCategory: '',
  quizCategory: '',
  writer: '',
  product: '',
  category: '',
  blog: '',
  quiz: '',
};

beforeAll(async () => {
  h = await openAdminHarness();
  [ids.tech = ''] = await h.ids(`select id from public.categories where name = 'Tech Savvy'`);
  ids.techSubs = await h.ids('select id from public.subcategories where category_id = $1 order by name limit 2', [ids.tech]);
  [ids.blogCategory = ''] = await h.ids(`select id from public.categories where 'blog' = any (type) and visible order by name limit 1`);
  [ids.quizCategory = ''] = await h.ids(`select id from public.categories where personality = 'gameMode'`);
  [ids.writer = ''] = await h.ids('select id from public.writers order by name limit 1');
  // Rows of its own for the updates to change, so the demo catalogue is left as seeded.
  [ids.product = ''] = await h.ids(
    `insert into public.products (name, description, price, image_url, category_ids)
     values ('Fuzz Target Lamp', 'A lamp to update.', 10, '/media/lamp.svg', array[$1::uuid]) returning id`,
    [ids.tech],
  );
  [ids.category = ''] = await h.ids(`insert into public.categories (name, type) values ('Fuzz Target Category', '{product,blog}') returning id`);
  [ids.blog = ''] = await h.ids(`insert into public.blogs (title) values ('Fuzz Target Blog') returning id`);
  [ids.quiz = ''] = await h.ids(
    `insert into public.quizzes (title, description, category_id, questions)
     values ('Fuzz Target Quiz', 'A quiz to update.', $1, $2::jsonb) returning id`,
    [ids.quizCategory, JSON.stringify([{ id: 'q1', text: 'Pick one', options: [{ text: 'A', personalities: [] }, { text: 'B', personalities: [] }] }])],
  );
});

afterAll(async () => {
  await h?.close();
});

// ---------------------------------------------------------------------------------------------
// The endpoints and what "stored exactly" means for each
// ---------------------------------------------------------------------------------------------

type Body = Record<string, unknown>;

interface Endpoint {
  name: string;
  handler: Handler;
  path: string;
  table: 'products' | 'categories' | 'blogs' | 'quizzes' | 'platforms';
  label: string;
  create: z.ZodType;
  /** Undefined for platforms, which have no update. */
  update?: z.ZodType;
  /** A valid create body; `n` makes names unique. */
  valid(n: number): Body;
  /** The row an update changes. */
  target(): string;
  /** The text fields of the body. */
  textFields: string[];
  /** Asserts that the answer (the row as stored) holds what the schema made of the body. */
  stored(expected: Body, actual: Body): void;
}

let sequence = 0;
const fresh = () => ++sequence;

/** Every key the schema produced is the stored value, compared as JSON. */
function storedAsJson(expected: Body, actual: Body, except: string[] = []): void {
  for (const [key, value] of Object.entries(expected)) {
    if (except.includes(key)) continue;
    expect(actual[key], `stored ${key}`).toEqual(viaJson(value));
  }
}

interface StoredSub { name: string; description: string | null; gender_category: string }
interface StoredQuestion { id: string; text: string; options: unknown }

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'products',
    handler: adminProducts,
    path: '/api/admin/products',
    table: 'products',
    label: 'Product',
    create: productCreateSchema,
    update: productUpdateSchema,
    valid: (n) => ({
      name: `Fuzz Projector ${n}`,
      description: 'A projector for any wall.',
      price: 149.5,
      image_url: '/media/products/projector-1.svg',
      category_ids: [ids.tech],
      subcategory_ids: ids.techSubs.slice(0, 1),
      media_urls: [{ type: 'image', url: 'https://img.example.com/p.png' }],
      variants: [{ name: 'Charcoal' }],
      affiliate_links: [{ platform: 'Amazon', title: 'Buy', url: 'https://www.amazon.com/dp/B0TEST' }],
      gender_category: 'for_him',
      tagline: 'Cinema anywhere',
      seo_title: 'Projector',
      seo_description: 'A projector.',
      seo_keywords: 'projector, cinema',
    }),
    target: () => ids.product,
    textFields: ['name', 'description', 'image_url', 'tagline', 'seo_title', 'seo_description', 'seo_keywords'],
    stored: (expected, actual) => storedAsJson(expected, actual),
  },
  {
    name: 'categories',
    handler: adminCategories,
    path: '/api/admin/categories',
    table: 'categories',
    label: 'Category',
    create: categoryCreateSchema,
    update: categoryUpdateSchema,
    valid: (n) => ({
      name: `Fuzz Category ${n}`,
      type: ['product', 'blog'],
      description: 'Things to give.',
      short_description: 'Things.',
      image_url: '/media/categories/c.svg',
      color: '#AABBCC',
      visible: true,
      gender_category: 'for_her',
      subcategories: [{ name: 'Small things', description: 'Tiny gifts' }],
    }),
    target: () => ids.category,
    textFields: ['name', 'description', 'short_description', 'image_url', 'image_url_banner', 'image_url_banner_small', 'color'],
    stored(expected, actual) {
      storedAsJson(expected, actual, ['subcategories']);
      const sent = expected.subcategories as Array<{ name: string; description: string | null; gender_category?: string }> | undefined;
      if (sent === undefined) return;
      const audience = (expected.gender_category ?? actual.gender_category) as string;
      const want = sent.map((s) => ({ name: s.name, description: s.description, gender_category: s.gender_category ?? audience }));
      const got = (actual.subcategories as StoredSub[]).map(({ name, description, gender_category }) => ({ name, description, gender_category }));
      if (expected.id === undefined) expect(got.sort(byName)).toEqual(want.sort(byName));
      else expect(got.map((s) => s.name).sort()).toEqual(want.map((s) => s.name).sort());
    },
  },
  {
    name: 'blogs',
    handler: adminBlogs,
    path: '/api/admin/blogs',
    table: 'blogs',
    label: 'Blog',
    create: blogCreateSchema,
    update: blogUpdateSchema,
    valid: (n) => ({
      title: `Fuzz Blog ${n}`,
      content: '# Gifts\n\nSome **gifts**.',
      excerpt: 'Some gifts.',
      category_id: ids.blogCategory,
      gender_category: 'for_both',
      image_url: 'https://img.example.com/b.png',
      publish_date: '2026-11-18T10:30:00Z',
      writer_id: ids.writer,
      author: 'Fuzz Writer',
      featured: false,
    }),
    target: () => ids.blog,
    textFields: ['title', 'content', 'excerpt', 'image_url', 'publish_date', 'author'],
    stored(expected, actual) {
      storedAsJson(expected, actual, ['publish_date']);
      if (typeof expected.publish_date === 'string') {
        expect(new Date(actual.publish_date as string).getTime()).toBe(new Date(expected.publish_date).getTime());
      }
    },
  },
  {
    name: 'quizzes',
    handler: adminQuizzes,
    path: '/api/admin/quizzes',
    table: 'quizzes',
    label: 'Quiz',
    create: quizCreateSchema,
    update: quizUpdateSchema,
    valid: (n) => ({
      title: `Fuzz Quiz ${n}`,
      description: 'Which gift?',
      category_id: ids.quizCategory,
      gender_category: 'for_him',
      questions: [
        { text: 'Saturday?', options: [{ text: 'Trail', personalities: ['natureUnleashed'] }, { text: 'Games', personalities: ['gameMode'] }] },
      ],
    }),
    target: () => ids.quiz,
    textFields: ['title', 'description'],
    stored(expected, actual) {
      storedAsJson(expected, actual, ['questions']);
      const sent = expected.questions as Array<{ id?: string; text: string; options: unknown }>;
      const got = actual.questions as StoredQuestion[];
      expect(got.map((q) => ({ text: q.text, options: q.options }))).toEqual(viaJson(sent.map((q) => ({ text: q.text, options: q.options }))));
      sent.forEach((q, i) => {
        if (q.id !== undefined) expect(got[i]?.id).toBe(q.id);
        else expect(got[i]?.id).toMatch(/\S/);
      });
    },
  },
  {
    name: 'platforms',
    handler: adminPlatforms,
    path: '/api/admin/platforms',
    table: 'platforms',
    label: 'Platform',
    create: platformCreateSchema,
    valid: (n) => ({ name: `Fuzz Mart ${n}` }),
    target: () => '',
    textFields: ['name'],
    stored: (expected, actual) => storedAsJson(expected, actual),
  },
];

// ---------------------------------------------------------------------------------------------
// Calling and judging
// ---------------------------------------------------------------------------------------------

/** One value per catalogue table that changes with any insert, update or delete in it. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = ['products', 'categories', 'subcategories', 'blogs', 'quizzes', 'platforms'];
  const [row] = await h.shop.sql<Record<string, string>>(
    `select ${tables.map((t) => `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from public.${t}) as ${t}`).join(', ')}`,
  );
  return row ?? {};
}

interface Sent {
  method: Method;
  /** A JSON value to send, or `raw` text as it is. */
  body?: unknown;
  raw?: string;
  query?: string;
}

/** Calls the endpoint; never a 5xx, and a 4xx with a message that changed nothing. */
async function send(endpoint: Endpoint, sent: Sent): Promise<Answer> {
  const before = await fingerprint();
  const hooks = h.hook.calls();
  const answer = await h.call(endpoint.handler, endpoint.path, sent.method, { body: sent.raw ?? sent.body, query: sent.query });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(typeof answer.body.error).toBe('string');
    expect((answer.body.error ?? '').trim()).not.toBe('');
    expect(await fingerprint(), 'a refused write changed the catalogue').toEqual(before);
    expect(h.hook.calls(), 'a refused write asked for a rebuild').toBe(hooks);
  }
  return answer;
}

/** A row a successful create made goes again, so later runs do not collide with its name. */
async function forget(endpoint: Endpoint, answer: Answer): Promise<void> {
  if (answer.status === 201 && typeof answer.body.id === 'string') {
    await h.shop.sql(`delete from public.${endpoint.table} where id = $1`, [answer.body.id]);
  }
}

const isField = (field: unknown, keys: string[]) =>
  typeof field === 'string' && keys.some((key) => field === key || field.startsWith(`${key}.`));

/**
 * Judges the answer to a body that may be wrong only in `keys`: a 2xx only when the schema
 * accepts the body, and then stored exactly; otherwise a 4xx about one of those keys.
 */
async function judge(endpoint: Endpoint, sent: Sent, schema: z.ZodType, keys: string[]): Promise<void> {
  const answer = await send(endpoint, sent);
  const json = sent.raw ?? JSON.stringify(sent.body);
  const verdict = schema.safeParse(viaJson(sent.body));
  const shown = `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  if (answer.status < 300) {
    expect(verdict.success, `accepted a body the schema refuses: ${shown}`).toBe(true);
    endpoint.stored(verdict.data as Body, answer.body);
    await forget(endpoint, answer);
  } else if (answer.status === 413) {
    // The limit is on bytes as sent (UTF-8), not on characters.
    expect(Buffer.byteLength(json), shown).toBeGreaterThan(1_000_000);
  } else if (answer.status === 404) {
    expect(keys, shown).toContain('id');
    expect(answer.body.error).toBe(`${endpoint.label} not found`);
  } else if (answer.status === 409) {
    expect(answer.body.error, shown).toMatch(/already exists/);
  } else {
    expect(answer.status, shown).toBe(400);
    expect(isField(answer.body.field, keys), `the answer names field ${JSON.stringify(answer.body.field)}, not one of ${keys.join(', ')}: ${shown}`).toBe(true);
  }
}

const keysOf = (schema: z.ZodType) => Object.keys((schema as unknown as z.ZodObject).shape);

function withField(body: Body, key: string, value: unknown): Body {
  const copy: Body = { ...body };
  if (value === undefined) delete copy[key];
  else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One field of a valid body: one of the schema's, or one it does not have. */
const fieldName = (keys: string[]) =>
  fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileText });

/** A value for it, or undefined to leave it out. */
const fieldValue = fc.option(hostileValue, { nil: undefined, freq: 8 });

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

describe.each(ENDPOINTS)('admin $name', (endpoint) => {
  test('POST with one field wrong: a 4xx naming it, or a 2xx storing exactly what was sent', async () => {
    const keys = keysOf(endpoint.create);
    await fc.assert(
      fc.asyncProperty(fieldName(keys), fieldValue, async (key, value) => {
        const body = withField(endpoint.valid(fresh()), key, value);
        await judge(endpoint, { method: 'POST', body }, endpoint.create, [key]);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('every text field hostile at once: a 4xx naming one of them, or stored exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileText, { minLength: endpoint.textFields.length, maxLength: endpoint.textFields.length }), async (texts) => {
        const body = { ...endpoint.valid(fresh()) };
        endpoint.textFields.forEach((field, i) => {
          body[field] = texts[i];
        });
        await judge(endpoint, { method: 'POST', body }, endpoint.create, endpoint.textFields);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('a body that is not a JSON object: 400, nothing written', async () => {
    const valid = JSON.stringify(endpoint.valid(0));
    const raw = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.nat({ max: valid.length - 1 }).map((n) => valid.slice(0, n)),
      wrongType.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v) ?? 'null'),
      fc.constantFrom(...NUMBER_LITERALS).map((literal) => {
        // A number where the first field's text belongs, written as the client wrote it.
        const [first = '', ...others] = Object.keys(endpoint.valid(0));
        const rest = Object.fromEntries(others.map((k) => [k, endpoint.valid(0)[k]]));
        return `{"${first}":${literal},${JSON.stringify(rest).slice(1)}`;
      }),
    );
    await fc.assert(
      fc.asyncProperty(raw, async (text) => {
        const answer = await send(endpoint, { method: 'POST', raw: text });
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          expect(answer.status).toBe(400);
          expect(answer.body.error).toBe('Request body is not valid JSON');
          return;
        }
        // Not an object, or an object whose first field is a number where text belongs.
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        const whole = parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
        const field = String(answer.body.field);
        // The body as a whole (''), or a place inside a list sent as the body ('0.name').
        if (whole) expect(field === '' || /^\d+(\.|$)/.test(field), field).toBe(true);
        else expect(field).toBe(Object.keys(endpoint.valid(0))[0]);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('DELETE of an id that is not there or not an id: 400 naming id, or 404; nothing deleted', async () => {
    const id = fc.oneof(fc.uuid(), hostileText, wrongType);
    await fc.assert(
      fc.asyncProperty(id, fc.boolean(), async (value, inQuery) => {
        const sent: Sent = inQuery && typeof value === 'string'
          ? { method: 'DELETE', query: `?${new URLSearchParams({ id: value })}` }
          : { method: 'DELETE', body: { id: value } };
        const answer = await send(endpoint, sent);
        expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
        if (answer.status === 400) expect(isField(answer.body.field, ['id']), String(answer.body.field)).toBe(true);
        else expect(answer.status).toBe(404);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);
});

describe.each(ENDPOINTS.filter((e) => e.update !== undefined))('admin $name updates', (endpoint) => {
  test('PUT with one field wrong: a 4xx naming it, or a 2xx storing exactly what was sent', async () => {
    const schema = endpoint.update as z.ZodType;
    const keys = keysOf(schema);
    await fc.assert(
      fc.asyncProperty(fieldName(keys), fieldValue, async (key, value) => {
        const body = withField({ ...endpoint.valid(fresh()), id: endpoint.target() }, key, value);
        await judge(endpoint, { method: 'PUT', body }, schema, [key]);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);
});

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/** The decimal a JSON number literal or a double's shortest form stands for: digits and exponent. */
function decimal(text: string): string {
  const match = /^-?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return text;
  const [, int = '', frac = '', exp = '0'] = match;
  let digits = (int + frac).replace(/^0+/, '');
  let exponent = Number(exp) - frac.length;
  if (digits === '') return '0';
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exponent++;
  }
  return `${text.startsWith('-') ? '-' : ''}${digits}e${exponent}`;
}

describe('admin products prices', () => {
  const products = ENDPOINTS[0] as Endpoint;
  const price = fc.oneof(
    fc.double().map((p) => JSON.stringify(p)),
    fc.integer({ min: -1e10, max: 1e10 }).map(String),
    fc.integer({ min: 0, max: 9_999_999_999 }).map((cents) => String(cents / 100)),
    fc.constantFrom(...NUMBER_LITERALS),
    fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.stringMatching(/^\d{1,25}$/)).map(([whole, frac]) => `${whole}.${frac}`),
  );

  test('a price is stored exactly when it is a number from 0 to 99,999,999.99 with at most 2 decimals; otherwise 400 naming price', async () => {
    await fc.assert(
      fc.asyncProperty(price, async (literal) => {
        const { price: _valid, ...rest } = products.valid(fresh());
        const raw = `{"price":${literal},${JSON.stringify(rest).slice(1)}`;
        const answer = await send(products, { method: 'POST', raw });
        let value: unknown;
        try {
          value = JSON.parse(literal);
        } catch {
          expect(answer.status).toBe(400);
          expect(answer.body.error).toBe('Request body is not valid JSON');
          return;
        }
        // Valid: the number the client wrote (not a neighbour JSON.parse rounded it to), from 0 to
        // the largest numeric(10, 2), with at most two decimals.
        const written = decimal(literal);
        const exact = typeof value === 'number' && Number.isFinite(value) && written === decimal(String(value));
        const decimals = -Number(/e(-?\d+)$/.exec(written)?.[1] ?? 0);
        const valid = exact && (value as number) >= 0 && (value as number) <= 99_999_999.99 && decimals <= 2;
        if (valid) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          expect(answer.body.price === value, `stored ${String(answer.body.price)} for ${literal}`).toBe(true);
          const [row] = await h.shop.sql<{ price: string }>('select price::text from public.products where id = $1', [answer.body.id]);
          expect(row?.price).toBe((value as number).toFixed(2));
          await forget(products, answer);
        } else {
          expect(answer.status, `${literal} → ${JSON.stringify(answer.body)}`).toBe(400);
          expect(answer.body.field).toBe('price');
        }
      }),
      fuzzOptions(RUNS * 2),
    );
  }, fuzzTimeout(RUNS * 2, 600));
});

// ---------------------------------------------------------------------------------------------
// Callers
// ---------------------------------------------------------------------------------------------

describe('admin callers', () => {
  test('any Authorization but a signed-in admin\'s is a 401 or 403, never a 5xx, and writes nothing', async () => {
    const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
    const claims = fc.record({
      role: fc.constantFrom('authenticated', 'service_role', 'anon', 'postgres', 'supabase_admin'),
      sub: fc.oneof(fc.uuid(), hostileText),
      exp: fc.oneof(fc.constant(0), fc.constant(null).map(inAnHour), fc.integer()),
    });
    const header = fc.oneof(
      fc.constant(null).map(() => `Bearer ${h.shopperToken}`),
      hostileText.map((t) => `Bearer ${t}`),
      // Signed with another secret, or with the project's own but for no session the Auth API knows.
      fc.tuple(claims, fc.constantFrom('another-secret', 'x', undefined)).map(([c, secret]) => `Bearer ${signJwt(c, secret)}`),
      fc.constant(null).map(() => `Bearer ${h.adminToken}x`),
      fc.constant(null).map(() => `Basic ${h.adminToken}`),
      fc.constant(null).map(() => `Bearer ${h.shop.standIn.anonKey}`),
      fc.constant(null).map(() => `Bearer ${h.adminToken.split('.').slice(0, 2).join('.')}.`),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), header, async (endpoint, authorization) => {
        const before = await fingerprint();
        const hooks = h.hook.calls();
        const response = await endpoint.handler(new Request(`http://localhost:8888${endpoint.path}`, {
          method: 'POST',
          headers: { authorization: authorization.replace(/[^\u0020-\u00ff]/g, '?'), 'content-type': 'application/json' },
          body: JSON.stringify(endpoint.valid(fresh())),
        }));
        const body = (await response.json()) as { error?: string };
        expect([401, 403], `${authorization.slice(0, 80)} → ${response.status} ${JSON.stringify(body)}`).toContain(response.status);
        expect(body.error).toBe(response.status === 401 ? 'Sign in as an admin' : 'Admins only');
        expect(await fingerprint()).toEqual(before);
        expect(h.hook.calls()).toBe(hooks);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);
});
