/**
 * Triggers and checks on the catalogue, content and profiles: what a write is refused for, what
 * the database derives on its own (profiles, search vectors, embedded product ids, updated_at)
 * and how deletes ripple to the rows that point at the deleted one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  createBlog,
  createCategory,
  createProduct,
  createQuiz,
  createSubcategory,
  createUser,
  createWriter,
  createPlatform,
  type ProductValues,
} from '../support/fixtures.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** The SQLSTATE and message of a failed fixture insert (as the owner). */
async function failure(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? 'none', message };
  }
  throw new Error('expected the write to be refused, but it succeeded');
}

/** Sets a row's updated_at to 2000-01-01 with triggers off, so a later bump is visible. */
const longAgo = '2000-01-01T00:00:00Z';

/** Moves a row's created_at and updated_at to `longAgo`, past the triggers, so a later change is plain to see. */
async function backdate(table: string, key: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(`update public.${table} set created_at = $2, updated_at = $2 where ${key} = $1`, [id, longAgo]);
  });
}

const updatedAt = async (table: string, id: string): Promise<number> =>
  (await db.query<{ updated_at: Date }>(`select updated_at from public.${table} where id = $1`, [id])).rows[0]!.updated_at.getTime();

const matches = async (table: 'products' | 'blogs', id: string, words: string): Promise<boolean> => {
  const { rows } = await db.query<{ hit: boolean }>(
    `select search_vector @@ plainto_tsquery('english', $2) as hit from public.${table} where id = $1`,
    [id, words],
  );
  return rows[0]!.hit;
};

describe('profiles', () => {
  test('a new auth user gets a profile with their email, name and avatar, and is not an admin', async () => {
    const user = await createUser(db, { email: 'new@example.com', fullName: 'Nina New', avatarUrl: 'https://img.example.com/n.png' });
    const { rows } = await db.query('select email, full_name, avatar_url, is_admin from public.profiles where id = $1', [user.id]);
    expect(rows).toEqual([
      { email: 'new@example.com', full_name: 'Nina New', avatar_url: 'https://img.example.com/n.png', is_admin: false },
    ]);
  });

  test('deleting an auth user deletes their profile and their liked products row', async () => {
    const user = await createUser(db);
    await db.query(`insert into public.liked_products (user_id) values ($1)`, [user.id]);
    await db.query('delete from auth.users where id = $1', [user.id]);
    const { rows } = await db.query<{ n: number }>(
      `select (select count(*) from public.profiles where id = $1)::int
            + (select count(*) from public.liked_products where user_id = $1)::int as n`,
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('product checks', () => {
  let tech: { id: string };
  let home: { id: string };
  let techSub: { id: string };
  let homeSub: { id: string };
  beforeAll(async () => {
    tech = await createCategory(db, { name: 'Tech' });
    home = await createCategory(db, { name: 'Home' });
    techSub = await createSubcategory(db, { category_id: tech.id, name: 'Audio' });
    homeSub = await createSubcategory(db, { category_id: home.id, name: 'Lighting' });
  });

  test('a product with an unknown category id is refused, naming the id', async () => {
    const ghost = '00000000-0000-4000-8000-000000000001';
    const { code, message } = await failure(createProduct(db, { category_ids: [tech.id, ghost] }));
    expect(code).toBe('23503');
    expect(message).toBe(`category_ids: no category has the id ${ghost}`);
  });

  test('a product whose subcategory belongs to none of its categories is refused', async () => {
    const { code, message } = await failure(createProduct(db, { category_ids: [tech.id], subcategory_ids: [homeSub.id] }));
    expect(code).toBe('23503');
    expect(message).toBe(`subcategory_ids: ${homeSub.id} is not a subcategory of the chosen categories`);
  });

  test('a product with subcategories of its categories is accepted', async () => {
    const product = await createProduct(db, { category_ids: [tech.id, home.id], subcategory_ids: [techSub.id, homeSub.id] });
    expect(product.subcategory_ids).toEqual([techSub.id, homeSub.id]);
  });

  test('taking a category off a product while keeping its subcategory is refused', async () => {
    const product = await createProduct(db, { category_ids: [tech.id, home.id], subcategory_ids: [techSub.id] });
    const { code } = await failure(db.query('update public.products set category_ids = $2 where id = $1', [product.id, [home.id]]));
    expect(code).toBe('23503');
  });

  test('a product listing the same category twice is refused', async () => {
    expect((await failure(createProduct(db, { category_ids: [tech.id, tech.id] }))).code).toBe('23514');
  });

  test.each<[string, ProductValues]>([
    ['media_urls that is not a list', { media_urls: { type: 'image', url: 'https://x.example.com/a.jpg' } }],
    ['a media entry of type gif', { media_urls: [{ type: 'gif', url: 'https://x.example.com/a.gif' }] }],
    ['a media entry with an empty url', { media_urls: [{ type: 'image', url: ' ' }] }],
    ['a media entry without a type', { media_urls: [{ url: 'https://x.example.com/a.jpg' }] }],
    ['a variant without a name', { variants: [{ image_url: 'https://x.example.com/red.jpg' }] }],
    ['a variant whose image_url is a number', { variants: [{ name: 'Red', image_url: 7 }] }],
    ['an affiliate link that is not http(s)', { affiliate_links: [{ platform: 'Amazon', title: 'Buy', url: 'javascript:alert(1)' }] }],
    ['an affiliate link without a title', { affiliate_links: [{ platform: 'Amazon', url: 'https://a.example.com' }] }],
    ['an affiliate link with an empty platform', { affiliate_links: [{ platform: '', title: 'Buy', url: 'https://a.example.com' }] }],
    ['an affiliate link whose url is a number', { affiliate_links: [{ platform: 'Amazon', title: 'Buy', url: 5 }] }],
    ['a negative price', { price: -0.01 }],
    ['an image_url that is not a URL', { image_url: 'not a url' }],
    ['an seo_description of 156 characters', { seo_description: 'x'.repeat(156) }],
    ['an empty name', { name: '   ' }],
  ])('a product with %s is refused by a check', async (_, values) => {
    expect((await failure(createProduct(db, values))).code).toBe('23514');
  });

  test('well-formed media, variants, affiliate links and a 155-character seo_description are accepted', async () => {
    const product = await createProduct(db, {
      media_urls: [{ type: 'video', url: 'https://x.example.com/a.mp4' }, { type: 'image', url: '/media/b.jpg' }],
      variants: [{ name: 'Red', image_url: 'https://x.example.com/red.jpg' }, { name: 'Blue', image_url: null }, { name: 'Green' }],
      affiliate_links: [{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://amazon.example.com/p/1' }],
      seo_description: 'x'.repeat(155),
      price: 0,
    });
    expect(product.price).toBe('0.00');
  });

  test.each([
    ['12.345', '12.35'],
    ['12.344', '12.34'],
    ['0.005', '0.01'],
    ['99999999.99', '99999999.99'],
  ])('a price of %s is stored as %s (two decimals)', async (given, stored) => {
    expect((await createProduct(db, { price: given })).price).toBe(stored);
  });

  test('a price of 100,000,000 or more does not fit and is refused', async () => {
    expect((await failure(createProduct(db, { price: '100000000' }))).code).toBe('22003');
  });

  test('a gender outside for_him, for_her and for_both is refused', async () => {
    const { code } = await failure(
      db.query(`insert into public.products (name, price, image_url, gender_category) values ('X', 1, '/x.jpg', 'for_kids')`),
    );
    expect(code).toBe('22P02');
  });
});

describe('category checks', () => {
  test('a short_description of 240 characters is accepted and one of 241 refused', async () => {
    await createCategory(db, { short_description: 's'.repeat(240) });
    expect((await failure(createCategory(db, { short_description: 's'.repeat(241) }))).code).toBe('23514');
  });

  test.each([[['gift']], [['product', 'gift']], [[]]])('a category typed %j is refused', async (type) => {
    expect((await failure(createCategory(db, { type }))).code).toBe('23514');
  });

  test('a category may be typed for products, blogs and quizzes at once', async () => {
    expect((await createCategory(db, { type: ['product', 'blog', 'quiz'] })).type).toEqual(['product', 'blog', 'quiz']);
  });

  test('a category colour defaults to #F5F5F5', async () => {
    expect((await createCategory(db)).color).toBe('#F5F5F5');
  });

  test('a category colour must be #RRGGBB', async () => {
    expect((await failure(createCategory(db, { color: 'red' }))).code).toBe('23514');
  });

  test('category names are unique regardless of case', async () => {
    await createCategory(db, { name: 'Gamers' });
    expect((await failure(createCategory(db, { name: 'GAMERS' }))).code).toBe('23505');
  });

  test('only one category can be the featured one', async () => {
    await createCategory(db, { featured: true });
    expect((await failure(createCategory(db, { featured: true }))).code).toBe('23505');
  });

  test('quiz questions must be a non-empty list of questions with options', async () => {
    expect((await failure(createQuiz(db, { questions: [] }))).code).toBe('23514');
    expect((await failure(createQuiz(db, { questions: [{ id: 'q1', text: 'Hm?', options: [] }] }))).code).toBe('23514');
    expect((await failure(createQuiz(db, { questions: [{ id: 'q1', text: 'Hm?', options: [{ text: 'A', personalities: [1] }] }] }))).code)
      .toBe('23514');
  });
});

describe('search vectors follow category names', () => {
  test('a product is found by the names of its category and subcategory', async () => {
    const category = await createCategory(db, { name: 'Kitchenware' });
    const sub = await createSubcategory(db, { category_id: category.id, name: 'Espresso' });
    const product = await createProduct(db, { name: 'Steel Mug', category_ids: [category.id], subcategory_ids: [sub.id] });
    expect(await matches('products', product.id, 'kitchenware')).toBe(true);
    expect(await matches('products', product.id, 'espresso')).toBe(true);
  });

  test('renaming a category refreshes its products\' search vectors and marks them updated', async () => {
    const category = await createCategory(db, { name: 'Gardening' });
    const product = await createProduct(db, { name: 'Trowel', category_ids: [category.id], created_at: '2000-01-01T00:00:00Z' });
    await backdate('products', 'id', product.id);
    await db.query(`update public.categories set name = 'Allotment' where id = $1`, [category.id]);
    expect(await matches('products', product.id, 'allotment')).toBe(true);
    expect(await matches('products', product.id, 'gardening')).toBe(false);
    expect(await updatedAt('products', product.id)).toBeGreaterThan(Date.parse('2000-01-02'));
  });

  test('renaming a subcategory refreshes its products\' search vectors', async () => {
    const category = await createCategory(db);
    const sub = await createSubcategory(db, { category_id: category.id, name: 'Candles' });
    const product = await createProduct(db, { name: 'Jar', category_ids: [category.id], subcategory_ids: [sub.id] });
    await db.query(`update public.subcategories set name = 'Lanterns' where id = $1`, [sub.id]);
    expect(await matches('products', product.id, 'lanterns')).toBe(true);
    expect(await matches('products', product.id, 'candles')).toBe(false);
  });

  test('renaming a blog category refreshes its blogs\' search vectors', async () => {
    const category = await createCategory(db, { name: 'Travelling', type: ['blog'] });
    const blog = await createBlog(db, { title: 'Packing light', category_id: category.id });
    expect(await matches('blogs', blog.id, 'travelling')).toBe(true);
    await db.query(`update public.categories set name = 'Wanderlust' where id = $1`, [category.id]);
    expect(await matches('blogs', blog.id, 'wanderlust')).toBe(true);
    expect(await matches('blogs', blog.id, 'travelling')).toBe(false);
  });
});

describe('deleting categories and subcategories', () => {
  test('deleting a category removes its id and its subcategories\' ids from products', async () => {
    const doomed = await createCategory(db);
    const kept = await createCategory(db);
    const doomedSub = await createSubcategory(db, { category_id: doomed.id });
    const keptSub = await createSubcategory(db, { category_id: kept.id });
    const product = await createProduct(db, {
      category_ids: [doomed.id, kept.id], subcategory_ids: [doomedSub.id, keptSub.id],
    });
    await db.query('delete from public.categories where id = $1', [doomed.id]);
    const { rows } = await db.query('select category_ids, subcategory_ids from public.products where id = $1', [product.id]);
    expect(rows).toEqual([{ category_ids: [kept.id], subcategory_ids: [keptSub.id] }]);
  });

  test('deleting a category with several subcategories on one product removes them all', async () => {
    const doomed = await createCategory(db);
    const subs = [await createSubcategory(db, { category_id: doomed.id }), await createSubcategory(db, { category_id: doomed.id })];
    const product = await createProduct(db, { category_ids: [doomed.id], subcategory_ids: subs.map((s) => s.id) });
    await db.query('delete from public.categories where id = $1', [doomed.id]);
    const { rows } = await db.query('select category_ids, subcategory_ids from public.products where id = $1', [product.id]);
    expect(rows).toEqual([{ category_ids: [], subcategory_ids: [] }]);
  });

  test('deleting a subcategory removes its id from products and keeps the category', async () => {
    const category = await createCategory(db);
    const sub = await createSubcategory(db, { category_id: category.id });
    const product = await createProduct(db, { category_ids: [category.id], subcategory_ids: [sub.id] });
    await db.query('delete from public.subcategories where id = $1', [sub.id]);
    const { rows } = await db.query('select category_ids, subcategory_ids from public.products where id = $1', [product.id]);
    expect(rows).toEqual([{ category_ids: [category.id], subcategory_ids: [] }]);
  });

  test('moving a subcategory to another category takes it off products outside that category', async () => {
    const from = await createCategory(db);
    const to = await createCategory(db);
    const sub = await createSubcategory(db, { category_id: from.id });
    const stays = await createProduct(db, { category_ids: [from.id, to.id], subcategory_ids: [sub.id] });
    const loses = await createProduct(db, { category_ids: [from.id], subcategory_ids: [sub.id] });
    await db.query('update public.subcategories set category_id = $2 where id = $1', [sub.id, to.id]);
    const { rows } = await db.query<{ id: string; subcategory_ids: string[] }>(
      'select id, subcategory_ids from public.products where id = any ($1)', [[stays.id, loses.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.subcategory_ids]))).toEqual({ [stays.id]: [sub.id], [loses.id]: [] });
  });

  test('deleting a category leaves its blogs and quizzes without a category', async () => {
    const category = await createCategory(db, { type: ['blog', 'quiz'] });
    const blog = await createBlog(db, { category_id: category.id });
    const quiz = await createQuiz(db, { category_id: category.id });
    await db.query('delete from public.categories where id = $1', [category.id]);
    const { rows } = await db.query(
      `select (select category_id from public.blogs where id = $1) as blog, (select category_id from public.quizzes where id = $2) as quiz`,
      [blog.id, quiz.id],
    );
    expect(rows).toEqual([{ blog: null, quiz: null }]);
  });
});

describe('blogs', () => {
  let products: string[];
  beforeAll(async () => {
    products = [];
    for (let i = 0; i < 5; i++) products.push((await createProduct(db)).id);
  });

  test('products_id lists the products embedded by product-embed and three-products tags, in order, once each', async () => {
    const [a, b, c, d, e] = products as [string, string, string, string, string];
    const content = [
      `Intro <product-embed productId="${a}" title="First"></product-embed>`,
      `<three-products title="Trio" excerpt="Three" productid='["${b}","${a}","${c}"]'></three-products>`,
      `<PRODUCT-EMBED productId="${d.toUpperCase()}" />`,
      `A product mentioned in passing: ${e}.`,
    ].join('\n\n');
    const blog = await createBlog(db, { content });
    expect(blog.products_id).toEqual([a, b, c, d]);
  });

  test('products_id follows the body when it is edited and ignores what the writer sends', async () => {
    const [a, b] = products as [string, string];
    const blog = await createBlog(db, { content: `<product-embed productId="${a}"></product-embed>` });
    const { rows } = await db.query<{ products_id: string[] }>(
      `update public.blogs set content = $2, products_id = $3 where id = $1 returning products_id`,
      [blog.id, `<product-embed productId="${b}"></product-embed>`, [a]],
    );
    expect(rows[0]!.products_id).toEqual([b]);
  });

  test('a blog without embeds has no products', async () => {
    expect((await createBlog(db, { content: '# Plain\n\nNo embeds here.' })).products_id).toEqual([]);
  });

  test('a blog\'s category must be typed for blogs', async () => {
    const productCategory = await createCategory(db, { type: ['product'] });
    const { code, message } = await failure(createBlog(db, { category_id: productCategory.id }));
    expect(code).toBe('23514');
    expect(message).toBe(`category_id: ${productCategory.id} is not a blog category`);
  });

  test('a blog in a blog category is accepted', async () => {
    const blogCategory = await createCategory(db, { type: ['product', 'blog'] });
    expect((await createBlog(db, { category_id: blogCategory.id })).category_id).toBe(blogCategory.id);
  });
});

describe('updated_at', () => {
  const tables: { table: string; key: string; change: string; make: () => Promise<string> }[] = [
    { table: 'profiles', key: 'id', change: `full_name = 'Changed'`, make: async () => (await createUser(db)).id },
    { table: 'categories', key: 'id', change: `description = 'Changed'`, make: async () => (await createCategory(db)).id },
    {
      table: 'subcategories', key: 'id', change: `description = 'Changed'`,
      make: async () => (await createSubcategory(db, { category_id: (await createCategory(db)).id })).id,
    },
    { table: 'platforms', key: 'id', change: `name = name || '+'`, make: async () => (await createPlatform(db)).id },
    { table: 'products', key: 'id', change: 'price = price + 1', make: async () => (await createProduct(db)).id },
    { table: 'writers', key: 'id', change: `description = 'Changed'`, make: async () => (await createWriter(db)).id },
    { table: 'blogs', key: 'id', change: `excerpt = 'Changed'`, make: async () => (await createBlog(db)).id },
    { table: 'quizzes', key: 'id', change: `description = 'Changed'`, make: async () => (await createQuiz(db)).id },
    {
      table: 'liked_products', key: 'user_id', change: `product_id = '{}'`,
      make: async () => {
        const user = await createUser(db);
        await db.query('insert into public.liked_products (user_id) values ($1)', [user.id]);
        return user.id;
      },
    },
  ];

  test.each(tables)('changing a row of $table moves its updated_at to now', async ({ table, key, change, make }) => {
    const id = await make();
    await backdate(table, key, id);
    const { rows } = await db.query<{ recent: boolean; created_kept: boolean }>(
      `update public.${table} set ${change} where ${key} = $1
       returning updated_at > now() - interval '1 minute' as recent, created_at = $2 as created_kept`,
      [id, longAgo],
    );
    expect(rows).toEqual([{ recent: true, created_kept: true }]);
  });
});
