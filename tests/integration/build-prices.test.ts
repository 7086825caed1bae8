/**
 * The build's reads of every product's prices (latest per retailer, and the last 90 days), paged
 * by product through the API, answer what the database holds: every product, every retailer,
 * every point, once — compared with the same views read in SQL. The reads a build starts ahead
 * (astro.config.mjs) answer the same, and are taken by one catalogue only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPriceReads, takeStartedPriceReads } from '../../src/features/catalog/core/price-reads.ts';
import { latestPrices, recentPriceHistory } from '../../src/features/catalog/core/queries.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

let shop: DemoShop;

beforeAll(async () => {
  shop = await openDemoShop();
  // Enough retailers that the latest prices take several pages, a product's rows crossing a page end.
  await shop.sql(`
    insert into public.price_history (product_id, platform, price, scraped_at)
    select p.id, 'Shop ' || n, 10 + n, now() - interval '1 day'
    from public.products p cross join generate_series(1, 7) n`);
});

afterAll(async () => {
  await shop?.close();
});

test('every product\'s latest price per retailer, each once', async () => {
  const expected = await shop.sql<{ product_id: string; platform: string; price: string; scraped_at: string }>(
    'select product_id::text, platform, price::text, scraped_at::text from public.latest_prices order by product_id, platform',
  );
  expect(expected.length).toBeGreaterThan(2000);
  const read = await latestPrices(shop.anon);
  const flat = [...read].flatMap(([productId, prices]) => prices.map((p) => ({ productId, platform: p.platform, price: p.price })));
  expect(flat).toEqual(expected.map((row) => ({ productId: row.product_id, platform: row.platform, price: Number(row.price) })));
});

test('every product\'s prices of the last 90 days', async () => {
  const expected = await shop.sql<{ product_id: string; points: number }>(
    'select product_id::text, jsonb_array_length(points::jsonb)::int as points from public.price_history_90_days order by product_id',
  );
  const read = await recentPriceHistory(shop.anon);
  expect([...read].map(([productId, points]) => ({ product_id: productId, points: points.length }))).toEqual(expected);
});

test('the price reads a build starts ahead answer what the catalogue would read, and are taken once', async () => {
  expect(takeStartedPriceReads()).toBeUndefined();
  startPriceReads(shop.anon);
  const started = takeStartedPriceReads();
  expect(takeStartedPriceReads()).toBeUndefined();
  expect(await started?.latest).toEqual(await latestPrices(shop.anon));
  expect(await started?.histories).toEqual(await recentPriceHistory(shop.anon));
});
