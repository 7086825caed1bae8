/**
 * The build's prices (features/catalog/core/catalogue.ts): kept between builds in a file and read
 * through the API only for the products whose prices changed since. The first build reads every
 * product with prices, page after page, and answers what the database holds: each retailer's
 * latest price, every price of the last 90 days. A later build reads only the products a price
 * write touched since, and forgets the prices of products no longer in the catalogue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { productPricesSchema, type ProductPrices } from '../../src/features/catalog/core/model.ts';
import { productPricesChangedSince } from '../../src/features/catalog/core/queries.ts';
import { syncFileCollection } from '../../src/lib/file-collection.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

/** Products added to the demo's, so that the products with prices take more than one page (1,000 rows). */
const MORE_PRODUCTS = 1200;

let shop: DemoShop;
let work: string;
let productIds: string[];

beforeAll(async () => {
  shop = await openDemoShop();
  work = await mkdtemp(join(tmpdir(), 'giftshop-prices-'));
  await shop.sql(`
    with added as (
      insert into public.products (name, price, image_url)
      select 'Priced ' || n, n, 'https://img.test/' || n || '.png' from generate_series(1, ${MORE_PRODUCTS}) n
      returning id
    )
    insert into public.price_history (product_id, platform, price, scraped_at)
    select id, 'Shop ' || n, 10 + n, now() - n * interval '40 days' from added cross join generate_series(1, 3) n`);
  productIds = (await shop.sql<{ id: string }>('select id::text from public.products')).map((r) => r.id);
});

afterAll(async () => {
  await shop?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** One build's sync of the prices, for the catalogue's products `ids`; answers the prices and how many products were read. */
async function syncPrices(ids: string[] = productIds): Promise<{ prices: Map<string, ProductPrices>; read: number }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const prices = await syncFileCollection({
      name: 'prices',
      file: join(work, 'prices.json'),
      source: {
        changedSince: (cursor, after, limit) => productPricesChangedSince(shop.anon, cursor, after, limit),
        allIds: async () => ids,
      },
      parse: (data) => productPricesSchema.parse(data),
    });
    const line = String(log.mock.calls.find(([message]) => String(message).includes('prices:'))?.[0]);
    return { prices: new Map(prices.map((p) => [p.id, p])), read: Number(/(\d+) changed/.exec(line)?.[1]) };
  } finally {
    log.mockRestore();
  }
}

const expectedLatest = async () => shop.sql<{ product_id: string; platform: string; price: string }>(
  'select product_id::text, platform, price::text from public.latest_prices order by product_id, platform',
);

test('the first build reads every product\'s latest price per retailer and its prices of the last 90 days', async () => {
  const { prices, read } = await syncPrices();
  const products = await shop.sql<{ n: number }>('select count(distinct product_id)::int as n from public.price_history');
  expect(read).toBe(products[0]!.n);
  expect(read).toBeGreaterThan(1000);

  const latest = [...prices.values()].flatMap((p) => p.latest.map((l) => ({ product_id: p.id, platform: l.platform, price: l.price })))
    .sort((a, b) => a.product_id.localeCompare(b.product_id) || a.platform.localeCompare(b.platform));
  expect(latest).toEqual((await expectedLatest()).map((row) => ({ ...row, price: Number(row.price) })));

  const recent = await shop.sql<{ product_id: string; points: number }>(
    `select product_id::text, count(*)::int as points from public.price_history
      where scraped_at > now() - interval '90 days' group by product_id`,
  );
  expect(new Map([...prices.values()].filter((p) => p.history.length > 0).map((p) => [p.id, p.history.length])))
    .toEqual(new Map(recent.map((r) => [r.product_id, r.points])));
});

test('a later build reads only the products whose prices were written since', async () => {
  await syncPrices();
  const [first, second] = productIds;
  await shop.sql(`insert into public.price_history (product_id, platform, price) values ('${first}', 'Shop 1', 1.5)`);
  await shop.sql(`delete from public.price_history where product_id = '${second}'`);
  const { prices, read } = await syncPrices();
  expect(read).toBe(2);
  expect(prices.get(first!)?.latest.find((l) => l.platform === 'Shop 1')?.price).toBe(1.5);
  expect(prices.get(second!)).toEqual({ id: second, latest: [], history: [] });
  expect((await syncPrices()).read).toBe(0);
});

test('the prices of a product no longer in the catalogue are forgotten', async () => {
  const [gone, ...kept] = productIds;
  await syncPrices();
  await shop.sql(`insert into public.price_history (product_id, platform, price) values ('${kept[0]}', 'Shop 1', 2.5)`);
  const { prices } = await syncPrices(kept);
  expect(prices.has(gone!)).toBe(false);
  expect(prices.size).toBeGreaterThan(1000);
});
