/**
 * The admin write functions (20261101001000_admin_writes.sql): only the service role may run
 * them; and on a real PostgreSQL server, a platform delete and a product save naming that
 * platform, run at the same moment, end as one of them after the other would — the product never
 * keeps a link to a platform that is gone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPostgres, type Database } from '../../supabase/local/db.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';
import { anonAuth, attempt, createCategory, createPlatform, createUser, serviceAuth, unique } from '../support/fixtures.ts';

const onPglite = testDatabaseKind() === 'pglite';

let db: TestDatabase;
let categoryId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  categoryId = (await createCategory(db)).id;
});

afterAll(async () => {
  await db?.drop();
});

const product = (platform: string, id?: string) =>
  JSON.stringify({
    ...(id ? { id } : {}),
    name: unique('Lamp'), description: 'A lamp.', price: 20, image_url: '/media/lamp.svg', media_urls: [], variants: [],
    affiliate_links: [{ platform, title: `Buy on ${platform}`, url: 'https://shop.example.com/lamp' }],
    category_ids: [categoryId], subcategory_ids: [], gender_category: 'for_both', tagline: null, seo_title: null,
    seo_description: null, seo_keywords: [],
  });

describe('who may run them', () => {
  const CALLS = [
    ['admin_save_product', `select * from public.admin_save_product('{}')`],
    ['admin_save_category', `select * from public.admin_save_category('{}')`],
    ['admin_delete_platform', `select * from public.admin_delete_platform('00000000-0000-4000-8000-000000000000')`],
  ] as const;

  test.each(CALLS)('anon and signed-in users, admins included, may not run %s', async (name, sql) => {
    const admin = await createUser(db, { admin: true });
    for (const auth of [anonAuth, admin.auth]) {
      expect(await attempt(db, auth, sql)).toMatchObject({ ok: false, code: '42501', message: `permission denied for function ${name}` });
    }
  });

  test('the service role may: a save returns the row, a delete of nothing says so', async () => {
    const platform = await createPlatform(db);
    const saved = await attempt<{ name: string }>(db, serviceAuth, 'select name from public.admin_save_product($1)', [product(platform.name)]);
    expect(saved).toMatchObject({ ok: true, rows: [{ name: expect.stringMatching(/^Lamp /) }] });
    const missing = await attempt(db, serviceAuth, `select * from public.admin_delete_platform('00000000-0000-4000-8000-000000000000')`);
    expect(missing).toMatchObject({ ok: false, code: 'P0002', message: 'Platform not found' });
  });
});

describe.skipIf(onPglite)('a platform delete racing a product save (PostgreSQL only: PGlite runs nothing concurrently)', () => {
  let pool: Database;
  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${rows[0]!.name}`;
    pool = openPostgres(url.toString(), 4);
  });
  afterAll(async () => {
    await pool?.close();
  });

  /** Runs `first` in a transaction that stays open until `second` has had time to block on it. */
  async function race(first: string, firstParams: unknown[], second: string, secondParams: unknown[]) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const ran = new Promise<void>((resolve) => (started = resolve));
    const one = pool.transaction(async (tx) => {
      await tx.query(first, firstParams);
      started();
      await held;
    }, serviceAuth);
    await ran;
    let settled = false;
    const two = pool.transaction((tx) => tx.query(second, secondParams), serviceAuth).finally(() => (settled = true));
    two.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !settled;
    release();
    await one;
    return { waited, second: await two.then(() => 'done', (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`) };
  }

  test('a delete waits for an open save naming the platform, then refuses', async () => {
    const platform = await createPlatform(db);
    const outcome = await race(
      'select id from public.admin_save_product($1)', [product(platform.name)],
      'select id from public.admin_delete_platform($1)', [platform.id],
    );
    expect(outcome).toEqual({ waited: true, second: `2BP01: ${platform.name} is still used by the affiliate links of 1 product` });
    expect((await db.query('select 1 from public.platforms where id = $1', [platform.id])).rows).toHaveLength(1);
  });

  test('a save waits for an open delete of the platform it names, then refuses', async () => {
    const platform = await createPlatform(db);
    const outcome = await race(
      'select id from public.admin_delete_platform($1)', [platform.id],
      'select id from public.admin_save_product($1)', [product(platform.name)],
    );
    expect(outcome).toEqual({ waited: true, second: `23503: affiliate_links: no platform is named ${platform.name}` });
    const { rows } = await db.query(`select 1 from public.products where affiliate_links @> $1::jsonb`, [JSON.stringify([{ platform: platform.name }])]);
    expect(rows).toEqual([]);
  });
});
