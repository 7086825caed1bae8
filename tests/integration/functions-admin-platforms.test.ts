/**
 * POST and DELETE /api/admin/platforms as the demo admin: the platform list grows and shrinks,
 * a name is unique in any letter case, and a platform an affiliate link still names cannot be
 * deleted. Each success asks for one rebuild; refusals change nothing and ask for none.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminPlatforms from '../../functions/admin-platforms.ts';
import adminProducts from '../../functions/admin-products.ts';
import { openAdminHarness, type AdminHarness, type CallOptions, type Method } from '../support/admin-functions.ts';

const PATH = '/api/admin/platforms';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let h: AdminHarness;

beforeAll(async () => {
  h = await openAdminHarness();
});

afterAll(async () => {
  await h?.close();
});

const call = (method: Method, options?: CallOptions) => h.call(adminPlatforms, PATH, method, options);

async function succeeds(method: Method, options: CallOptions, status: number) {
  const hooks = h.hook.calls();
  const answer = await call(method, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(h.hook.calls()).toBe(hooks + 1);
  return answer;
}

async function platformNames(): Promise<string[]> {
  return h.ids('select name from public.platforms order by name');
}

describe('an admin', () => {
  test('adds a platform: 201 with it; product links may name it at once', async () => {
    const answer = await succeeds('POST', { body: { name: '  Bookshop  ' } }, 201);
    expect(answer.body).toMatchObject({ id: expect.any(String), name: 'Bookshop' });
    expect(await platformNames()).toContain('Bookshop');

    const [tech] = await h.ids(`select id from public.categories where name = 'Tech Savvy'`);
    const product = await h.call(adminProducts, '/api/admin/products', 'POST', {
      body: {
        name: 'Reading Light', description: 'A clip-on light.', price: 19.99, image_url: '/media/light.svg', category_ids: [tech],
        affiliate_links: [{ platform: 'Bookshop', title: 'Buy at Bookshop', url: 'https://bookshop.example.com/light' }],
      },
    });
    expect(product.status).toBe(201);
  });

  test('deletes a platform no link names: 200 { deleted: true }', async () => {
    const created = await succeeds('POST', { body: { name: 'Corner Store' } }, 201);
    expect((await succeeds('DELETE', { body: { id: created.body.id } }, 200)).body).toEqual({ deleted: true });
    expect(await platformNames()).not.toContain('Corner Store');
  });
});

describe('refused writes change nothing and ask for no rebuild', () => {
  let amazon: string;
  let amazonProducts: number;
  beforeAll(async () => {
    [amazon = ''] = await h.ids(`select id from public.platforms where name = 'Amazon'`);
    const [count] = await h.shop.sql<{ n: number }>(
      `select count(*)::int as n from public.products where affiliate_links @> '[{"platform": "Amazon"}]'`,
    );
    amazonProducts = count?.n ?? 0;
    expect(amazonProducts).toBeGreaterThan(1);
  });

  const CASES: { name: string; method?: Method; body?: unknown; query?: () => string; status?: number; error: () => string; field?: string }[] = [
    { name: 'malformed JSON', body: 'Etsy', error: () => 'Request body is not valid JSON' },
    { name: 'a missing name', body: {}, error: () => 'Platform name is required', field: 'name' },
    { name: 'a blank name', body: { name: ' ' }, error: () => 'Platform name is required', field: 'name' },
    { name: 'a name of 61 characters', body: { name: 'x'.repeat(61) }, error: () => 'Platform name must be at most 60 characters', field: 'name' },
    { name: 'a name that is taken', body: { name: 'Etsy' }, status: 409, error: () => 'A platform named Etsy already exists' },
    { name: 'a name taken in another letter case', body: { name: 'etsy' }, status: 409, error: () => 'A platform named etsy already exists' },
    { name: 'a delete without an id', method: 'DELETE', error: () => 'No platform ID provided', field: 'id' },
    { name: 'a delete of a platform that does not exist', method: 'DELETE', body: { id: MISSING_ID }, status: 404, error: () => 'Platform not found' },
    {
      name: 'a delete of a platform affiliate links still name',
      method: 'DELETE',
      query: () => `?id=${amazon}`,
      status: 409,
      error: () => `Amazon is still used by the affiliate links of ${amazonProducts} products. Remove those links first.`,
    },
  ];

  test.each(CASES)('$name', async ({ method = 'POST', body, query, status = 400, error, field }) => {
    const before = await h.catalogue();
    const hooks = h.hook.calls();
    const answer = await call(method, { body, query: query?.() });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(error());
    if (field !== undefined) expect(answer.body.field).toBe(field);
    expect(await h.catalogue()).toEqual(before);
    expect(h.hook.calls()).toBe(hooks);
  });
});
