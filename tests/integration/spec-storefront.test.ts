/**
 * Document 1, section 7 ("The calls it makes"), driven through supabase-js against the stand-in
 * over the demo catalogue: authentication (sign-up with the mailed confirmation, password and
 * Google sign-in, session, auth state, sign-out), the liked_products record and the like
 * functions, the profile's is_admin, search suggestions, the two search procedures in parallel,
 * the navigation categories and the connection health check.
 */
import { type AuthChangeEvent, createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
import {
  DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD,
} from '../../supabase/seed/accounts.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { suggestionsFor } from '../../src/features/search/suggestions.ts';
import { AUTH_CALLBACK, idsOf, isSortedBy, openDemoShop, type DemoShop, type SignedIn } from '../support/demo-stand-in.ts';

/** The product summary the storefront reads (document 1, section 3). */
const PRODUCT_SUMMARY = 'id, name, description, price, image_url, gender_category';

let shop: DemoShop;
let shopper: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  shop = await openDemoShop();
  shopper = await shop.signIn(DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  admin = await shop.signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
});

afterAll(async () => {
  await shop?.close();
});

let emails = 0;
const newEmail = () => `visitor${++emails}.${Date.now()}@example.com`;

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${shop.standIn.url}/outbox/api/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMessage[];
}

/** Ids of the products matching a condition, by id, run as the owner. */
async function productIdsWhere(where: string, params: unknown[] = [], limit = 1000): Promise<string[]> {
  const rows = await shop.sql<{ id: string }>(`select id from public.products where ${where} order by id limit ${limit}`, params);
  return rows.map((r) => r.id);
}

describe('authentication', () => {
  test('sign-up answers without a session and mails a confirmation link back to /auth/callback', async () => {
    const email = newEmail();
    const { data, error } = await shop.client().auth.signUp({
      email, password: 'wrapping-paper-8', options: { emailRedirectTo: AUTH_CALLBACK },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Confirm Your Signup');
    expect(new URL(mail?.action_link ?? '').searchParams.get('redirect_to')).toBe(AUTH_CALLBACK);

    // Email confirmation is required: the password does not work until the link is followed.
    const early = await shop.client().auth.signInWithPassword({ email, password: 'wrapping-paper-8' });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', message: 'Email not confirmed' });

    const confirmed = await fetch(mail?.action_link ?? '', { redirect: 'manual' });
    const location = confirmed.headers.get('location') ?? '';
    expect(location.startsWith(`${AUTH_CALLBACK}#`)).toBe(true);
    expect(new URLSearchParams(new URL(location).hash.slice(1)).get('access_token')).toEqual(expect.any(String));

    const later = await shop.client().auth.signInWithPassword({ email, password: 'wrapping-paper-8' });
    expect(later.error).toBeNull();
    expect(later.data.user?.id).toBe(data.user?.id);
  });

  test('sign-up with a password under 8 characters is refused with the provider message and no mail', async () => {
    const email = newEmail();
    const { data, error } = await shop.client().auth.signUp({ email, password: 'short7!' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
    expect(await mailsTo(email)).toEqual([]);
  });

  test('password sign-in answers with a session and the user; a wrong password with the provider message', async () => {
    const client = shop.client();
    const { data, error } = await client.auth.signInWithPassword({ email: DEMO_SHOPPER_EMAIL, password: DEMO_SHOPPER_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user).toMatchObject({ email: DEMO_SHOPPER_EMAIL, user_metadata: { full_name: 'Sam Shopper' } });

    const wrong = await shop.client().auth.signInWithPassword({ email: DEMO_SHOPPER_EMAIL, password: 'not-the-password' });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  test('the current session and user follow sign-in and sign-out, and subscribers hear each change', async () => {
    const client = shop.client();
    const events: AuthChangeEvent[] = [];
    const { data: subscription } = client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    try {
      expect((await client.auth.getSession()).data.session).toBeNull();

      const signedIn = await client.auth.signInWithPassword({ email: DEMO_SHOPPER_EMAIL, password: DEMO_SHOPPER_PASSWORD });
      const session = (await client.auth.getSession()).data.session;
      expect(session?.user.id).toBe(shopper.userId);
      const { data: current, error } = await client.auth.getUser();
      expect(error).toBeNull();
      expect(current.user).toMatchObject({ id: shopper.userId, email: DEMO_SHOPPER_EMAIL });

      expect(await client.auth.signOut()).toEqual({ error: null });
      expect((await client.auth.getSession()).data.session).toBeNull();
      // The refresh token of the ended session is revoked.
      const refreshed = await shop.client().auth.refreshSession({ refresh_token: signedIn.data.session?.refresh_token ?? '' });
      expect(refreshed.data.session).toBeNull();
      expect(refreshed.error?.status).toBe(400);

      expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
    } finally {
      subscription.subscription.unsubscribe();
    }
  });

  test('Google sign-in goes to the provider page and returns to /auth/callback with a session', async () => {
    const { data, error } = await shop.client().auth.signInWithOAuth({
      provider: 'google', options: { redirectTo: AUTH_CALLBACK, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const authorize = new URL(data.url ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${shop.standIn.url}/auth/v1/authorize`);
    expect(authorize.searchParams.get('provider')).toBe('google');
    expect(authorize.searchParams.get('redirect_to')).toBe(AUTH_CALLBACK);

    const consent = await (await fetch(authorize)).text();
    const fields = new URLSearchParams();
    for (const [, name, value] of consent.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) {
      fields.set(name ?? '', (value ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
    }
    // The local emulation fills in no account: the visitor types the Google account's address and name.
    fields.set('email', newEmail());
    fields.set('full_name', 'Robin Google');
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(consent)?.[1] ?? '', shop.standIn.url);
    const returned = await fetch(action, {
      method: 'POST', body: fields, redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = returned.headers.get('location') ?? '';
    expect(location.startsWith(`${AUTH_CALLBACK}#`)).toBe(true);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    const browser = shop.client();
    const restored = await browser.auth.setSession({
      access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(restored.data.user?.email).toBe(fields.get('email'));
    expect(restored.data.user?.app_metadata.provider).toBe('google');
  });
});

describe('likes (liked_products)', () => {
  test('reads the shopper\'s product_id list: zero or one record for the user', async () => {
    const [expected] = await shop.sql<{ product_id: string[] }>(
      'select product_id from public.liked_products where user_id = $1', [shopper.userId],
    );
    expect(expected?.product_id).toHaveLength(5);
    const { data, error } = await shopper.client.from('liked_products').select('product_id').eq('user_id', shopper.userId).maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ product_id: expected?.product_id });
  });

  test('reads all columns of the record', async () => {
    const { data, error } = await shopper.client.from('liked_products').select('*').eq('user_id', shopper.userId);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual(['created_at', 'product_id', 'updated_at', 'user_id']);
    expect(data?.[0]?.user_id).toBe(shopper.userId);
  });

  test('a user without a record has no likes yet: no row, and single() says PGRST116', async () => {
    const fresh = await shop.newUser();
    const maybe = await fresh.client.from('liked_products').select('product_id').eq('user_id', fresh.userId).maybeSingle();
    expect([maybe.data, maybe.error]).toEqual([null, null]);
    const single = await fresh.client.from('liked_products').select('product_id').eq('user_id', fresh.userId).single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
  });

  test('the first like inserts the record with a list of one id; later likes update the list', async () => {
    const fresh = await shop.newUser();
    const [first, second] = await productIdsWhere('gender_category = $1', ['for_her'], 2);

    const inserted = await fresh.client.from('liked_products')
      .insert({ user_id: fresh.userId, product_id: [first ?? ''] })
      .select('user_id, product_id').single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual({ user_id: fresh.userId, product_id: [first] });

    // One record per user: a second first-like is a conflict the caller sees.
    const again = await fresh.client.from('liked_products').insert({ user_id: fresh.userId, product_id: [second ?? ''] });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });

    const updated = await fresh.client.from('liked_products')
      .update({ product_id: [first ?? '', second ?? ''] })
      .eq('user_id', fresh.userId)
      .select('product_id');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ product_id: [first, second] }]);

    const unliked = await fresh.client.from('liked_products').update({ product_id: [second ?? ''] }).eq('user_id', fresh.userId);
    expect(unliked.status).toBe(204);
    const stored = await shop.sql<{ product_id: string[] }>('select product_id from public.liked_products where user_id = $1', [fresh.userId]);
    expect(stored).toEqual([{ product_id: [second] }]);
  });

  test('like_product, unlike_product and merge_guest_likes change the caller\'s own list', async () => {
    const fresh = await shop.newUser();
    const [a, b, c, d] = await productIdsWhere('gender_category = $1', ['for_him'], 4);
    const ids = [a, b, c, d].map((id) => id ?? '');

    expect((await fresh.client.rpc('like_product', { product: ids[0] ?? '' })).data).toEqual([a]);
    expect((await fresh.client.rpc('like_product', { product: ids[1] ?? '' })).data).toEqual([a, b]);
    expect((await fresh.client.rpc('like_product', { product: ids[0] ?? '' })).data).toEqual([a, b]);
    expect((await fresh.client.rpc('unlike_product', { product: ids[0] ?? '' })).data).toEqual([b]);
    // Guest likes after sign-in: the union, existing first, without duplicates.
    const merged = await fresh.client.rpc('merge_guest_likes', { product_ids: [ids[2] ?? '', ids[1] ?? '', ids[3] ?? ''] });
    expect(merged.data).toEqual([b, c, d]);

    const { data } = await fresh.client.from('liked_products').select('product_id').eq('user_id', fresh.userId).single();
    expect(data).toEqual({ product_id: [b, c, d] });
  });

  test('the wishlist page reads the liked products by id list, shown in the wishlist\'s order', async () => {
    const { data: liked } = await shopper.client.from('liked_products').select('product_id').eq('user_id', shopper.userId).single();
    const wanted = liked?.product_id ?? [];
    const { data, error } = await shopper.client.from('products').select(PRODUCT_SUMMARY).in('id', wanted);
    expect(error).toBeNull();
    const byId = new Map((data ?? []).map((p) => [p.id, p]));
    const shown = wanted.flatMap((id) => byId.get(id) ?? []);

    const expected = await shop.sql<{ id: string; name: string }>(
      'select p.id, p.name from unnest($1::uuid[]) with ordinality as w(id, n) join public.products p on p.id = w.id order by w.n',
      [wanted],
    );
    expect(shown.map((p) => p.name)).toEqual(expected.map((p) => p.name));
    expect(shown).toHaveLength(5);
  });

  test('nobody reads or writes another shopper\'s record; visitors cannot touch liked_products', async () => {
    const other = await shop.newUser();
    const peek = await other.client.from('liked_products').select('product_id').eq('user_id', shopper.userId);
    expect([peek.status, peek.data]).toEqual([200, []]);

    const [product] = await productIdsWhere('true', [], 1);
    const forged = await other.client.from('liked_products').insert({ user_id: shopper.userId, product_id: [product ?? ''] });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "liked_products"' });

    const visitor = await shop.anon.from('liked_products').select('product_id').eq('user_id', shopper.userId);
    expect(visitor.status).toBe(401);
    expect(visitor.error).toMatchObject({ code: '42501', message: 'permission denied for table liked_products' });
    const visitorLike = await shop.anon.rpc('like_product', { product: product ?? '' });
    expect(visitorLike.status).toBe(401);
    expect(visitorLike.error).toMatchObject({ code: '42501' });
  });

  test('a like of a product that does not exist is refused naming the id', async () => {
    const fresh = await shop.newUser();
    const missing = '00000000-0000-4000-8000-000000000000';
    const inserted = await fresh.client.from('liked_products').insert({ user_id: fresh.userId, product_id: [missing] });
    expect(inserted.status).toBe(400);
    expect(inserted.error).toMatchObject({ code: '22023', message: `No product has the id ${missing}` });
  });
});

describe('profile', () => {
  test('reads is_admin from the user\'s own profile as a single row', async () => {
    const asAdmin = await admin.client.from('profiles').select('is_admin').eq('id', admin.userId).single();
    expect([asAdmin.data, asAdmin.error]).toEqual([{ is_admin: true }, null]);
    const asShopper = await shopper.client.from('profiles').select('is_admin').eq('id', shopper.userId).single();
    expect([asShopper.data, asShopper.error]).toEqual([{ is_admin: false }, null]);
  });

  test('another user\'s profile is no row (PGRST116) and visitors may not read profiles', async () => {
    const theirs = await shopper.client.from('profiles').select('is_admin').eq('id', admin.userId).single();
    expect(theirs.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const visitor = await shop.anon.from('profiles').select('is_admin').eq('id', admin.userId).single();
    expect(visitor.status).toBe(401);
    expect(visitor.error).toMatchObject({ code: '42501', message: 'permission denied for table profiles' });
  });
});

describe('search suggestions', () => {
  test('products: id, name and image_url whose name contains the text, at most 5', async () => {
    const matching = await productIdsWhere(`name ilike '%kit%'`);
    expect(matching.length).toBeGreaterThan(5);
    const { data, error } = await shop.anon.from('products').select('id, name, image_url').ilike('name', '%kit%').limit(5);
    expect(error).toBeNull();
    expect(data).toHaveLength(5);
    for (const row of data ?? []) {
      expect(Object.keys(row).sort()).toEqual(['id', 'image_url', 'name']);
      expect(row.name.toLowerCase()).toContain('kit');
      expect(matching).toContain(row.id);
    }

    const few = await shop.anon.from('products').select('id, name, image_url').ilike('name', '%mug%').limit(5);
    expect(idsOf(few.data).sort()).toEqual(await productIdsWhere(`name ilike '%mug%'`));
  });

  test('categories: id and name whose name contains the text, at most 3, never a hidden one', async () => {
    const expected = await shop.sql<{ id: string }>(`select id from public.categories where visible and name ilike '%te%'`);
    expect(expected.length).toBeGreaterThan(3);
    const { data } = await shop.anon.from('categories').select('id, name').ilike('name', '%te%').limit(3);
    expect(data).toHaveLength(3);
    expect(expected.map((r) => r.id)).toEqual(expect.arrayContaining(idsOf(data)));

    const hidden = await shop.anon.from('categories').select('id, name').ilike('name', '%holiday%').limit(3);
    expect(hidden.data).toEqual([]);
    const asService = await shop.service.from('categories').select('id, name').ilike('name', '%holiday%').limit(3);
    expect((asService.data ?? []).map((c) => c.name)).toEqual(['Holiday Archive']);
  });

  test('a signed-in admin, who may read hidden categories, is never suggested one (it has no page)', async () => {
    const asAdmin = await admin.client.from('categories').select('name').ilike('name', '%holiday%');
    expect((asAdmin.data ?? []).map((c) => c.name)).toEqual(['Holiday Archive']);
    expect(await suggestionsFor(admin.client, 'holiday')).toEqual({ products: [], categories: [] });
    const visible = await suggestionsFor(admin.client, 'game');
    expect(visible.categories.map((c) => c.name)).toEqual(['Game Mode']);
  });
});

describe('full search', () => {
  type ProductHit = Database['public']['Functions']['search_products_enhanced']['Returns'][number];
  type BlogHit = Database['public']['Functions']['search_blogs_enhanced']['Returns'][number];

  /** Both procedures at once, as the search page runs them. */
  async function search(args: {
    query: string; category?: string; gender?: string; priceMin?: number; priceMax?: number;
    sortBy?: string; limit?: number; offset?: number;
  }) {
    const [products, blogs] = await Promise.all([
      shop.anon.rpc('search_products_enhanced', {
        search_query: args.query,
        category_filter: args.category,
        gender_filter: args.gender,
        price_min: args.priceMin,
        price_max: args.priceMax,
        sort_by: args.sortBy ?? 'relevance',
        result_limit: args.limit ?? 24,
        result_offset: args.offset ?? 0,
      }),
      shop.anon.rpc('search_blogs_enhanced', {
        search_query: args.query,
        category_filter: args.category,
        gender_filter: args.gender,
        result_limit: args.limit ?? 24,
        result_offset: args.offset ?? 0,
      }),
    ]);
    expect(products.error).toBeNull();
    expect(blogs.error).toBeNull();
    return { products: (products.data ?? []) as ProductHit[], blogs: (blogs.data ?? []) as BlogHit[] };
  }

  test('both run in parallel and answer rows with a 0..1 rank and the total, best match first', async () => {
    const { products, blogs } = await search({ query: 'travel' });
    expect(products.length).toBeGreaterThan(0);
    expect(blogs.length).toBeGreaterThan(0);
    const expectRanked = (hits: readonly { rank: number; total_count: number }[]) => {
      const total = hits[0]?.total_count ?? 0;
      expect(hits.every((h) => h.total_count === total && h.rank > 0 && h.rank <= 1)).toBe(true);
      expect(total).toBeGreaterThanOrEqual(hits.length);
      expect(isSortedBy(hits, (h) => h.rank, 'desc')).toBe(true);
    };
    expectRanked(products);
    expectRanked(blogs);
  });

  test('an exact product name is the top hit with a Best Match rank above 0.8', async () => {
    const [product] = await shop.sql<{ id: string; name: string }>(`select id, name from public.products where name = 'Temperature-Control Smart Mug'`);
    const { products } = await search({ query: (product?.name ?? '').toLowerCase() });
    expect(products[0]?.id).toBe(product?.id);
    expect(products[0]?.rank).toBeGreaterThan(0.8);
  });

  test('the filters keep exactly the unfiltered hits that match them, sorted and paged as asked', async () => {
    const all = await search({ query: 'travel', limit: 100 });
    const counts = new Map<string, number>();
    for (const hit of all.products) for (const id of hit.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const [category] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    expect(category).toEqual(expect.any(String));

    const filtered = await search({ query: 'travel', category, gender: 'for_him', priceMin: 20, priceMax: 250, sortBy: 'lowToHigh', limit: 100 });
    const expected = all.products.filter((p) =>
      p.category_ids.includes(category ?? '') && ['for_him', 'for_both'].includes(p.gender_category) && p.price >= 20 && p.price <= 250);
    expect(idsOf(filtered.products).sort()).toEqual(idsOf(expected).sort());
    expect(isSortedBy(filtered.products, (p) => p.price)).toBe(true);
    expect(filtered.products[0]?.total_count ?? 0).toBe(expected.length);

    const blogCategory = all.blogs[0]?.category_id ?? '';
    const blogs = await search({ query: 'travel', category: blogCategory, gender: 'for_her', limit: 100 });
    const expectedBlogs = all.blogs.filter((b) => b.category_id === blogCategory && ['for_her', 'for_both'].includes(b.gender_category));
    expect(idsOf(blogs.blogs).sort()).toEqual(idsOf(expectedBlogs).sort());

    // Page 2 of 5 continues page 1 of 5.
    const first = await search({ query: 'travel', sortBy: 'newest', limit: 5 });
    const second = await search({ query: 'travel', sortBy: 'newest', limit: 5, offset: 5 });
    const ten = await search({ query: 'travel', sortBy: 'newest', limit: 10 });
    expect([...idsOf(first.products), ...idsOf(second.products)]).toEqual(idsOf(ten.products));
  });

  test('a query under 2 characters is an error the search page reports', async () => {
    const { error, status } = await shop.anon.rpc('search_products_enhanced', { search_query: 'a' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'search_query must have at least 2 characters' });
  });
});

describe('navigation categories', () => {
  const NAVIGATION = 'id, name, description, image_url, subcategories(id, name, description)';

  test('visible product categories by name, each with its subcategories', async () => {
    const { data, error } = await shop.anon.from('categories')
      .select(NAVIGATION)
      .eq('visible', true)
      .contains('type', ['product'])
      .order('name');
    expect(error).toBeNull();

    const expected = await shop.sql<{ id: string; name: string; subcategories: string[] }>(
      `select c.id, c.name,
              array(select s.id::text from public.subcategories s where s.category_id = c.id order by s.id) as subcategories
         from public.categories c
        where c.visible and 'product' = any (c.type)
        order by c.name`,
    );
    expect((data ?? []).map((c) => c.name)).toEqual(expected.map((c) => c.name));
    expect((data ?? []).map((c) => c.name)).toContain('Curated Picks');
    expect((data ?? []).map((c) => c.name)).not.toContain('Holiday Archive');
    expect((data ?? []).map((c) => c.name)).not.toContain('Travel Essentials'); // blog-only
    for (const [i, category] of (data ?? []).entries()) {
      expect(idsOf(category.subcategories).sort()).toEqual(expected[i]?.subcategories);
      for (const sub of category.subcategories) expect(Object.keys(sub).sort()).toEqual(['description', 'id', 'name']);
    }
  });

  test('the visible filter itself leaves the hidden category out, even for the service role', async () => {
    const { data } = await shop.service.from('categories').select(NAVIGATION).eq('visible', true).contains('type', ['product']).order('name');
    const anon = await shop.anon.from('categories').select(NAVIGATION).eq('visible', true).contains('type', ['product']).order('name');
    expect(idsOf(data)).toEqual(idsOf(anon.data));
  });
});

describe('connection health check', () => {
  test('reads the id of one product', async () => {
    const { data, error, status } = await shop.anon.from('products').select('id').limit(1);
    expect([error, status]).toEqual([null, 200]);
    expect(data).toHaveLength(1);
    expect(Object.keys(data?.[0] ?? {})).toEqual(['id']);
  });

  test('fails visibly when the service refuses the client', async () => {
    const broken = createClient<Database>(shop.standIn.url, 'not-a-key', { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error, status } = await broken.from('products').select('id').limit(1);
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  });
});
