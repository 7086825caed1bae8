/**
 * The build's content loaders (src/content.config.ts) against a catalogue larger than one response:
 * hosted Supabase answers at most 1,000 rows per request, so every collection the build reads
 * whole — products, blogs, categories, writers, quizzes — must page, or the site silently loses
 * what lies past the first 1,000 rows. Driven through the same queries and sync loader the
 * collections use, with supabase-js as the build's anonymous client.
 */
import { createHash } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Loader } from 'astro/loaders';
import { blogIds, blogsChangedSince, writers } from '../../src/features/blog/core/queries.ts';
import { productIds, productsChangedSince, visibleCategories } from '../../src/features/catalog/core/queries.ts';
import { quizzes } from '../../src/features/quiz/queries.ts';
import type { Database } from '../../src/lib/database.types.ts';
import type { Db } from '../../src/lib/supabase.ts';
import { syncLoader } from '../../src/lib/sync-loader.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database.ts';

const PRODUCTS = 2500;
const BLOGS = 1500;
const MANY = 1100;

const QUESTIONS = JSON.stringify([{ id: 'q1', text: 'Coffee or tea?', options: [{ text: 'Coffee', personalities: [] }] }]);

const FIXTURES = `
  -- Changed in hundreds at once (one transaction stamps all its rows alike), so pages end inside a moment.
  insert into public.products (name, price, image_url, updated_at)
  select 'Product ' || n, n, 'https://img.test/' || n || '.png', timestamptz '2026-01-01' + (n / 100) * interval '1 second'
    from generate_series(1, ${PRODUCTS}) n;
  insert into public.blogs (title, updated_at)
  select 'Blog ' || n, timestamptz '2026-01-01' + n * interval '1 second' from generate_series(1, ${BLOGS}) n;
  insert into public.categories (name) select 'Category ' || n from generate_series(1, ${MANY}) n;
  insert into public.writers (name) select 'Writer ' || n from generate_series(1, ${MANY}) n;
  insert into public.quizzes (title, description, questions)
  select 'Quiz ' || n, 'Which gift?', '${QUESTIONS}'::jsonb from generate_series(1, ${MANY}) n;
`;

let db: TestDatabase;
let standIn: StandIn;
let build: Db;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(FIXTURES);
  standIn = await startStandIn({ port: 0, db });
  build = createClient<Database>(standIn.url, standIn.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

/** What a loader keeps between builds (Astro's data store and meta store), as plain maps. */
function loaderStore() {
  const entries = new Map<string, { data: unknown; digest: string }>();
  const meta = new Map<string, string>();
  /** Writes to either store: after any, Astro serialises its whole data store again. */
  const writes = { count: 0 };
  const write = (change: () => unknown) => {
    writes.count += 1;
    change();
  };
  const context = {
    store: {
      keys: () => [...entries.keys()],
      get: (id: string) => entries.get(id),
      set: ({ id, data, digest }: { id: string; data: unknown; digest: string }) => write(() => entries.set(id, { data, digest })),
      delete: (id: string) => write(() => entries.delete(id)),
      clear: () => write(() => entries.clear()),
    },
    meta: {
      get: (key: string) => meta.get(key),
      set: (key: string, value: string) => write(() => meta.set(key, value)),
      delete: (key: string) => write(() => meta.delete(key)),
    },
    parseData: async ({ data }: { data: unknown }) => data,
    generateDigest: (data: unknown) => createHash('sha1').update(JSON.stringify(data)).digest('hex'),
    logger: { info: () => undefined },
  };
  return { entries, writes, load: (loader: Loader) => loader.load(context as unknown as Parameters<Loader['load']>[0]) };
}

const productLoader = () =>
  syncLoader('products', { changedSince: (cursor, after, limit) => productsChangedSince(build, cursor, after, limit), allIds: () => productIds(build) });
const blogLoader = () =>
  syncLoader('blogs', { changedSince: (cursor, after, limit) => blogsChangedSince(build, cursor, after, limit), allIds: () => blogIds(build) });

describe('the build reads every row past the API cap of 1,000 per request', () => {
  test('the products collection loads all 2,500 products, and a rebuild keeps them', async () => {
    const products = loaderStore();
    await products.load(productLoader());
    expect(products.entries.size).toBe(PRODUCTS);
    await products.load(productLoader());
    expect(products.entries.size).toBe(PRODUCTS);
  });

  test('a rebuild with no row changed writes nothing to the stores', async () => {
    const products = loaderStore();
    await products.load(productLoader());
    products.writes.count = 0;
    await products.load(productLoader());
    expect(products.writes.count).toBe(0);
  });

  test('the blogs collection loads all 1,500 blogs, and a rebuild keeps every one that still exists', async () => {
    const blogs = loaderStore();
    await blogs.load(blogLoader());
    expect(blogs.entries.size).toBe(BLOGS);
    const [gone] = (await db.query<{ id: string }>(`delete from public.blogs where title = 'Blog 7' returning id`)).rows;
    await blogs.load(blogLoader());
    expect(blogs.entries.size).toBe(BLOGS - 1);
    expect(blogs.entries.has(gone!.id)).toBe(false);
  });

  test('every product id and blog id is listed', async () => {
    expect(new Set(await productIds(build)).size).toBe(PRODUCTS);
    expect(new Set(await blogIds(build)).size).toBe(BLOGS - 1);
  });

  test('every visible category, writer and quiz is loaded', async () => {
    expect((await visibleCategories(build)).length).toBe(MANY);
    expect(new Set((await writers(build)).map((w) => w.id)).size).toBe(MANY);
    expect(new Set((await quizzes(build)).map((q) => q.id)).size).toBe(MANY);
  });
});

describe.skipIf(testDatabaseKind() === 'pglite')('a save that commits after a later one was read (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  test('a product saved in a transaction begun before a rebuild read a later save is still picked up by the next rebuild', async () => {
    const products = loaderStore();
    await products.load(productLoader());
    const nameOf = async (name: string) => {
      const [row] = (await db.query<{ id: string }>('select id from public.products where name = $1', [name])).rows;
      return (products.entries.get(row!.id)?.data as { name: string } | undefined)?.name;
    };

    // The slow save's row carries its transaction's start, before the quick save's. The two
    // products are in different price bands: a product write locks its facet cell (facets.sql).
    let begun!: () => void;
    let finish!: () => void;
    const slowBegun = new Promise<void>((resolve) => (begun = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slowSave = db.transaction(async (tx) => {
      await tx.query("update public.products set name = 'Slow Save' where name = 'Product 1'");
      begun();
      await finished;
    });
    await slowBegun;
    await db.query("update public.products set name = 'Quick Save' where name = 'Product 2000'");
    await products.load(productLoader());
    expect(await nameOf('Quick Save')).toBe('Quick Save');

    finish();
    await slowSave;
    await products.load(productLoader());
    expect(await nameOf('Slow Save')).toBe('Slow Save');
  });
});
