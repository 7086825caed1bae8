/**
 * The daily feed run (functions/price-feeds-daily.ts) on the demo shop, with feeds served over
 * local HTTP: each enabled feed is one import (plain or gzip), a feed that fails is recorded as a
 * failed import and the others go on, a feed names only its own platform, disabled feeds are
 * skipped, the run asks for one rebuild; run again, it changes nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import runPriceFeeds, { config } from '../../functions/price-feeds-daily.ts';
import { importFeed, msUntilPriceFeeds, PRICE_FEEDS_CRON } from '../../functions/_shared/price-import/feeds.ts';
import { openAdminHarness, type AdminHarness } from '../support/admin-functions.ts';
import { NEXT_DAY, SCRAPED } from '../support/price-rows.ts';

let h: AdminHarness;
let server: Server;
let base: string;
let products: string[];
let platforms: Array<{ id: string; name: string }>;
/** What the stalling feed sends before it stops. */
let stallingStart = '';

let netlifyDevBefore: string | undefined;

beforeAll(async () => {
  // The feeds are served from this machine, as under `npm start` (local development allows that; feed-fetch.ts).
  netlifyDevBefore = process.env.NETLIFY_DEV;
  process.env.NETLIFY_DEV = 'true';
  h = await openAdminHarness();
  products = await h.ids('select id from public.products order by name limit 2');
  platforms = await h.shop.sql<{ id: string; name: string }>('select id, name from public.platforms order by name limit 3');
  const [first, second] = platforms;
  const files: Record<string, Buffer> = {
    '/first.csv': Buffer.from([
      'product_id,platform,price,scraped_at,url',
      `${products[0]},${first!.name},14.20,${SCRAPED},https://shop.example.com/a`,
      `${products[1]},${first!.name},7.10,${SCRAPED},`,
      `${products[1]},${second!.name},7.00,${SCRAPED},`,
    ].join('\n')),
    '/second.csv.gz': gzipSync(`product_id,platform,price,scraped_at\n${products[0]},${second!.name},13.90,${SCRAPED}\n`),
  };
  server = createServer((req, res) => {
    if (req.url === '/stalls.csv') {
      // Sends its header and a first row, then nothing more: a feed that stalls half-way.
      res.writeHead(200, { 'content-type': 'text/csv' });
      return void res.write(stallingStart);
    }
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': req.url!.endsWith('.gz') ? 'application/gzip' : 'text/csv' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const feed = (platform: { id: string }, path: string, enabled = true) =>
    h.shop.sql('insert into public.price_feeds (platform_id, url, enabled) values ($1, $2, $3)', [platform.id, `${base}${path}`, enabled]);
  await feed(first!, '/first.csv');
  await feed(second!, '/second.csv.gz');
  await feed(platforms[2]!, '/gone.csv');
});
afterAll(async () => {
  if (netlifyDevBefore === undefined) delete process.env.NETLIFY_DEV;
  else process.env.NETLIFY_DEV = netlifyDevBefore;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

interface ImportRow extends Record<string, unknown> { file_name: string; status: string; imported: number; duplicates: number; rejected: number; rejections: unknown; failure: string | null }
const imports = () => h.shop.sql<ImportRow>(
  `select file_name, status, imported, duplicates, rejected, rejections, failure from public.price_imports where source = 'feed' order by id`);

test('every enabled feed is imported as its own import; a failing feed is recorded and the others go on; one rebuild', async () => {
  const hooks = h.hook.calls();
  await runPriceFeeds();
  const rows = await imports();
  const byPath = (path: string) => rows.find((r) => r.file_name === `${base}${path}`);
  expect(byPath('/first.csv')).toMatchObject({
    status: 'imported', imported: 2, duplicates: 0, rejected: 1,
    rejections: [{ line: 4, reason: `platform is not this feed's platform (${platforms[0]!.name})` }],
  });
  expect(byPath('/second.csv.gz')).toMatchObject({ status: 'imported', imported: 1, rejected: 0 });
  expect(byPath('/gone.csv')).toMatchObject({ status: 'failed', imported: 0, failure: 'The feed answered 404 Not Found' });
  expect(h.hook.calls()).toBe(hooks + 1);
  const [point] = await h.ids(
    `select price from public.price_history where product_id = $1 and platform = $2 and scraped_at = '${SCRAPED}'`,
    [products[0], platforms[1]!.name]);
  expect(point).toBe('13.90');
});

test('run again, the feeds change nothing: every row a duplicate', async () => {
  const before = await h.ids(`select count(*) from public.price_history`);
  await runPriceFeeds();
  const last = (await imports()).slice(-3).sort((a, b) => a.file_name.localeCompare(b.file_name));
  // first.csv, gone.csv, second.csv.gz
  expect(last.map((r) => [r.status, r.imported, r.duplicates])).toEqual([['imported', 0, 2], ['failed', 0, 0], ['imported', 0, 1]]);
  expect(await h.ids(`select count(*) from public.price_history`)).toEqual(before);
});

test('a disabled feed is not fetched', async () => {
  await h.shop.sql('update public.price_feeds set enabled = false');
  const count = (await imports()).length;
  await runPriceFeeds();
  expect((await imports()).length).toBe(count);
});

test('npm start runs the feeds when Netlify does: daily at 04:00 UTC', () => {
  expect(config.schedule).toBe(PRICE_FEEDS_CRON);
  expect(msUntilPriceFeeds(new Date('2026-03-04T03:59:00Z'))).toBe(60_000);
  expect(msUntilPriceFeeds(new Date('2026-03-04T04:00:00Z'))).toBe(86_400_000);
});

test('a feed that stalls half-way through its file is recorded as too slow, and none of its rows are imported', async () => {
  const [platform] = await h.shop.sql<{ id: string; name: string }>('select id, name from public.platforms order by name offset 3 limit 1');
  stallingStart = `product_id,platform,price,scraped_at\n${products[0]},${platform!.name},3.50,${NEXT_DAY}\n`;
  const [feedId = ''] = await h.ids(
    'insert into public.price_feeds (platform_id, url, enabled) values ($1, $2, false) returning id', [platform!.id, `${base}/stalls.csv`]);
  const before = await h.ids('select count(*) from public.price_history');

  const report = await importFeed({ id: feedId, platform_id: platform!.id, url: `${base}/stalls.csv`, platform: platform!.name }, { fetchMs: 500 });

  expect(report).toMatchObject({ status: 'failed', imported: 0, failure: 'The feed did not send its file within 0.5 s' });
  expect(await h.ids('select count(*) from public.price_history')).toEqual(before);
  expect(await h.ids('select count(*) from public.price_import_rows')).toEqual(['0']);
});

test('in production a feed on an address off the public internet is not fetched, and the import says why', async () => {
  const [platform] = await h.shop.sql<{ id: string; name: string }>('select id, name from public.platforms order by name offset 4 limit 1');
  const feed = (url: string) => ({ id: '', platform_id: platform!.id, url, platform: platform!.name });
  const [feedId = ''] = await h.ids(
    'insert into public.price_feeds (platform_id, url, enabled) values ($1, $2, false) returning id', [platform!.id, `${base}/first.csv`]);
  const before = await h.ids('select count(*) from public.price_history');

  const literal = await importFeed({ ...feed(`${base}/first.csv`), id: feedId }, { allowPrivate: false });
  expect(literal).toMatchObject({ status: 'failed', imported: 0, failure: 'The feed was not fetched: its address 127.0.0.1 is not on the public internet' });
  const named = await importFeed({ ...feed(base.replace('127.0.0.1', 'localhost') + '/first.csv'), id: feedId }, { allowPrivate: false });
  expect(named.status).toBe('failed');
  expect(named.failure).toMatch(/^The feed was not fetched: its address localhost leads to (127\.0\.0\.1|::1), which is not on the public internet$/);
  expect(await h.ids('select count(*) from public.price_history')).toEqual(before);
});
