/**
 * "Continue with Google" against the stand-in's local emulation of Google's consent step: the page
 * itself (which says it is not Google), the implicit and PKCE returns, Cancel, the explicit choice
 * an existing password account needs, linking, and unknown providers.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../supabase/local/auth/users.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const SITE = 'http://localhost:8888';
const CALLBACK = `${SITE}/auth/callback`;

let db: TestDatabase;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db, siteUrl: SITE });
});
afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

const client = (flowType: 'implicit' | 'pkce' = 'implicit') =>
  createClient(standIn.url, standIn.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
  });

let counter = 0;
const newEmail = () => `giver${++counter}.${Date.now()}@gmail.com`;

/** The consent page for a sign-in URL, and its form's fields as a browser would submit them. */
async function openConsent(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  const page = await response.text();
  const fields = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) {
    fields.set(name ?? '', (value ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
  }
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
  const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(page)?.[1]?.replace(/&#38;/g, '&') ?? '';
  return { response, page, fields, action: new URL(action, standIn.url).toString(), cancel: new URL(cancel, standIn.url).toString() };
}

async function submit(action: string, fields: URLSearchParams) {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() };
}

/** Signs in through the consent page; `linkExisting` ticks the explicit choice to sign in to an existing password account. */
async function signInWithGoogle(email: string, fullName: string, { linkExisting = false } = {}) {
  const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK } });
  const consent = await openConsent(data.url ?? '');
  consent.fields.set('email', email);
  consent.fields.set('full_name', fullName);
  if (linkExisting) consent.fields.set('link_account', email);
  const returned = await submit(consent.action, consent.fields);
  const fragment = Object.fromEntries(new URLSearchParams(new URL(returned.location).hash.slice(1)));
  const browser = client();
  const { data: restored, error } = await browser.auth.setSession({
    access_token: fragment.access_token ?? '',
    refresh_token: fragment.refresh_token ?? '',
  });
  if (error || !restored.user) throw error ?? new Error('no user');
  return { returned, fragment, user: restored.user, browser };
}

describe('consent page', () => {
  test('says plainly that it is a local emulation, not Google, and chooses no account for the visitor', async () => {
    const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK } });
    expect(data.url).toMatch(new RegExp(`^${standIn.url}/auth/v1/authorize\\?provider=google`));

    const { response, page, fields } = await openConsent(data.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(page).toMatch(/<title>[^<]*local emulation[^<]*<\/title>/i);
    expect(page).toContain('<h1>Google sign-in: local emulation</h1>');
    expect(page).toContain('This page is not Google.');
    expect(page).toContain('nothing is sent to Google and no Google account or password is checked');
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toMatch(/<label for="full_name">Full name<\/label>/);
    expect(page).toContain('<button type="submit">Continue</button>');
    expect(page).toMatch(/>Cancel<\/a>/);
    // No account is filled in: Continue alone signs nobody in.
    expect(fields.get('email')).toBe('');
    expect(fields.get('full_name')).toBe('');
    expect(fields.get('redirect_to')).toBe(CALLBACK);
  });

  test('an unknown provider is refused as GoTrue refuses it', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/authorize?provider=facebook&redirect_to=${encodeURIComponent(CALLBACK)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: Provider facebook could not be found',
    });
  });

  test('an invalid address is shown again with the problem announced', async () => {
    const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK } });
    const consent = await openConsent(data.url ?? '');
    consent.fields.set('email', 'not an address');
    const answer = await submit(consent.action, consent.fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain('aria-invalid="true"');
  });

  test('Cancel returns to the app with error=access_denied', async () => {
    const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK } });
    const { cancel } = await openConsent(data.url ?? '');
    const response = await fetch(cancel, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(CALLBACK);
    expect(new URLSearchParams(location.hash.slice(1)).get('error')).toBe('access_denied');
    expect(location.searchParams.get('error')).toBe('access_denied');
  });
});

describe('implicit flow', () => {
  test('Continue signs a new Google user in with the session in the fragment', async () => {
    const email = newEmail();
    const { returned, fragment, user } = await signInWithGoogle(email, 'Jo Bloggs');

    expect(returned.status).toBe(302);
    expect(returned.location.startsWith(`${CALLBACK}#`)).toBe(true);
    expect(fragment).toMatchObject({ token_type: 'bearer', expires_in: '3600' });
    expect(user).toMatchObject({
      email,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: 'Jo Bloggs', name: 'Jo Bloggs', email, email_verified: true },
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    expect(user.user_metadata.avatar_url).toMatch(/^data:image\/svg\+xml,/);
    expect(user.identities?.map((i) => i.provider)).toEqual(['google']);
  });

  test('the new Google user gets a profile row with name and avatar', async () => {
    const { user } = await signInWithGoogle(newEmail(), 'Kim Lee');
    const { rows } = await db.query<{ full_name: string; avatar_url: string }>(
      'select full_name, avatar_url from public.profiles where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ full_name: 'Kim Lee', avatar_url: user.user_metadata.avatar_url });
  });

  test('signing in again with the same Google account finds the same user', async () => {
    const email = newEmail();
    const first = await signInWithGoogle(email, 'Pat Reed');
    const second = await signInWithGoogle(email, 'Pat Reed-Smith');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.user_metadata.full_name).toBe('Pat Reed-Smith');
    expect(second.user.identities).toHaveLength(1);
  });

  test('an existing confirmed email user gets Google linked and keeps the password, once they choose it', async () => {
    const email = newEmail();
    const id = await createUser(db, { email, password: 'present-box-11', confirmed: true });
    const { user } = await signInWithGoogle(email, 'Sam Ode', { linkExisting: true });

    expect(user.id).toBe(id);
    expect(user.app_metadata.providers).toEqual(['email', 'google']);
    expect((await client().auth.signInWithPassword({ email, password: 'present-box-11' })).error).toBeNull();
  });

  test('an unconfirmed sign-up for the address is taken over, once chosen: its password stops working', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'squatter-pass-1' });
    const { user } = await signInWithGoogle(email, 'Real Owner', { linkExisting: true });

    expect(user.app_metadata.providers).toEqual(['google']);
    expect(user.user_metadata.full_name).toBe('Real Owner');
    const { error } = await client().auth.signInWithPassword({ email, password: 'squatter-pass-1' });
    expect(error?.code).toBe('invalid_credentials');
  });
});

describe('an existing password account', () => {
  /** The consent form filled in for `email`, submitted without the explicit choice. */
  async function continueAs(email: string, extra: Record<string, string> = {}) {
    const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK } });
    const consent = await openConsent(data.url ?? '');
    consent.fields.set('email', email);
    consent.fields.set('full_name', 'Someone Else');
    for (const [name, value] of Object.entries(extra)) consent.fields.set(name, value);
    return { consent, answer: await submit(consent.action, consent.fields) };
  }

  const googleIdentities = async (email: string) =>
    (await db.query(`select 1 from auth.identities i join auth.users u on u.id = i.user_id where u.email = $1 and i.provider = 'google'`, [email]))
      .rows.length;

  test('is never signed in without an explicit choice: the page asks, names the account and links nothing', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'present-box-12', confirmed: true });
    const { answer } = await continueAs(email);

    expect(answer.status).toBe(409);
    expect(answer.location).toBe('');
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain(`An account with a password already exists for ${email}`);
    expect(answer.body).toMatch(/<input type="checkbox" id="link_account" name="link_account" value="[^"]+" required>/);
    expect(await googleIdentities(email)).toBe(0);
  });

  test('a choice made for another address does not count', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'admin-pass-12', confirmed: true });
    const { answer } = await continueAs(email, { link_account: 'someone.else@gmail.com' });
    expect(answer.status).toBe(409);
    expect(answer.location).toBe('');
  });

  test('with the choice made for that address, signs in to it', async () => {
    const email = newEmail();
    const id = await createUser(db, { email, password: 'present-box-13', confirmed: true });
    const { answer } = await continueAs(email, { link_account: email });
    expect(answer.status).toBe(302);
    const fragment = new URLSearchParams(new URL(answer.location).hash.slice(1));
    const claims = JSON.parse(Buffer.from((fragment.get('access_token') ?? '').split('.')[1] ?? '', 'base64url').toString());
    expect(claims.sub).toBe(id);
  });

  test('asks again at the next sign-in, even once Google is linked', async () => {
    const email = newEmail();
    await createUser(db, { email, password: 'present-box-14', confirmed: true });
    await signInWithGoogle(email, 'Linked Once', { linkExisting: true });
    const { answer } = await continueAs(email);
    expect(answer.status).toBe(409);
  });
});

describe('PKCE flow', () => {
  test('returns with ?code= which the same client exchanges for a session', async () => {
    const email = newEmail();
    const app = client('pkce');
    const { data } = await app.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
    });
    expect(new URL(data.url ?? '').searchParams.get('code_challenge_method')).toBe('s256');

    const consent = await openConsent(data.url ?? '');
    expect(consent.fields.get('code_challenge')).toBe(new URL(data.url ?? '').searchParams.get('code_challenge'));
    consent.fields.set('email', email);
    consent.fields.set('full_name', 'Pia Kode');
    const returned = await submit(consent.action, consent.fields);
    expect(returned.status).toBe(302);
    const code = new URL(returned.location).searchParams.get('code') ?? '';
    expect(returned.location).toBe(`${CALLBACK}?code=${code}`);

    const { data: exchanged, error } = await app.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(exchanged.session?.user).toMatchObject({ email, app_metadata: { provider: 'google' } });
    const claims = JSON.parse(Buffer.from(exchanged.session?.access_token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
  });
});
