/**
 * Who may call the admin functions: every endpoint and method refuses a visitor and any token the
 * Auth API does not accept with 401 'Sign in as an admin', and a signed-in shopper with 403
 * 'Admins only' — before reading the body, so nothing is written and no rebuild is asked for.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from '../../supabase/seed/accounts.ts';
import adminBlogs from '../../functions/admin-blogs.ts';
import adminCategories from '../../functions/admin-categories.ts';
import adminPlatforms from '../../functions/admin-platforms.ts';
import adminProducts from '../../functions/admin-products.ts';
import adminQuizzes from '../../functions/admin-quizzes.ts';
import { accessToken, openAdminHarness, type AdminHarness, type Handler, type Method } from '../support/admin-functions.ts';

let h: AdminHarness;
/** A body the admin could send to each endpoint and method: only the caller is wrong. */
let bodies: Record<string, Partial<Record<Method, unknown>>>;
let expiredToken: string;
let signedOutToken: string;

beforeAll(async () => {
  h = await openAdminHarness();
  const [category] = await h.ids(`select id from public.categories where name = 'Tech Savvy'`);
  const [blogCategory] = await h.ids(`select id from public.categories where name = 'Travel Essentials'`);
  const [product] = await h.ids('select id from public.products order by name limit 1');
  const [blog] = await h.ids('select id from public.blogs order by title limit 1');
  const [quiz] = await h.ids('select id from public.quizzes limit 1');
  const [platform] = await h.ids(`select id from public.platforms where name = 'Etsy'`);
  const productBody = { name: 'Sneaky Lamp', description: 'A lamp.', price: 10, image_url: '/media/lamp.svg', category_ids: [category] };
  const categoryBody = { name: 'Sneaky Category', type: ['product'] };
  const blogBody = { title: 'Sneaky Blog', category_id: blogCategory };
  const quizBody = {
    title: 'Sneaky Quiz', description: 'Questions.', category_id: category,
    questions: [{ text: 'Which?', options: [{ text: 'A' }, { text: 'B' }] }],
  };
  bodies = {
    products: { POST: productBody, PUT: { ...productBody, id: product }, DELETE: { id: product } },
    categories: { POST: categoryBody, PUT: { ...categoryBody, id: category }, DELETE: { id: category } },
    blogs: { POST: blogBody, PUT: { ...blogBody, id: blog }, DELETE: { id: blog } },
    quizzes: { POST: quizBody, PUT: { ...quizBody, id: quiz }, DELETE: { id: quiz } },
    platforms: { POST: { name: 'Sneaky Shop' }, DELETE: { id: platform } },
  };

  const [shopper] = await h.ids('select id from auth.users where email = $1', [DEMO_SHOPPER_EMAIL]);
  expiredToken = signJwt({
    sub: shopper, role: 'authenticated', aud: 'authenticated', email: DEMO_SHOPPER_EMAIL, exp: Math.floor(Date.now() / 1000) - 60,
  });
  // Signed in, then signed out (this session only): the token is still well formed and unexpired,
  // but its session is gone.
  signedOutToken = await accessToken(h.shop, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  const logout = await fetch(`${h.shop.standIn.url}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { apikey: h.shop.standIn.anonKey, authorization: `Bearer ${signedOutToken}` },
  });
  expect(logout.status).toBe(204);
});

afterAll(async () => {
  await h?.close();
});

const ENDPOINTS: { name: string; path: string; handler: Handler; methods: Method[] }[] = [
  { name: 'products', path: '/api/admin/products', handler: adminProducts, methods: ['POST', 'PUT', 'DELETE'] },
  { name: 'categories', path: '/api/admin/categories', handler: adminCategories, methods: ['POST', 'PUT', 'DELETE'] },
  { name: 'blogs', path: '/api/admin/blogs', handler: adminBlogs, methods: ['POST', 'PUT', 'DELETE'] },
  { name: 'quizzes', path: '/api/admin/quizzes', handler: adminQuizzes, methods: ['POST', 'PUT', 'DELETE'] },
  { name: 'platforms', path: '/api/admin/platforms', handler: adminPlatforms, methods: ['POST', 'DELETE'] },
];

const CALLS = ENDPOINTS.flatMap((e) => e.methods.map((method) => ({ ...e, method })));

type Caller = 'a visitor' | 'a malformed token' | 'a token with a control character' | 'the anon key' | 'an expired token' | 'a signed-out session' | 'a shopper';

const REFUSALS: { caller: Caller; token: () => string | null; status: number; error: string }[] = [
  { caller: 'a visitor', token: () => null, status: 401, error: 'Sign in as an admin' },
  { caller: 'a malformed token', token: () => 'not-a-jwt', status: 401, error: 'Sign in as an admin' },
  // A control character would not make a valid header to the Auth API: still the caller's bad token, not a 503.
  { caller: 'a token with a control character', token: () => 'a\u007fb.c.d', status: 401, error: 'Sign in as an admin' },
  { caller: 'the anon key', token: () => h.shop.standIn.anonKey, status: 401, error: 'Sign in as an admin' },
  { caller: 'an expired token', token: () => expiredToken, status: 401, error: 'Sign in as an admin' },
  { caller: 'a signed-out session', token: () => signedOutToken, status: 401, error: 'Sign in as an admin' },
  { caller: 'a shopper', token: () => h.shopperToken, status: 403, error: 'Admins only' },
];

describe.each(REFUSALS)('$caller', ({ token, status, error }) => {
  test.each(CALLS)(`$method $path → ${status}`, async ({ name, path, handler, method }) => {
    const before = await h.catalogue();
    const hooks = h.hook.calls();
    const answer = await h.call(handler, path, method, { token: token(), body: bodies[name]?.[method] });
    expect(answer).toMatchObject({ status, body: { error } });
    expect(await h.catalogue()).toEqual(before);
    expect(h.hook.calls()).toBe(hooks);
  });
});

describe('methods', () => {
  test.each([
    ...ENDPOINTS.map((e) => ({ ...e, method: 'GET' as Method })),
    { ...ENDPOINTS[4]!, method: 'PUT' as Method },
  ])('$method $path → 405 with the methods it serves', async ({ path, handler, method, methods }) => {
    const answer = await h.call(handler, path, method);
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ error: `Use ${methods.join(', ')}` });
    expect(answer.headers.get('allow')).toBe(methods.join(', '));
  });

  test('an admin is let through: a bad body is now the problem', async () => {
    const answer = await h.call(adminProducts, '/api/admin/products', 'POST', { body: '{' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Request body is not valid JSON' } });
  });
});
