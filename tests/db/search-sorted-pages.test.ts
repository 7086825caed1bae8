/**
 * search_products_enhanced sorted by a column (newest, lowToHigh, highToLow): among products with
 * the same date or price, the better match comes first, on whichever page the tie falls. The
 * function scores only the matches whose sort key can reach the page, so the rows tied with the
 * last one the page reaches must all be among those scored.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { anonAuth, createCategory, createProduct, runAs } from '../support/fixtures.ts';

let db: TestDatabase;

interface Hit {
  name: string;
  total: number;
}

async function search(sort_by: string | null, result_limit: number, result_offset: number): Promise<string[]> {
  const hits = await runAs<Hit & Record<string, unknown>>(
    db,
    anonAuth,
    `select name, total_count::int as total
       from public.search_products_enhanced(search_query => 'lantern', sort_by => $1, result_limit => $2, result_offset => $3)`,
    [sort_by, result_limit, result_offset],
  );
  for (const hit of hits) expect(hit.total).toBe(6);
  return hits.map((h) => h.name);
}

beforeAll(async () => {
  db = await openTestDatabase();
  const category = (await createCategory(db, { name: 'Outdoor Friends' })).id;
  // Inserted worst match first, so an order that ignores the score among ties shows the worst.
  const product = (name: string, description: string, price: number, day: string) =>
    createProduct(db, { name, description, price, category_ids: [category], created_at: `${day}T10:00:00Z` });
  await product('Folding Chair', 'Sits beside a lantern at the campsite', 25, '2026-03-05');
  await product('Brass Hook for a Lantern and Keys', 'Solid brass', 25, '2026-03-05');
  await product('Camping Lantern Set', 'Two lights and a case', 25, '2026-03-05');
  await product('Lantern', 'A storm lantern', 25, '2026-03-05');
  await product('Tiny Lantern', 'Fits a pocket', 10, '2026-03-01');
  await product('Grand Lantern', 'For a porch', 60, '2026-03-09');
});

afterAll(async () => {
  await db?.drop();
});

test('sorted by price, the products of one price come best match first, across a page edge', async () => {
  const all = ['Tiny Lantern', 'Lantern', 'Camping Lantern Set', 'Brass Hook for a Lantern and Keys', 'Folding Chair', 'Grand Lantern'];
  expect(await search('lowToHigh', 24, 0)).toEqual(all);
  expect(await search('lowToHigh', 2, 0)).toEqual(all.slice(0, 2));
  expect(await search('lowToHigh', 2, 2)).toEqual(all.slice(2, 4));
  expect(await search('lowToHigh', 1, 4)).toEqual(all.slice(4, 5));
  expect(await search('highToLow', 2, 0)).toEqual(['Grand Lantern', 'Lantern']);
  expect(await search('highToLow', 3, 3)).toEqual(['Brass Hook for a Lantern and Keys', 'Folding Chair', 'Tiny Lantern']);
});

test('sorted by date, the products of one day come best match first, across a page edge', async () => {
  expect(await search('newest', 2, 0)).toEqual(['Grand Lantern', 'Lantern']);
  expect(await search('newest', 2, 2)).toEqual(['Camping Lantern Set', 'Brass Hook for a Lantern and Keys']);
  expect(await search('newest', 2, 4)).toEqual(['Folding Chair', 'Tiny Lantern']);
  expect(await search('newest', 1, 6)).toEqual([]);
});

test('without a sort, the results come by relevance, page after page', async () => {
  const relevance = await search('relevance', 24, 0);
  expect(relevance.slice(0, 2)).toContain('Lantern');
  expect(await search(null, 24, 0)).toEqual(relevance);
  expect(await search(null, 2, 0)).toEqual(relevance.slice(0, 2));
  expect(await search(null, 2, 2)).toEqual(relevance.slice(2, 4));
  expect(await search(null, 2, 4)).toEqual(relevance.slice(4, 6));
});
