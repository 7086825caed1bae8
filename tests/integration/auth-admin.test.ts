/**
 * The service-role admin API (supabase.auth.admin), createUser() for seeds, the public settings
 * and health endpoints, and the mail outbox page and API.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
import { createUser } from '../../supabase/local/auth/users.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
});
afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const anon = () => createClient(standIn.url, standIn.anonKey, options);
const service = () => createClient(standIn.url, standIn.serviceKey, options);

let counter = 0;
const newEmail = () => `staff${++counter}.${Date.now()}@example.com`;

describe('admin API', () => {
  test('refuses the anon key and signed-in users with 403 "User not allowed"', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'admin-check-1', confirmed: true });
    const { data } = await anon().auth.signInWithPassword({ email, password: 'admin-check-1' });
    const asUser = createClient(standIn.url, standIn.anonKey, {
      ...options,
      global: { headers: { Authorization: `Bearer ${data.session?.access_token}` } },
    });

    for (const caller of [anon(), asUser]) {
      const { error } = await caller.auth.admin.listUsers();
      expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    }
  });

  test('refuses a request without a bearer token with 401', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/admin/users`, { headers: { apikey: standIn.anonKey } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  test('with the service key creates, lists, reads and deletes users', async () => {
    const admin = service().auth.admin;
    const email = newEmail();
    const created = await admin.createUser({
      email,
      password: 'made-by-admin-1',
      email_confirm: true,
      user_metadata: { full_name: 'Ada Admin' },
      app_metadata: { plan: 'staff' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Ada Admin' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'staff' },
    });
    expect(created.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await anon().auth.signInWithPassword({ email, password: 'made-by-admin-1' })).error).toBeNull();

    const listed = await admin.listUsers({ page: 1, perPage: 100 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((u) => u.email)).toContain(email);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    const { rows } = await db.query('select 1 from public.profiles where id = $1', [id]);
    expect(rows).toEqual([]);
  });

  test('pages the user list with the headers supabase-js reads', async () => {
    for (let i = 0; i < 3; i++) await createUser(db, { email: newEmail(), password: 'paging-pass-1', confirmed: false });
    const { data, error } = await service().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect(data).toMatchObject({ nextPage: 2, total: expect.any(Number) });
    expect((data as { total: number }).total).toBeGreaterThanOrEqual(3);
  });

  test('refuses an address that is already registered', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'first-owner-1', confirmed: true });
    const { error } = await service().auth.admin.createUser({ email, password: 'second-owner-1' });
    expect(error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  test('updateUserById confirms the address and merges metadata', async () => {
    const email = newEmail();
    const id = await createUser(db, { email, password: 'to-be-confirmed', confirmed: false });
    const { data, error } = await service().auth.admin.updateUserById(id, {
      email_confirm: true,
      user_metadata: { full_name: 'Now Confirmed' },
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata).toEqual({ full_name: 'Now Confirmed' });
    expect((await anon().auth.signInWithPassword({ email, password: 'to-be-confirmed' })).error).toBeNull();
  });
});

describe('createUser()', () => {
  test('adds a user who can sign in at once, with a profile row', async () => {
    const email = newEmail();
    const id = await createUser(db, { email, password: 'seeded-admin-1', confirmed: true, userMetadata: { full_name: 'Demo Admin' } });
    const { data, error } = await anon().auth.signInWithPassword({ email, password: 'seeded-admin-1' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    const { rows } = await db.query('select full_name from public.profiles where id = $1', [id]);
    expect(rows).toEqual([{ full_name: 'Demo Admin' }]);
  });

  test('says so when the address is taken', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'seeded-once-1', confirmed: true });
    await expect(createUser(db, { email, password: 'seeded-twice-1', confirmed: true })).rejects.toThrow(/already exists/);
  });
});

describe('settings and health', () => {
  test('settings announce email and Google sign-in with confirmation required', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/settings`, { headers: { apikey: standIn.anonKey } });
    expect(await response.json()).toMatchObject({
      external: { email: true, google: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  test('health answers without an API key', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'GoTrue' });
  });

  test('unknown paths are 404', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/nope`, { headers: { apikey: standIn.anonKey } });
    expect(response.status).toBe(404);
  });
});

describe('mail outbox', () => {
  const messages = async (query = '') =>
    (await (await fetch(`${standIn.url}/outbox/api/messages${query}`)).json()) as OutboxMessage[];

  test('lists mails newest first, filtered by recipient, and can be emptied', async () => {
    const first = newEmail();
    const second = newEmail();
    await anon().auth.signUp({ email: first, password: 'outbox-pass-1' });
    await anon().auth.signUp({ email: second, password: 'outbox-pass-1' });

    const all = await messages();
    expect(all.map((m) => m.recipient).slice(0, 2)).toEqual([second, first]);
    const mine = await messages(`?to=${encodeURIComponent(first.toUpperCase())}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: expect.any(Number),
      recipient: first,
      subject: 'Confirm Your Signup',
      sent_at: expect.any(String),
      action_link: expect.stringContaining('/auth/v1/verify?token='),
      body_html: expect.stringContaining('<a href='),
    });

    const cleared = await fetch(`${standIn.url}/outbox/api/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await messages()).toEqual([]);
  });

  test('the page shows each mail with its recipient, subject, time and a working link', async () => {
    const email = newEmail();
    await anon().auth.signUp({ email, password: 'outbox-pass-1' });
    const [mail] = await messages(`?to=${encodeURIComponent(email)}`);

    const response = await fetch(`${standIn.url}/outbox`);
    const page = await response.text();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(page).toContain('<h1>Mail outbox</h1>');
    expect(page).toContain(email);
    expect(page).toContain('Confirm Your Signup');
    expect(page).toContain(`<time datetime="${mail?.sent_at}">`);
    const href = (mail?.action_link ?? '').replace(/&/g, '&#38;');
    expect(page).toContain(`<a href="${href}">`);
    expect(page).toMatch(/<iframe title="Body of/);
  });
});
