/**
 * POST, PUT and DELETE /api/admin/blogs as the demo admin: a blog is created with product embeds
 * in its body (products_id follows them), updated and deleted, each success asking for one
 * rebuild; bad bodies are 400s naming the field, with the catalogue unchanged and no rebuild.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminBlogs from '../../functions/admin-blogs.ts';
import { openAdminHarness, type AdminHarness, type CallOptions, type Method } from '../support/admin-functions.ts';

const PATH = '/api/admin/blogs';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let h: AdminHarness;
let movies: string;
let curated: string;
let writer: string;
let first: string;
let second: string;

beforeAll(async () => {
  h = await openAdminHarness();
  [movies = ''] = await h.ids(`select id from public.categories where name = 'Lights, Camera, Action'`);
  [curated = ''] = await h.ids(`select id from public.categories where name = 'Curated Picks'`);
  [writer = ''] = await h.ids('select id from public.writers order by name limit 1');
  [first = '', second = ''] = await h.ids('select id from public.products order by name limit 2');
});

afterAll(async () => {
  await h?.close();
});

const call = (method: Method, options?: CallOptions) => h.call(adminBlogs, PATH, method, options);

/** `length` characters of distinct words (numbers in base 36): about 3 bytes of search vector each. */
function distinctWords(length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${i.toString(36)} `;
  return text.slice(0, length);
}

async function succeeds(method: Method, options: CallOptions, status: number) {
  const hooks = h.hook.calls();
  const answer = await call(method, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(h.hook.calls()).toBe(hooks + 1);
  return answer;
}

function movieNight(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Movie Night Gifts',
    content:
      `# Gifts for movie nights\n\n<product-embed productId="${second}" title="One"></product-embed>\n\n` +
      `<three-products title="More" excerpt="Three more" productid='["${first}","${second}"]'></three-products>\n`,
    excerpt: 'Popcorn and projectors.',
    category_id: movies,
    gender_category: 'for_both',
    image_url: '/media/blogs/movie-night.svg',
    publish_date: '2026-11-18T10:30:00Z',
    writer_id: writer,
    author: 'Editor',
    featured: false,
    ...overrides,
  };
}

describe('an admin', () => {
  test('creates a blog: 201, with products_id derived from the product embeds in its body', async () => {
    const answer = await succeeds('POST', { body: movieNight() }, 201);
    expect(answer.body).toMatchObject({
      title: 'Movie Night Gifts',
      category_id: movies,
      writer_id: writer,
      featured: false,
      products_id: [second, first],
    });
    expect(new Date(String(answer.body.publish_date)).toISOString()).toBe('2026-11-18T10:30:00.000Z');
    const embedding = await h.shop.anon.from('blogs').select('id').contains('products_id', [first]);
    expect(embedding.data?.map((b) => b.id)).toContain(answer.body.id);
  });

  test('a new blog with only a title takes the database defaults', async () => {
    const answer = await succeeds('POST', { body: { title: 'Short Note' } }, 201);
    expect(answer.body).toMatchObject({
      title: 'Short Note', content: '', excerpt: '', category_id: null, gender_category: 'for_both', products_id: [], featured: false,
    });
  });

  test('updates a blog: 200; products_id follows the new body, fields left out keep their value', async () => {
    const created = await succeeds('POST', { body: movieNight({ title: 'Movie Night Draft' }) }, 201);
    const id = String(created.body.id);
    const answer = await succeeds('PUT', {
      body: { id, title: 'Movie Night Gift Guide', featured: true, content: `Just one: <product-embed productId="${first}"></product-embed>` },
    }, 200);
    expect(answer.body).toMatchObject({
      id, title: 'Movie Night Gift Guide', featured: true, products_id: [first], excerpt: 'Popcorn and projectors.', writer_id: writer,
    });
  });

  test('deletes a blog: 200 { deleted: true }', async () => {
    const created = await succeeds('POST', { body: movieNight({ title: 'Doomed Blog' }) }, 201);
    expect((await succeeds('DELETE', { body: { id: created.body.id } }, 200)).body).toEqual({ deleted: true });
    expect(await h.ids('select id from public.blogs where id = $1', [created.body.id])).toEqual([]);
  });
});

describe('refused writes change nothing and ask for no rebuild', () => {
  let existing: string;
  beforeAll(async () => {
    [existing = ''] = await h.ids('select id from public.blogs order by title limit 1');
  });

  const CASES: { name: string; method?: Method; body?: unknown; status?: number; error: string; field?: string }[] = [
    { name: 'malformed JSON', body: '{title', error: 'Request body is not valid JSON' },
    { name: 'a missing title', body: { title: undefined }, error: 'Title is required', field: 'title' },
    { name: 'content that is not text', body: { content: ['# Hi'] }, error: 'Content must be text', field: 'content' },
    // Distinct words: a search vector over 1 MB, which Postgres refused with a 500 before the limit.
    { name: 'content over 100,000 characters', body: { content: distinctWords(400_000) }, error: 'Content must be at most 100000 characters', field: 'content' },
    { name: 'content with a NUL character', body: { content: '# Gifts\u0000' }, error: 'content: text cannot contain the NUL character', field: 'content' },
    { name: 'a category that is not a blog category', body: () => ({ category_id: curated }), error: 'is not a blog category', field: 'category_id' },
    { name: 'an unknown category id', body: { category_id: MISSING_ID }, error: 'is not a blog category', field: 'category_id' },
    { name: 'a category id that is not a UUID', body: { category_id: 'movies' }, error: 'Category ID must be a UUID', field: 'category_id' },
    { name: 'an unknown writer', body: { writer_id: MISSING_ID }, error: `writer_id: no writer has the id ${MISSING_ID}`, field: 'writer_id' },
    { name: 'a publish date that is not a date', body: { publish_date: 'next Tuesday' }, error: 'Publish date must be a date and time such as 2026-11-18T10:30:00Z', field: 'publish_date' },
    { name: 'an image URL that is not a URL', body: { image_url: 'data:image/png;base64,AAAA' }, error: 'Image URL must be an http(s) URL or a path starting with /', field: 'image_url' },
    { name: 'featured as text', body: { featured: 'yes' }, error: 'Featured must be true or false', field: 'featured' },
    { name: 'products_id, which the body decides', body: () => ({ products_id: [first] }), error: 'Unknown field: products_id', field: 'products_id' },
    { name: 'an update without an id', method: 'PUT', body: { id: undefined }, error: 'No blog ID provided', field: 'id' },
    { name: 'an update of a blog that does not exist', method: 'PUT', body: { id: MISSING_ID }, status: 404, error: 'Blog not found' },
    { name: 'a delete without an id', method: 'DELETE', error: 'No blog ID provided', field: 'id' },
    { name: 'a delete of a blog that does not exist', method: 'DELETE', body: { id: MISSING_ID }, status: 404, error: 'Blog not found' },
  ];

  test.each(CASES)('$name → $error', async ({ method = 'POST', body, status = 400, error, field }) => {
    const base = method === 'PUT' ? { ...movieNight(), id: existing } : movieNight();
    let sent: unknown = body;
    if (typeof body === 'function') sent = { ...base, ...(body as () => object)() };
    else if (method !== 'DELETE' && body !== undefined && typeof body === 'object') sent = { ...base, ...body };
    const before = await h.catalogue();
    const hooks = h.hook.calls();
    const answer = await call(method, { body: sent });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toContain(error);
    if (field !== undefined) expect(answer.body.field).toBe(field);
    expect(await h.catalogue()).toEqual(before);
    expect(h.hook.calls()).toBe(hooks);
  });
});

describe('long articles', () => {
  test('100,000 characters of distinct words, the costliest search index, are stored', async () => {
    const content = distinctWords(100_000);
    const answer = await succeeds('POST', { body: movieNight({ title: 'The Longest Gift Guide', content }) }, 201);
    expect((answer.body.content as string).length).toBe(100_000);
  });
});
