/**
 * /api/admin/prices as the demo admin, on the demo shop: a CSV upload imports its rows and answers
 * the report (imported, duplicates, rejected lines with reasons); the same file again changes
 * nothing; gzip bodies; bad files refused with a clear error and nothing changed (a 50 MB body is
 * stopped while streaming); feed URLs per platform; only admins.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import adminPrices from '../../functions/admin-prices.ts';
import { openAdminHarness, type AdminHarness } from '../support/admin-functions.ts';
import { NEXT_DAY, SCRAPED } from '../support/price-rows.ts';

const PATH = 'http://localhost:8888/api/admin/prices';
let h: AdminHarness;
let products: string[];
let platforms: string[];

beforeAll(async () => {
  h = await openAdminHarness();
  products = await h.ids('select id from public.products order by name limit 3');
  platforms = await h.ids('select name from public.platforms order by name');
});
afterAll(async () => {
  await h?.close();
});

interface Report { status: string; imported: number; duplicates: number; rejected: number; rejections: Array<{ line: number; reason: string }>; file_name: string }

async function upload(body: BodyInit, headers: Record<string, string> = {}, token: string | null = h.adminToken) {
  const response = await adminPrices(new Request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent('prices ä.csv'), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
    duplex: 'half',
  } as RequestInit));
  return { status: response.status, body: (await response.json()) as Report & { error?: string } };
}

const state = async () => ({
  history: await h.ids(`select coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from public.price_history t`),
  imports: await h.ids('select count(*) from public.price_imports'),
});

const csv = () => [
  'platform,product_id,price,scraped_at',
  `${platforms[0]!.toUpperCase()},${products[0]},12.50,${SCRAPED}`,
  `${platforms[0]},${products[1]},8,${SCRAPED}`,
  `${platforms[0]},00000000-0000-4000-8000-000000000000,8,${SCRAPED}`,
  `Nowhere Shop,${products[0]},8,${SCRAPED}`,
  `${platforms[0]},${products[2]},-3,${SCRAPED}`,
  `${platforms[0]},${products[2]},abc,${SCRAPED}`,
  `${platforms[0]},${products[2]},3,last tuesday`,
  `${platforms[0]},${products[2]},3,2099-01-01T00:00:00Z`,
].join('\n');

describe('an admin uploads a CSV', () => {
  test('imports the valid rows and reports duplicates and each rejected line with its reason', async () => {
    const hooks = h.hook.calls();
    const answer = await upload(csv());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'imported', imported: 2, duplicates: 0, rejected: 6, file_name: 'prices ä.csv' });
    expect(answer.body.rejections).toEqual([
      { line: 4, reason: 'unknown product' },
      { line: 5, reason: 'unknown platform' },
      { line: 6, reason: 'negative price' },
      { line: 7, reason: 'price is not a number' },
      { line: 8, reason: 'bad date' },
      { line: 9, reason: 'date in the future' },
    ]);
    const [stored] = await h.ids(
      `select platform || ' ' || price from public.price_history where product_id = $1 and scraped_at = '${SCRAPED}'`, [products[0]]);
    expect(stored).toBe(`${platforms[0]} 12.50`);
    expect(h.hook.calls()).toBe(hooks + 1);
  });

  test('the same file again changes nothing: every row a duplicate, no rebuild', async () => {
    const before = await state();
    const hooks = h.hook.calls();
    const answer = await upload(csv());
    expect(answer.body).toMatchObject({ imported: 0, duplicates: 2, rejected: 6 });
    expect((await state()).history).toEqual(before.history);
    expect(h.hook.calls()).toBe(hooks);
  });

  test('a gzip-compressed upload is read as the CSV it holds', async () => {
    const body = gzipSync(`product_id,platform,price,scraped_at\n${products[0]},${platforms[0]},11.00,${NEXT_DAY}\n`);
    const answer = await upload(body, { 'content-encoding': 'gzip' });
    expect(answer.body).toMatchObject({ status: 'imported', imported: 1, duplicates: 0, rejected: 0 });
  });

  test('GET lists the last imports, newest first, with their reports', async () => {
    const response = await adminPrices(new Request(PATH, { headers: { authorization: `Bearer ${h.adminToken}` } }));
    const { imports } = (await response.json()) as { imports: Report[] };
    expect(imports.slice(0, 3).map((i) => [i.imported, i.duplicates, i.rejected])).toEqual([[1, 0, 0], [0, 2, 6], [2, 0, 6]]);
    expect(imports[1]!.rejections[0]).toEqual({ line: 4, reason: 'unknown product' });
  });
});

describe('bad files get a clear error and change nothing', () => {
  test.each([
    ['a wrong header', 'product,platform,price,scraped_at\nx,y,1,2026-01-01\n', /missing the column product_id|unexpected column "product"/],
    ['a missing column', 'product_id,platform,price\nx,y,1\n', /The header is missing the column scraped_at/],
    ['an empty file', '', /The file is empty/],
    ['a header without rows', 'product_id,platform,price,scraped_at\n', /The file has a header but no rows/],
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00]), /not a CSV text file/],
  ])('%s', async (_name, body, message) => {
    const before = await state();
    const answer = await upload(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await state()).toEqual(before);
  });

  test('a 50 MB body is refused while it streams, before it is all read', async () => {
    const before = await state();
    let sent = 0;
    // Rows long enough that the size limit comes before the row limit, and rejected (a bad price)
    // so that the test does not wait for 20 MB of rows to be staged.
    const header = Buffer.from('product_id,platform,price,scraped_at,url\n');
    const row = Buffer.from(`${products[0]},${platforms[0]},x,${NEXT_DAY},https://shop.example.com/${'p'.repeat(150)}\n`);
    const block = Buffer.concat(Array(1000).fill(row));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(header);
      },
      pull(controller) {
        if (sent >= 50 * 1024 * 1024) return controller.close();
        sent += block.length;
        controller.enqueue(block);
      },
    });
    const answer = await upload(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The file is larger than 20 MB: split it into smaller files');
    expect(sent).toBeLessThan(25 * 1024 * 1024);
    expect(await state()).toEqual(before);
  });

  test('a body announced larger than 20 MB is refused before it is read (413)', async () => {
    const answer = await upload('product_id', { 'content-length': String(50 * 1024 * 1024) });
    expect(answer).toEqual({ status: 413, body: { error: 'The file is larger than 20 MB: split it into smaller files' } });
  });

  test('a body that is not CSV by its type is refused (415)', async () => {
    const answer = await upload('{}', { 'content-type': 'application/json' });
    expect(answer.status).toBe(415);
  });
});

describe('feed URLs per platform', () => {
  const put = (body: unknown, token = h.adminToken) => adminPrices(new Request(PATH, {
    method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  }));

  test('an admin sets, changes and removes a platform feed', async () => {
    const [platformId] = await h.ids('select id from public.platforms order by name limit 1');
    let response = await put({ platform_id: platformId, url: 'https://feeds.example.com/a.csv' });
    expect(response.status).toBe(200);
    response = await put({ platform_id: platformId, url: 'https://feeds.example.com/b.csv', enabled: false });
    expect(await response.json()).toMatchObject({ platform_id: platformId, url: 'https://feeds.example.com/b.csv', enabled: false });
    expect(await h.ids('select url from public.price_feeds')).toEqual(['https://feeds.example.com/b.csv']);
    response = await put({ platform_id: platformId, url: '' });
    expect(response.status).toBe(200);
    expect(await h.ids('select url from public.price_feeds')).toEqual([]);
  });

  test('a URL that is not http(s) is refused with the field', async () => {
    const [platformId] = await h.ids('select id from public.platforms order by name limit 1');
    const response = await put({ platform_id: platformId, url: 'ftp://feeds.example.com/a.csv' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Feed URL must start with https:// or http://', field: 'url' });
  });
});

describe('feed URLs off the public internet', () => {
  const put = (body: unknown) => adminPrices(new Request(PATH, {
    method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${h.adminToken}` }, body: JSON.stringify(body),
  }));
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('are refused at save, naming the address, and nothing is stored', async () => {
    vi.stubEnv('NETLIFY_DEV', '');
    const [platformId] = await h.ids('select id from public.platforms order by name limit 1');
    const response = await put({ platform_id: platformId, url: 'http://169.254.169.254/latest/meta-data' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Feed URL must be on the public internet (169.254.169.254 is not)', field: 'url' });
    expect(await h.ids('select url from public.price_feeds')).toEqual([]);
  });

  test('are taken in local development, whose feeds are served from this machine', async () => {
    vi.stubEnv('NETLIFY_DEV', 'true');
    const [platformId] = await h.ids('select id from public.platforms order by name limit 1');
    expect((await put({ platform_id: platformId, url: 'http://localhost:8888/feeds/a.csv' })).status).toBe(200);
    expect(await h.ids('select url from public.price_feeds')).toEqual(['http://localhost:8888/feeds/a.csv']);
    expect((await put({ platform_id: platformId, url: '' })).status).toBe(200);
  });
});

describe('only admins', () => {
  test('a shopper gets 403 and no token 401, for every method', async () => {
    expect((await upload(csv(), {}, h.shopperToken)).status).toBe(403);
    expect((await upload(csv(), {}, null)).status).toBe(401);
    const get = await adminPrices(new Request(PATH, { headers: { authorization: `Bearer ${h.shopperToken}` } }));
    expect(get.status).toBe(403);
  });
});
