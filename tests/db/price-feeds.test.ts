/**
 * Price feeds in the database (supabase/migrations/20261101001500_price_feeds.sql): who reads and
 * writes the feed URLs, the import reports and the staging rows; apply_price_import()'s counts,
 * rejections (merged with the validator's, by line), duplicates within a file and against the
 * history, idempotence, and one transaction; the unique price point.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { attempt, createCallers, createPlatform, createProduct, runAs, serviceAuth, type CallerName, type Callers } from '../support/fixtures.ts';

let db: TestDatabase;
let callers: Callers;
let lamp: string;
let mug: string;
let amazonId: string;
const STARTED = '2026-03-01T10:00:00Z';

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
  lamp = (await createProduct(db, { name: 'Feed Lamp' })).id;
  mug = (await createProduct(db, { name: 'Feed Mug' })).id;
  amazonId = (await createPlatform(db, 'Amazon')).id;
  await createPlatform(db, 'Etsy');
  await db.query(`insert into public.price_feeds (platform_id, url) values ($1, 'https://feeds.example.com/amazon.csv')`, [amazonId]);
  await db.query(
    `insert into public.price_imports (source, file_name, started_at, status, imported) values ('upload', 'old.csv', now(), 'imported', 3)`,
  );
});
afterAll(async () => {
  await db?.drop();
});

interface Staged { line: number; product_id: string; platform: string; price: number; scraped_at: string }
interface Report extends Record<string, unknown> {
  id: number; status: string; imported: number; duplicates: number; rejected: number; rejections: Array<{ line: number; reason: string }>;
}

async function stage(batch: string, rows: Staged[]) {
  const arrays = rows.map((r) => [r.line, r.product_id, r.platform, r.price, r.scraped_at]);
  const [{ staged }] = await runAs<{ staged: number }>(db, serviceAuth,
    'select public.stage_price_import_rows($1, $2::jsonb) as staged', [batch, JSON.stringify(arrays)]) as [{ staged: number }];
  expect(staged).toBe(rows.length);
}

async function apply(rows: Staged[], parse: { rejections?: unknown[]; rejected?: number } = {}): Promise<Report> {
  const batch = randomUUID();
  await stage(batch, rows);
  const [report] = await runAs<Report>(db, serviceAuth,
    `select * from public.apply_price_import($1, 'upload', 'prices.csv', $2, $3::jsonb, $4)`,
    [batch, STARTED, JSON.stringify(parse.rejections ?? []), parse.rejected ?? 0]);
  return report!;
}

const points = async (product: string) =>
  (await db.query<{ platform: string; price: string }>(
    'select platform, price::text from public.price_history where product_id = $1 order by scraped_at, platform', [product])).rows;

const read = (caller: CallerName, table: string) => attempt(db, callers[caller].auth, `select * from public.${table}`);

describe('who reads and writes', () => {
  test.each(['price_feeds', 'price_imports'])('%s: an admin and the service role read it; anon and a shopper do not', async (table) => {
    const anon = await read('anon', table);
    expect(anon.ok ? 'read' : anon.code).toBe('42501');
    const shopper = await read('user', table);
    // A shopper may select (the grant is to authenticated) but the policy shows them nothing.
    expect(shopper.ok && shopper.rows).toEqual([]);
    for (const caller of ['admin', 'service'] as const) {
      const outcome = await read(caller, table);
      expect(outcome.ok && outcome.rows.length, caller).toBe(1);
    }
  });

  test.each(['anon', 'user', 'admin'] as const)('%s cannot write feeds or import reports, nor stage rows', async (caller) => {
    const auth = callers[caller].auth;
    const writes = [
      attempt(db, auth, `insert into public.price_feeds (platform_id, url) select id, 'https://x.example.com/f.csv' from public.platforms where name = 'Etsy'`),
      attempt(db, auth, `update public.price_feeds set enabled = false`),
      attempt(db, auth, `delete from public.price_imports`),
      attempt(db, auth, `insert into public.price_imports (source, file_name, started_at, status) values ('upload', 'x.csv', now(), 'imported')`),
      attempt(db, auth, `insert into public.price_import_rows (batch, line, product_id, platform, price, scraped_at) values (gen_random_uuid(), 1, $1, 'Amazon', 1, now())`, [lamp]),
      attempt(db, auth, `select * from public.price_import_rows`),
      attempt(db, auth, `select public.stage_price_import_rows(gen_random_uuid(), '[]')`),
      attempt(db, auth, `select * from public.apply_price_import(gen_random_uuid(), 'upload', 'x.csv', now())`),
      attempt(db, auth, `select * from public.fail_price_import(gen_random_uuid(), 'upload', 'x.csv', now(), 'no')`),
    ];
    for (const outcome of await Promise.all(writes)) expect(outcome.ok ? 'allowed' : outcome.code).toBe('42501');
  });

  test('the service role writes feeds; a feed URL must be http(s) and at most 2,000 characters, one per platform', async () => {
    const insert = (url: string, platform = 'Etsy') => attempt(db, serviceAuth,
      `insert into public.price_feeds (platform_id, url) select id, $1 from public.platforms where name = $2 returning url`, [url, platform]);
    expect((await insert('http://feeds.example.com/etsy.csv')).ok).toBe(true);
    for (const bad of ['ftp://feeds.example.com/etsy.csv', 'javascript:alert(1)', 'https://', `https://x.example.com/${'a'.repeat(2000)}`]) {
      const outcome = await insert(bad);
      expect(outcome.ok ? 'allowed' : outcome.code, bad.slice(0, 40)).toBe('23514');
    }
    const second = await insert('https://feeds.example.com/again.csv', 'Amazon');
    expect(second.ok ? 'allowed' : second.code).toBe('23505');
  });
});

describe('apply_price_import', () => {
  const at = (day: number) => `2026-02-${String(day).padStart(2, '0')}T12:00:00Z`;

  test('imports known rows, rejects unknown products and platforms by line, matches the platform in any case', async () => {
    const report = await apply([
      { line: 2, product_id: lamp, platform: 'amazon', price: 20, scraped_at: at(1) },
      { line: 3, product_id: randomUUID(), platform: 'Amazon', price: 21, scraped_at: at(1) },
      { line: 5, product_id: lamp, platform: 'Nowhere', price: 22, scraped_at: at(1) },
      { line: 6, product_id: mug, platform: ' ETSY ', price: 9.5, scraped_at: at(1) },
    ], { rejections: [{ line: 4, reason: 'negative price' }], rejected: 1 });
    expect(report).toMatchObject({ status: 'imported', imported: 2, duplicates: 0, rejected: 3 });
    expect(report.rejections).toEqual([
      { line: 3, reason: 'unknown product' }, { line: 4, reason: 'negative price' }, { line: 5, reason: 'unknown platform' },
    ]);
    expect(await points(lamp)).toEqual([{ platform: 'Amazon', price: '20.00' }]);
    expect(await points(mug)).toEqual([{ platform: 'Etsy', price: '9.50' }]);
    const left = await db.query('select 1 from public.price_import_rows');
    expect(left.rows).toEqual([]);
  });

  test('importing the same rows again changes nothing: all duplicates', async () => {
    const rows = [
      { line: 2, product_id: lamp, platform: 'Amazon', price: 19, scraped_at: at(2) },
      { line: 3, product_id: mug, platform: 'Etsy', price: 9, scraped_at: at(2) },
    ];
    expect(await apply(rows)).toMatchObject({ imported: 2, duplicates: 0, rejected: 0 });
    const before = await db.query('select * from public.price_history order by id');
    expect(await apply(rows)).toMatchObject({ imported: 0, duplicates: 2, rejected: 0, rejections: [] });
    expect((await db.query('select * from public.price_history order by id')).rows).toEqual(before.rows);
  });

  test('a point named twice in one file is imported once (the first line) and counted once as a duplicate', async () => {
    const report = await apply([
      { line: 2, product_id: lamp, platform: 'Amazon', price: 18, scraped_at: at(3) },
      { line: 3, product_id: lamp, platform: 'AMAZON', price: 17, scraped_at: at(3) },
    ]);
    expect(report).toMatchObject({ imported: 1, duplicates: 1, rejected: 0 });
    const [row] = (await db.query<{ price: string }>(
      'select price::text from public.price_history where product_id = $1 and scraped_at = $2', [lamp, at(3)])).rows;
    expect(row!.price).toBe('18.00');
  });

  test('keeps the first 1,000 rejections by line and counts them all', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => ({ line: i + 2, product_id: randomUUID(), platform: 'Amazon', price: 1, scraped_at: at(4) }));
    const report = await apply(rows, { rejections: [{ line: 1, reason: 'bad date' }], rejected: 40 });
    expect(report.rejected).toBe(1540);
    expect(report.rejections).toHaveLength(1000);
    expect(report.rejections[0]).toEqual({ line: 1, reason: 'bad date' });
    expect(report.rejections[999]).toEqual({ line: 1000, reason: 'unknown product' });
  });

  test('applies in one transaction: a failure leaves no point and no report', async () => {
    const batch = randomUUID();
    await stage(batch, [{ line: 2, product_id: lamp, platform: 'Amazon', price: 5, scraped_at: at(5) }]);
    const imports = (await db.query('select count(*)::int as n from public.price_imports')).rows[0];
    // parse_rejected smaller than the rejections it summarises is refused before anything is written.
    const outcome = await attempt(db, serviceAuth,
      `select * from public.apply_price_import($1, 'upload', 'x.csv', now(), '[{"line":1,"reason":"bad date"}]', 0)`, [batch]);
    expect(outcome.ok ? 'allowed' : outcome.code).toBe('22023');
    const bad = await attempt(db, serviceAuth, `select * from public.apply_price_import($1, 'nowhere', 'x.csv', now())`, [batch]);
    expect(bad.ok ? 'allowed' : bad.code).toBe('23514');
    expect((await db.query('select count(*)::int as n from public.price_imports')).rows[0]).toEqual(imports);
    expect(await db.query('select 1 from public.price_history where scraped_at = $1', [at(5)]).then((r) => r.rows)).toEqual([]);
  });

  test('fail_price_import records the failure and drops what was staged', async () => {
    const batch = randomUUID();
    await stage(batch, [{ line: 2, product_id: lamp, platform: 'Amazon', price: 5, scraped_at: at(6) }]);
    const [report] = await runAs<Report>(db, serviceAuth,
      `select * from public.fail_price_import($1, 'feed', 'https://feeds.example.com/amazon.csv', now(), 'The feed answered 404', null,
         (select id from public.price_feeds limit 1), $2)`, [batch, amazonId]);
    expect(report).toMatchObject({ status: 'failed', failure: 'The feed answered 404', imported: 0, source: 'feed', platform_id: amazonId });
    expect((await db.query('select 1 from public.price_import_rows where batch = $1', [batch])).rows).toEqual([]);
  });
});

describe('the price point', () => {
  test('(product, platform, scraped_at) is unique in price_history', async () => {
    const insert = `insert into public.price_history (product_id, platform, price, scraped_at) values ($1, 'Amazon', 3, '2026-01-09T00:00:00Z')`;
    await db.query(insert, [mug]);
    await expect(db.query(insert, [mug])).rejects.toMatchObject({ code: '23505' });
  });
});
