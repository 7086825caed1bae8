/**
 * POST, PUT and DELETE /api/admin/products as the demo admin: a product with media, variants and
 * affiliate links is created, updated and deleted, each success asking for one rebuild; every
 * body that does not fit is a 400 naming the field, with the catalogue unchanged and no rebuild.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminProducts from '../../functions/admin-products.ts';
import { openAdminHarness, type AdminHarness, type CallOptions, type Method } from '../support/admin-functions.ts';

const PATH = '/api/admin/products';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let h: AdminHarness;
let tech: string;
let techSubs: string[];
let drinkSub: string;

beforeAll(async () => {
  h = await openAdminHarness();
  [tech = ''] = await h.ids(`select id from public.categories where name = 'Tech Savvy'`);
  techSubs = await h.ids('select id from public.subcategories where category_id = $1 order by name limit 2', [tech]);
  [drinkSub = ''] = await h.ids(
    `select s.id from public.subcategories s join public.categories c on c.id = s.category_id where c.name = 'Drink Lab' limit 1`,
  );
});

afterAll(async () => {
  await h?.close();
});

const call = (method: Method, options?: CallOptions) => h.call(adminProducts, PATH, method, options);

function projector(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Pocket Cinema Projector',
    description: 'A pocket-sized projector that throws a cinema screen on any wall.',
    price: 149.5,
    image_url: '/media/products/projector-1.svg',
    category_ids: [tech],
    subcategory_ids: [techSubs[0], techSubs[1], techSubs[0]],
    media_urls: [
      { type: 'image', url: '/media/products/projector-2.svg' },
      { type: 'video', url: 'https://video.example.com/projector.mp4' },
    ],
    variants: [{ name: 'Charcoal', image_url: '/media/products/projector-charcoal.svg' }, { name: 'Sage Green' }],
    affiliate_links: [
      { platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0TEST0001?tag=giftshop-20' },
      { platform: 'Best Buy', title: 'Buy at Best Buy', url: 'https://www.bestbuy.com/site/projector/1.p' },
    ],
    gender_category: 'for_him',
    tagline: 'A cinema in your pocket',
    seo_title: 'Pocket Cinema Projector',
    seo_description: 'A pocket-sized projector for movie nights anywhere.',
    seo_keywords: 'projector, cinema, , movie night ',
    ...overrides,
  };
}

async function productRow(id: string) {
  const [row] = await h.shop.sql<Record<string, unknown>>(
    `select name, price::text, tagline, media_urls, variants, affiliate_links, category_ids, subcategory_ids, seo_keywords, updated_at
     from public.products where id = $1`,
    [id],
  );
  return row;
}

/** Runs a write that must succeed and returns its answer, checking that it asked for one rebuild. */
async function succeeds(method: Method, options: CallOptions, status: number) {
  const hooks = h.hook.calls();
  const answer = await call(method, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(h.hook.calls()).toBe(hooks + 1);
  return answer;
}

describe('an admin', () => {
  test('creates a product with media, variants and affiliate links: 201 with the stored product', async () => {
    const answer = await succeeds('POST', { body: projector() }, 201);
    expect(answer.body).toMatchObject({
      id: expect.any(String),
      name: 'Pocket Cinema Projector',
      price: 149.5,
      image_url: '/media/products/projector-1.svg',
      category_ids: [tech],
      // De-duplicated, in the order given.
      subcategory_ids: [techSubs[0], techSubs[1]],
      media_urls: projector().media_urls,
      variants: projector().variants,
      affiliate_links: projector().affiliate_links,
      gender_category: 'for_him',
      tagline: 'A cinema in your pocket',
      seo_keywords: ['projector', 'cinema', 'movie night'],
    });
    expect(h.hook.titles().at(-1)).toBe('Admin edit: product "Pocket Cinema Projector" created');

    const row = await productRow(String(answer.body.id));
    expect(row).toMatchObject({ name: 'Pocket Cinema Projector', price: '149.50', subcategory_ids: [techSubs[0], techSubs[1]] });
    const found = await h.shop.anon.rpc('search_products_enhanced', { search_query: 'pocket cinema projector' });
    expect(found.data?.[0]?.id).toBe(answer.body.id);
  });

  test('a new product takes the defaults for what it leaves out', async () => {
    const answer = await succeeds('POST', {
      body: { name: 'Plain Mug', description: 'A mug.', price: 0, image_url: 'https://img.example.com/mug.png', category_ids: [tech] },
    }, 201);
    expect(answer.body).toMatchObject({
      price: 0, subcategory_ids: [], media_urls: [], variants: [], affiliate_links: [], gender_category: 'for_both',
      tagline: null, seo_title: null, seo_description: null, seo_keywords: [],
    });
  });

  test('updates a product: 200; the fields sent change, optional fields left out keep their value', async () => {
    const created = await succeeds('POST', { body: projector({ name: 'Mini Projector' }) }, 201);
    const id = String(created.body.id);
    const before = await productRow(id);

    const { tagline: _kept, media_urls: _alsoKept, ...changed } = projector({
      name: 'Mini Projector Pro',
      price: 179.99,
      gender_category: 'for_both',
      affiliate_links: [{ platform: 'Etsy', title: 'Buy on Etsy', url: 'https://www.etsy.com/listing/1/mini-projector' }],
      seo_keywords: ['projector', 'pro'],
    });
    const answer = await succeeds('PUT', { body: { ...changed, id } }, 200);
    expect(answer.body).toMatchObject({
      id,
      name: 'Mini Projector Pro',
      price: 179.99,
      gender_category: 'for_both',
      tagline: 'A cinema in your pocket',
      media_urls: projector().media_urls,
      affiliate_links: [{ platform: 'Etsy', title: 'Buy on Etsy', url: 'https://www.etsy.com/listing/1/mini-projector' }],
      seo_keywords: ['projector', 'pro'],
    });
    const after = await productRow(id);
    expect(after?.updated_at).not.toEqual(before?.updated_at);

    const cleared = await succeeds('PUT', { body: { ...changed, id, tagline: null } }, 200);
    expect(cleared.body.tagline).toBeNull();
  });

  test('deletes a product by the id in the body or in ?id=: 200 { deleted: true }', async () => {
    const first = await succeeds('POST', { body: projector({ name: 'Doomed Projector' }) }, 201);
    const second = await succeeds('POST', { body: projector({ name: 'Doomed Projector 2' }) }, 201);

    expect((await succeeds('DELETE', { body: { id: first.body.id } }, 200)).body).toEqual({ deleted: true });
    expect((await succeeds('DELETE', { query: `?id=${second.body.id}` }, 200)).body).toEqual({ deleted: true });
    expect(await h.ids('select id from public.products where id = any($1::uuid[])', [[first.body.id, second.body.id]])).toEqual([]);
  });

  test('a failing build hook does not fail the write', async () => {
    h.hook.failNext();
    const answer = await succeeds('POST', { body: projector({ name: 'Projector Despite The Hook' }) }, 201);
    expect(await h.ids('select id from public.products where id = $1', [answer.body.id])).toEqual([answer.body.id]);
  });
});

describe('refused writes change nothing and ask for no rebuild', () => {
  let existing: string;
  beforeAll(async () => {
    [existing = ''] = await h.ids(`select id from public.products order by name limit 1`);
  });

  const TOO_LONG_SEO = 'x'.repeat(156);

  const CASES: { name: string; method?: Method; body?: unknown; query?: string; status?: number; error: string; field?: string }[] = [
    { name: 'malformed JSON', body: '{"name": "Lamp",', error: 'Request body is not valid JSON' },
    { name: 'a body that is a list', body: [], error: 'The product must be a JSON object', field: '' },
    { name: 'a missing name', body: { name: undefined }, error: 'Name is required', field: 'name' },
    { name: 'a blank name', body: { name: '   ' }, error: 'Name is required', field: 'name' },
    { name: 'a name with a NUL character', body: { name: 'Lamp\u0000' }, error: 'name: text cannot contain the NUL character', field: 'name' },
    { name: 'a tagline ending in half an emoji', body: { tagline: 'Cinema \uD83C' }, error: 'tagline: text must be valid Unicode', field: 'tagline' },
    { name: 'an affiliate link title with a NUL', body: { affiliate_links: [{ platform: 'Amazon', title: 'Buy\u0000', url: 'https://a.example.com' }] }, error: 'affiliate_links.0.title: text cannot contain the NUL character', field: 'affiliate_links.0.title' },
    { name: 'a name that is a number', body: { name: 7 }, error: 'Name must be text', field: 'name' },
    { name: 'a missing description', body: { description: undefined }, error: 'Description is required', field: 'description' },
    { name: 'a missing price', body: { price: undefined }, error: 'Price is required', field: 'price' },
    { name: 'a price that is text', body: { price: '12.50' }, error: 'Price must be a number', field: 'price' },
    { name: 'a price of NaN (sent as the text NaN)', body: { price: 'NaN' }, error: 'Price must be a number', field: 'price' },
    { name: 'a negative price', body: { price: -0.01 }, error: 'Price cannot be negative', field: 'price' },
    { name: 'a price with 3 decimals', body: { price: 12.345 }, error: 'Price can have at most 2 decimals', field: 'price' },
    { name: 'a price too large to store', body: { price: 100_000_000 }, error: 'Price must be less than 100,000,000', field: 'price' },
    { name: 'a missing image URL', body: { image_url: undefined }, error: 'Image URL is required', field: 'image_url' },
    { name: 'an image URL that is not a URL', body: { image_url: 'projector.png' }, error: 'Image URL must be an http(s) URL or a path starting with /', field: 'image_url' },
    { name: 'a javascript: image URL', body: { image_url: 'javascript:alert(1)' }, error: 'Image URL must be an http(s) URL or a path starting with /', field: 'image_url' },
    { name: 'a protocol-relative image URL', body: { image_url: '//evil.example.com/x.png' }, error: 'Image URL must be an http(s) URL or a path starting with /', field: 'image_url' },
    { name: 'no categories', body: { category_ids: [] }, error: 'Please select at least one category', field: 'category_ids' },
    { name: 'categories left out', body: { category_ids: undefined }, error: 'Please select at least one category', field: 'category_ids' },
    { name: 'a category id that is not a UUID', body: { category_ids: ['tech'] }, error: 'Category ID must be a UUID', field: 'category_ids.0' },
    { name: 'an unknown category id', body: { category_ids: [MISSING_ID], subcategory_ids: [] }, error: `category_ids: no category has the id ${MISSING_ID}`, field: 'category_ids' },
    { name: 'a subcategory of another category', body: () => ({ subcategory_ids: [drinkSub] }), error: 'is not a subcategory of the chosen categories', field: 'subcategory_ids' },
    { name: 'a media entry with an empty url', body: { media_urls: [{ type: 'image', url: ' ' }] }, error: 'Media URL is required', field: 'media_urls.0.url' },
    { name: 'a media entry of type gif', body: { media_urls: [{ type: 'gif', url: '/media/a.gif' }] }, error: 'Media type must be image or video', field: 'media_urls.0.type' },
    { name: 'a media entry with a bad URL', body: { media_urls: [{ type: 'image', url: 'ftp://x.example.com/a.png' }] }, error: 'Media URL must be an http(s) URL or a path starting with /', field: 'media_urls.0.url' },
    { name: 'a variant without a name', body: { variants: [{ image_url: '/media/red.svg' }] }, error: 'Variant name is required', field: 'variants.0.name' },
    { name: 'an affiliate link that is not http(s)', body: { affiliate_links: [{ platform: 'Amazon', title: 'Buy', url: 'javascript:alert(1)' }] }, error: 'URL for the Amazon link must be a web address starting with https:// or http://', field: 'affiliate_links.0.url' },
    { name: 'an affiliate link without a platform', body: { affiliate_links: [{ title: 'Buy', url: 'https://a.example.com' }] }, error: 'Affiliate link platform is required', field: 'affiliate_links.0.platform' },
    { name: 'an affiliate link to an unknown platform', body: { affiliate_links: [{ platform: 'Nowhere Mart', title: 'Buy', url: 'https://nowhere.example.com/p/1' }] }, error: 'Platform for the Nowhere Mart link is not in the platform list: add it under Platforms or choose another', field: 'affiliate_links.0.platform' },
    { name: 'an SEO description of 156 characters', body: { seo_description: TOO_LONG_SEO }, error: 'SEO description must be at most 155 characters', field: 'seo_description' },
    { name: 'SEO keywords that are a number', body: { seo_keywords: 5 }, error: 'SEO keywords must be a list or comma-separated text', field: 'seo_keywords' },
    { name: 'an audience that does not exist', body: { gender_category: 'for_pets' }, error: 'Target audience must be for_him, for_her or for_both', field: 'gender_category' },
    { name: 'a field the product does not have', body: { category: 'Tech Savvy' }, error: 'Unknown field: category', field: 'category' },
    { name: 'an update without an id', method: 'PUT', body: { id: undefined }, error: 'No product ID provided', field: 'id' },
    { name: 'an update with an id that is not a UUID', method: 'PUT', body: { id: '42' }, error: 'Product ID must be a UUID', field: 'id' },
    { name: 'an update of a product that does not exist', method: 'PUT', body: { id: MISSING_ID }, status: 404, error: 'Product not found' },
    { name: 'a delete without an id', method: 'DELETE', error: 'No product ID provided', field: 'id' },
    { name: 'a delete with an empty ?id=', method: 'DELETE', query: '?id=', error: 'No product ID provided', field: 'id' },
    { name: 'a delete with a malformed body', method: 'DELETE', body: 'id=1', error: 'Request body is not valid JSON' },
    { name: 'a delete of a product that does not exist', method: 'DELETE', body: { id: MISSING_ID }, status: 404, error: 'Product not found' },
  ];

  test.each(CASES)('$name → $error', async ({ method = 'POST', body, query, status = 400, error, field }) => {
    let sent: unknown = body;
    if (typeof body === 'function') sent = { ...projector(), ...(body as () => object)() };
    else if (method !== 'DELETE' && body !== undefined && typeof body === 'object' && !Array.isArray(body)) {
      const base = method === 'PUT' ? { ...projector(), id: existing } : projector();
      sent = { ...base, ...body };
    }
    const before = await h.catalogue();
    const hooks = h.hook.calls();
    const answer = await call(method, { body: sent, query });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toContain(error);
    if (field !== undefined) expect(answer.body.field).toBe(field);
    expect(await h.catalogue()).toEqual(before);
    expect(h.hook.calls()).toBe(hooks);
  });
});

describe('prices as the client wrote them', () => {
  const withPrice = (literal: string) => `{"price":${literal},${JSON.stringify((({ price: _p, ...rest }) => rest)(projector({ name: `Priced ${literal}` }))).slice(1)}`;

  test('a price with more digits than a number keeps is refused, not rounded to its neighbour', async () => {
    const before = await h.catalogue();
    const answer = await call('POST', { body: withPrice('12.3400000000000000001') });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'price: the number 12.3400000000000000001 cannot be stored exactly (it would become 12.34)', field: 'price' });
    expect(await h.catalogue()).toEqual(before);
  });

  test('a price too large for a number is refused naming price', async () => {
    const answer = await call('POST', { body: withPrice('1e400') });
    expect(answer).toMatchObject({ status: 400, body: { field: 'price' } });
  });

  test('the same price written another way is stored as it is', async () => {
    const answer = await call('POST', { body: withPrice('1.2E1') });
    expect(answer.status).toBe(201);
    expect(answer.body.price).toBe(12);
  });
});

describe('prices by hand', () => {
  const prices = (id: string) =>
    h.shop.sql<{ platform: string; price: string }>(
      'select platform, price::text from public.price_history where product_id = $1 order by scraped_at, platform',
      [id],
    );
  const links = (amazon: number | undefined, bestBuy: number | undefined) => [
    { platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0TEST0002', ...(amazon === undefined ? {} : { price: amazon }) },
    { platform: 'Best Buy', title: 'Buy at Best Buy', url: 'https://www.bestbuy.com/site/projector/2.p', ...(bestBuy === undefined ? {} : { price: bestBuy }) },
  ];

  test("saving writes a price row for each link whose price was given and differs from that retailer's latest", async () => {
    const created = await succeeds('POST', { body: projector({ name: 'Hand Priced Projector', affiliate_links: links(139.99, undefined) }) }, 201);
    const id = String(created.body.id);
    // The link itself keeps no price.
    expect(await prices(id)).toEqual([{ platform: 'Amazon', price: '139.99' }]);
    expect(created.body.affiliate_links).toEqual([
      { platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0TEST0002' },
      { platform: 'Best Buy', title: 'Buy at Best Buy', url: 'https://www.bestbuy.com/site/projector/2.p' },
    ]);

    await succeeds('PUT', { body: { ...projector({ name: 'Hand Priced Projector', affiliate_links: links(139.99, 145) }), id } }, 200);
    expect(await prices(id)).toEqual([{ platform: 'Amazon', price: '139.99' }, { platform: 'Best Buy', price: '145.00' }]);

    await succeeds('PUT', { body: { ...projector({ name: 'Hand Priced Projector', affiliate_links: links(129.99, undefined) }), id } }, 200);
    expect((await prices(id)).map((p) => `${p.platform} ${p.price}`)).toEqual(['Amazon 139.99', 'Best Buy 145.00', 'Amazon 129.99']);
  });

  test('two links to the same retailer may both carry its price: it is written once', async () => {
    const [amazon] = links(24.5, undefined);
    const second = { ...amazon, title: 'Gift-wrapped on Amazon', url: 'https://www.amazon.com/dp/B0TEST0003', price: 24.5 };
    const created = await succeeds('POST', { body: projector({ name: 'Twice Linked Projector', affiliate_links: [amazon, second] }) }, 201);
    expect(await prices(String(created.body.id))).toEqual([{ platform: 'Amazon', price: '24.50' }]);
    expect(created.body.affiliate_links).toHaveLength(2);
  });

  test('two different prices for one retailer are refused, and nothing is written', async () => {
    const before = await h.shop.sql('select count(*)::int as n from public.price_history');
    const [amazon] = links(24.5, undefined);
    const second = { ...amazon, url: 'https://www.amazon.com/dp/B0TEST0004', price: 22 };
    const answer = await call('POST', { body: projector({ name: 'Doubly Priced Projector', affiliate_links: [amazon, second] }) });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Two different prices were given for the Amazon links' } });
    expect(await h.shop.sql('select count(*)::int as n from public.price_history')).toEqual(before);
    expect(await h.ids(`select id from public.products where name = 'Doubly Priced Projector'`)).toEqual([]);
  });

  test.each<[unknown, string]>([
    [-5, 'Price for the Amazon link cannot be negative'],
    [12.345, 'Price for the Amazon link can have at most 2 decimals'],
    ['cheap', 'Price for the Amazon link must be a number'],
  ])('a link price of %j is refused naming the link, and nothing is written', async (price, error) => {
    const before = await h.shop.sql('select count(*)::int as n from public.price_history');
    const hooks = h.hook.calls();
    const answer = await call('POST', { body: projector({ name: 'Badly Priced Projector', affiliate_links: [{ ...links(undefined, undefined)[0], price }] }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error, field: 'affiliate_links.0.price' });
    expect(await h.shop.sql('select count(*)::int as n from public.price_history')).toEqual(before);
    expect(await h.ids(`select id from public.products where name = 'Badly Priced Projector'`)).toEqual([]);
    expect(h.hook.calls()).toBe(hooks);
  });
});
