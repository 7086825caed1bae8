import { expect, test } from 'vitest';
import { allRowsByKey, API_MAX_ROWS } from './all-rows.ts';

interface Row { product: string; platform: string }

/** A read of `table` as the API answers it: rows with a key ≥ from, in key order, at most API_MAX_ROWS. */
const reader = (table: Row[], asked: (string | undefined)[] = []) => async (from: string | undefined) => {
  asked.push(from);
  const data = table.filter((row) => from === undefined || row.product >= from).slice(0, API_MAX_ROWS);
  return { data, error: null };
};

/** Products p0000, p0001, … with `platforms(i)` rows each, in key order. */
function table(products: number, platforms: (i: number) => number): Row[] {
  return Array.from({ length: products }, (_, i) =>
    Array.from({ length: platforms(i) }, (_, j) => ({ product: `p${String(i).padStart(4, '0')}`, platform: `shop ${j}` })),
  ).flat();
}

test('reads every row once, across pages whose last product goes on in the next page', async () => {
  const rows = table(1500, (i) => 1 + (i % 3)); // 2,999 rows: pages end inside a product
  const asked: (string | undefined)[] = [];
  const read = await allRowsByKey('test', (row) => row.product, reader(rows, asked));
  expect(read).toEqual(rows);
  expect(asked.length).toBe(4);
  expect(asked[0]).toBeUndefined();
});

test('a read that fits one page is one request', async () => {
  const rows = table(10, () => 2);
  const asked: (string | undefined)[] = [];
  expect(await allRowsByKey('test', (row) => row.product, reader(rows, asked))).toEqual(rows);
  expect(asked).toEqual([undefined]);
});

test('more rows under one key than a page holds is an error naming the read, not an endless loop', async () => {
  const rows = table(2, () => API_MAX_ROWS + 1);
  await expect(allRowsByKey('catalog.latestPrices', (row) => row.product, reader(rows))).rejects.toThrow(
    `catalog.latestPrices: more than ${API_MAX_ROWS} rows share the key p0000`,
  );
});

test('a failed page fails the read with its name and the cause', async () => {
  const cause = { message: 'permission denied' };
  await expect(allRowsByKey('catalog.latestPrices', () => '', async () => ({ data: null, error: cause }))).rejects.toMatchObject({
    message: 'catalog.latestPrices',
    cause,
  });
});
