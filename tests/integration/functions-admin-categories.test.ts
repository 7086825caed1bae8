/**
 * POST, PUT and DELETE /api/admin/categories as the demo admin: a category with subcategories is
 * created; an update deletes the subcategories missing from its list, updates the others and
 * inserts the new ones, all or nothing; a delete takes the category off its products. Bad bodies
 * are 400s naming the field, a taken name a 409, with the catalogue unchanged and no rebuild.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import adminCategories from '../../functions/admin-categories.ts';
import adminProducts from '../../functions/admin-products.ts';
import { openAdminHarness, type AdminHarness, type CallOptions, type Method } from '../support/admin-functions.ts';

const PATH = '/api/admin/categories';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let h: AdminHarness;

beforeAll(async () => {
  h = await openAdminHarness();
});

afterAll(async () => {
  await h?.close();
});

const call = (method: Method, options?: CallOptions) => h.call(adminCategories, PATH, method, options);

async function succeeds(method: Method, options: CallOptions, status: number) {
  const hooks = h.hook.calls();
  const answer = await call(method, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(h.hook.calls()).toBe(hooks + 1);
  return answer;
}

interface Sub {
  id: string;
  name: string;
  description: string | null;
  gender_category: string;
}

const subsOf = (answer: { body: Record<string, unknown> }) => answer.body.subcategories as Sub[];

async function storedSubs(categoryId: string) {
  return h.shop.sql<{ id: string; name: string; description: string | null }>(
    'select id, name, description from public.subcategories where category_id = $1 order by name',
    [categoryId],
  );
}

/** A category with three subcategories and a product in two of them. */
async function boardGames(name: string) {
  const created = await succeeds('POST', {
    body: {
      name,
      description: 'Games for the whole table.',
      short_description: 'Games for the table.',
      type: ['product', 'blog'],
      image_url: '/media/categories/board-games.svg',
      gender_category: 'for_both',
      subcategories: [
        { name: 'Strategy', description: 'Long evenings' },
        { name: 'Party' },
        { name: 'Two Players', description: 'For couples', gender_category: 'for_her' },
      ],
    },
  }, 201);
  const id = String(created.body.id);
  const sub = new Map(subsOf(created).map((s) => [s.name, s.id]));
  const product = await h.call(adminProducts, '/api/admin/products', 'POST', {
    body: {
      name: `${name} Castle Builder`, description: 'A board game.', price: 45, image_url: '/media/castle.svg',
      category_ids: [id], subcategory_ids: [sub.get('Strategy'), sub.get('Party')],
    },
  });
  expect(product.status).toBe(201);
  return { created, id, sub, productId: String(product.body.id) };
}

describe('an admin', () => {
  test('creates a category with subcategories: 201 with the category and its subcategories', async () => {
    const { created } = await boardGames('Board Game Nights');
    expect(created.body).toMatchObject({
      name: 'Board Game Nights',
      description: 'Games for the whole table.',
      short_description: 'Games for the table.',
      type: ['product', 'blog'],
      image_url: '/media/categories/board-games.svg',
      gender_category: 'for_both',
      // The defaults of what was left out.
      color: '#F5F5F5',
      visible: true,
      image_url_banner: null,
    });
    expect(subsOf(created).map((s) => [s.name, s.description, s.gender_category])).toEqual([
      ['Party', null, 'for_both'],
      ['Strategy', 'Long evenings', 'for_both'],
      ['Two Players', 'For couples', 'for_her'],
    ]);
    const visible = await h.shop.anon.from('categories').select('name, subcategories(name)').eq('id', String(created.body.id)).single();
    expect(visible.data?.subcategories).toHaveLength(3);
  });

  test('updates a category: missing subcategories are deleted, existing ones updated, new ones inserted', async () => {
    const { id, sub, productId } = await boardGames('Board Game Evenings');
    const answer = await succeeds('PUT', {
      body: {
        id,
        name: 'Board Game Weekends',
        type: ['product'],
        subcategories: [
          { id: sub.get('Strategy'), name: 'Deep Strategy', description: 'Very long evenings' },
          { id: sub.get('Two Players'), name: 'Two Players', description: 'For couples' },
          { name: 'Cooperative' },
        ],
      },
    }, 200);
    expect(answer.body).toMatchObject({ id, name: 'Board Game Weekends', type: ['product'], short_description: 'Games for the table.' });
    expect(subsOf(answer).map((s) => [s.name, s.description])).toEqual([
      ['Cooperative', null],
      ['Deep Strategy', 'Very long evenings'],
      ['Two Players', 'For couples'],
    ]);
    expect(subsOf(answer).find((s) => s.name === 'Deep Strategy')?.id).toBe(sub.get('Strategy'));
    // A subcategory keeps its own audience when the update does not name one.
    expect(subsOf(answer).find((s) => s.name === 'Two Players')?.gender_category).toBe('for_her');
    // Party is gone, and with it from the product.
    const [product] = await h.shop.sql<{ subcategory_ids: string[] }>('select subcategory_ids from public.products where id = $1', [productId]);
    expect(product?.subcategory_ids).toEqual([sub.get('Strategy')]);
  });

  test('an update without a subcategory list leaves them alone; an empty list deletes them all', async () => {
    const { id } = await boardGames('Board Game Afternoons');
    const untouched = await succeeds('PUT', { body: { id, name: 'Board Game Afternoons', type: ['product', 'quiz'], visible: false } }, 200);
    expect(untouched.body).toMatchObject({ type: ['product', 'quiz'], visible: false });
    expect(subsOf(untouched)).toHaveLength(3);

    const emptied = await succeeds('PUT', { body: { id, name: 'Board Game Afternoons', type: ['product'], subcategories: [] } }, 200);
    expect(subsOf(emptied)).toEqual([]);
    expect(await storedSubs(id)).toEqual([]);
  });

  describe('the update is one transaction', () => {
    afterEach(async () => {
      await h.shop.db.exec(`
        drop trigger if exists fail_on_explode on public.subcategories;
        drop function if exists public.fail_on_explode();`);
    });

    test('when updating the existing subcategories fails, the category, the deletes and the inserts are undone', async () => {
      const { id, sub, productId } = await boardGames('Board Game Mornings');
      // The third step (updating existing subcategories) fails; the first two have run by then.
      await h.shop.db.exec(`
        create function public.fail_on_explode() returns trigger language plpgsql as $$
        begin
          if new.name = 'Explode' then raise exception 'the third step failed on purpose'; end if;
          return new;
        end $$;
        create trigger fail_on_explode before update on public.subcategories
          for each row execute function public.fail_on_explode();`);
      const before = await h.catalogue();
      const subsBefore = await storedSubs(id);
      const hooks = h.hook.calls();

      const answer = await call('PUT', {
        body: {
          id,
          name: 'Board Game Nights Renamed',
          type: ['product'],
          subcategories: [{ id: sub.get('Strategy'), name: 'Explode' }, { name: 'Brand New' }],
        },
      });
      expect(answer).toMatchObject({ status: 500, body: { error: 'Something went wrong. Please try again.' } });
      expect(h.hook.calls()).toBe(hooks);
      expect(await h.catalogue()).toEqual(before);
      expect(await storedSubs(id)).toEqual(subsBefore);
      const [category] = await h.shop.sql<{ name: string }>('select name from public.categories where id = $1', [id]);
      expect(category?.name).toBe('Board Game Mornings');
      const [product] = await h.shop.sql<{ subcategory_ids: string[] }>('select subcategory_ids from public.products where id = $1', [productId]);
      expect(product?.subcategory_ids).toEqual([sub.get('Strategy'), sub.get('Party')]);
    });
  });

  test('deletes a category: 200 { deleted: true }; its subcategories go and its products lose it', async () => {
    const { id, productId } = await boardGames('Board Game Nights To Go');
    const answer = await succeeds('DELETE', { query: `?id=${id}` }, 200);
    expect(answer.body).toEqual({ deleted: true });
    expect(await storedSubs(id)).toEqual([]);
    const [product] = await h.shop.sql<{ category_ids: string[]; subcategory_ids: string[] }>(
      'select category_ids, subcategory_ids from public.products where id = $1', [productId],
    );
    expect(product).toEqual({ category_ids: [], subcategory_ids: [] });
  });
});

describe('refused writes change nothing and ask for no rebuild', () => {
  let techId: string;
  let otherSub: string;
  beforeAll(async () => {
    [techId = ''] = await h.ids(`select id from public.categories where name = 'Tech Savvy'`);
    [otherSub = ''] = await h.ids(
      `select s.id from public.subcategories s join public.categories c on c.id = s.category_id where c.name = 'Drink Lab' limit 1`,
    );
  });

  const valid = { name: 'Puzzle Lovers', description: 'Puzzles.', type: ['product'], subcategories: [{ name: 'Jigsaws' }] };

  const CASES: { name: string; method?: Method; body?: unknown; query?: string; status?: number; error: string; field?: string }[] = [
    { name: 'malformed JSON', body: '{"name":', error: 'Request body is not valid JSON' },
    { name: 'a body that is text', body: '"Puzzle Lovers"', error: 'The category must be a JSON object', field: '' },
    { name: 'a missing name', body: { name: undefined }, error: 'Name is required', field: 'name' },
    { name: 'a name of 121 characters', body: { name: 'x'.repeat(121) }, error: 'Name must be at most 120 characters', field: 'name' },
    { name: 'no types', body: { type: [] }, error: 'At least one type must be selected', field: 'type' },
    { name: 'types left out', body: { type: undefined }, error: 'At least one type must be selected', field: 'type' },
    { name: 'a type other than product, blog or quiz', body: { type: ['product', 'gift'] }, error: 'Types can only be product, blog or quiz', field: 'type.1' },
    { name: 'a short description of 241 characters', body: { short_description: 'x'.repeat(241) }, error: 'Short description must be at most 240 characters', field: 'short_description' },
    { name: 'an image URL that is not a URL', body: { image_url: 'banner.png' }, error: 'Image URL must be an http(s) URL or a path starting with /', field: 'image_url' },
    { name: 'a colour that is not hex', body: { color: 'teal' }, error: 'Color must be a hex color such as #F5F5F5', field: 'color' },
    { name: 'visible as text', body: { visible: 'yes' }, error: 'Visible must be true or false', field: 'visible' },
    { name: 'a subcategory without a name', body: { subcategories: [{ description: 'Nameless' }] }, error: 'Subcategory name is required', field: 'subcategories.0.name' },
    { name: 'two subcategories of the same name', body: { subcategories: [{ name: 'Jigsaws' }, { name: 'jigsaws' }] }, error: 'Two subcategories are named jigsaws', field: 'subcategories.1.name' },
    { name: 'subcategories that are not a list', body: { subcategories: 'Jigsaws' }, error: 'Subcategories must be a list', field: 'subcategories' },
    { name: 'a field a category does not have', body: { personality: 'gameMode' }, error: 'Unknown field: personality', field: 'personality' },
    { name: 'a name that is taken, in another letter case', body: { name: 'tech savvy' }, status: 409, error: 'A category named tech savvy already exists' },
    { name: 'an update without an id', method: 'PUT', body: {}, error: 'No category selected', field: 'id' },
    { name: 'an update of a category that does not exist', method: 'PUT', body: { id: MISSING_ID }, status: 404, error: 'Category not found' },
    { name: 'an update listing a subcategory of another category', method: 'PUT', body: () => ({ id: techId, name: 'Tech Savvy', subcategories: [{ id: otherSub, name: 'Stolen' }] }), error: 'is not a subcategory of this category', field: 'subcategories' },
    { name: 'an update taking the name of another category', method: 'PUT', body: () => ({ id: techId, name: 'Drink Lab' }), status: 409, error: 'A category named Drink Lab already exists' },
    { name: 'a delete without an id', method: 'DELETE', error: 'No category selected', field: 'id' },
    { name: 'a delete of a category that does not exist', method: 'DELETE', body: { id: MISSING_ID }, status: 404, error: 'Category not found' },
  ];

  test.each(CASES)('$name → $error', async ({ method = 'POST', body, query, status = 400, error, field }) => {
    let sent: unknown = body;
    if (typeof body === 'function') sent = { ...valid, ...(body as () => object)() };
    else if (method !== 'DELETE' && body !== undefined && typeof body === 'object') sent = { ...valid, ...body };
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
