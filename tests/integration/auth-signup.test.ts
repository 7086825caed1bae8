/**
 * Sign-up with email confirmation, driven through supabase-js against the stand-in: the mail in
 * the outbox, the link's redirect with the session (or a PKCE code), and GoTrue's refusals.
 */
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
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

function client(flowType: 'implicit' | 'pkce' = 'implicit') {
  const auth: SupabaseClientOptions<'public'>['auth'] = {
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType,
  };
  return createClient(standIn.url, standIn.anonKey, { auth });
}

let counter = 0;
const newEmail = () => `shopper${++counter}.${Date.now()}@example.com`;

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${standIn.url}/outbox/api/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMessage[];
}

async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

const fragmentOf = (location: string) => Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));

/** The pkce grant as supabase-js sends it, for verifiers the client would not send itself. */
function pkceGrant(authCode: string, codeVerifier: string) {
  return fetch(`${standIn.url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { apikey: standIn.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ auth_code: authCode, code_verifier: codeVerifier }),
  });
}

async function signUp(email: string, password = 'gift-ideas-42') {
  const result = await client().auth.signUp({
    email,
    password,
    options: { emailRedirectTo: CALLBACK, data: { full_name: 'Robin Hart' } },
  });
  if (result.error) throw result.error;
  const [mail] = await mailsTo(email);
  if (!mail?.action_link) throw new Error(`no confirmation mail for ${email}`);
  return { ...result.data, mail, link: mail.action_link };
}

describe('sign-up', () => {
  test('creates an unconfirmed user, answers without a session and mails a confirmation link', async () => {
    const email = newEmail();
    const { user, session, mail } = await signUp(email);

    expect(session).toBeNull();
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Robin Hart' },
    });
    expect(user?.email_confirmed_at).toBeUndefined();
    expect(user?.identities).toHaveLength(1);
    expect(mail).toMatchObject({ recipient: email, subject: 'Confirm Your Signup' });
    const link = new URL(mail.action_link ?? '');
    expect(link.origin + link.pathname).toBe(`${standIn.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(CALLBACK);
    expect(mail.body_html).toContain('Confirm your mail');
  });

  test('lower-cases the address', async () => {
    const email = newEmail();
    const { user } = await signUp(email.toUpperCase());
    expect(user?.email).toBe(email);
  });

  test('creates a profile row for the new user', async () => {
    const { user } = await signUp(newEmail());
    const { rows } = await db.query('select email, full_name, is_admin from public.profiles where id = $1', [user?.id]);
    expect(rows).toEqual([{ email: user?.email, full_name: 'Robin Hart', is_admin: false }]);
  });

  test('refuses a password under 8 characters as weak', async () => {
    const email = newEmail();
    const { data, error } = await client().auth.signUp({ email, password: 'seven77' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      reasons: ['length'],
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  test('accepts a password of exactly 8 characters', async () => {
    const { error } = await client().auth.signUp({ email: newEmail(), password: 'eight888' });
    expect(error).toBeNull();
  });

  test('refuses an invalid address', async () => {
    const { error } = await client().auth.signUp({ email: 'not-an-address', password: 'gift-ideas-42' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  test('refuses a missing password and a missing address as GoTrue does', async () => {
    const noPassword = await client().auth.signUp({ email: newEmail(), password: '' });
    expect(noPassword.error).toMatchObject({ status: 400, message: 'Signup requires a valid password' });
    // Without an address GoTrue treats the call as an anonymous sign-in, which is off.
    const noEmail = await client().auth.signUp({ email: '', password: 'gift-ideas-42' });
    expect(noEmail.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });

  test('answers a confirmed address with a made-up user and sends no mail', async () => {
    const email = newEmail();
    const first = await signUp(email);
    await follow(first.link);

    const again = await client().auth.signUp({ email, password: 'another-password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(again.data.user?.id).not.toBe(first.user?.id);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test('limits repeated sign-ups of an unconfirmed address to one mail a minute', async () => {
    const email = newEmail();
    await signUp(email);
    const { error } = await client().auth.signUp({ email, password: 'gift-ideas-42' });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  test('creates one user when the same address signs up twice at once', async () => {
    const email = newEmail();
    const results = await Promise.all([
      client().auth.signUp({ email, password: 'gift-ideas-42' }),
      client().auth.signUp({ email, password: 'gift-ideas-42' }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0]?.n).toBe(1);
  });

  test('answers malformed JSON with 400 bad_json, in the shape the API version asks for', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${standIn.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: standIn.anonKey, 'content-type': 'application/json', ...headers },
        body: '{"email": ',
      });
    const legacy = await post({});
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: 'bad_json', msg: expect.stringMatching(/^Could not parse request body as JSON/) });

    const versioned = await post({ 'x-supabase-api-version': '2024-01-01' });
    expect(versioned.status).toBe(400);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toMatchObject({ code: 'bad_json', message: expect.any(String) });
  });
});

describe('confirmation link', () => {
  test('signing in before confirming fails with "Email not confirmed"', async () => {
    const email = newEmail();
    await signUp(email);
    const { data, error } = await client().auth.signInWithPassword({ email, password: 'gift-ideas-42' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  test('confirms the user and redirects with the session in the fragment', async () => {
    const email = newEmail();
    const { link, user } = await signUp(email);

    const { status, location } = await follow(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${CALLBACK}#`)).toBe(true);
    const session = fragmentOf(location);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: '3600', type: 'signup' });
    expect(Number(session.expires_at)).toBeGreaterThan(Date.now() / 1000 + 3500);

    const browser = client();
    const restored = await browser.auth.setSession({
      access_token: session.access_token ?? '',
      refresh_token: session.refresh_token ?? '',
    });
    expect(restored.error).toBeNull();
    expect(restored.data.user?.id).toBe(user?.id);
    expect(restored.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(restored.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);
  });

  test('lets the confirmed user sign in with the password', async () => {
    const email = newEmail();
    const { link } = await signUp(email);
    await follow(link);
    const { data, error } = await client().auth.signInWithPassword({ email, password: 'gift-ideas-42' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  test('works once: a used link redirects with otp_expired', async () => {
    const { link } = await signUp(newEmail());
    await follow(link);
    const { status, location } = await follow(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${CALLBACK}#`)).toBe(true);
    expect(fragmentOf(location)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  test('returns to the site, not to a foreign redirect_to', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'gift-ideas-42', options: { emailRedirectTo: 'https://evil.example/steal' } });
    const [mail] = await mailsTo(email);
    const { location } = await follow(mail?.action_link ?? '');
    expect(location.startsWith(`${SITE}#access_token=`)).toBe(true);
  });

  test('the code in the mail confirms through verifyOtp; a wrong code does not', async () => {
    const email = newEmail();
    const { mail } = await signUp(email);
    const code = /<strong>(\d{6})<\/strong>/.exec(mail.body_html)?.[1] ?? '';

    const wrong = await client().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    const right = await client().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });

  test('the token hash confirms through verifyOtp', async () => {
    const { link, user } = await signUp(newEmail());
    const token_hash = new URL(link).searchParams.get('token') ?? '';
    const { data, error } = await client().auth.verifyOtp({ token_hash, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user?.id);
  });
});

describe('confirmation mail sent again (resend)', () => {
  /** As if the last mail had gone out `seconds` ago. */
  const sentAgo = (email: string, seconds: number) =>
    db.query(`update auth.users set confirmation_sent_at = now() - make_interval(secs => $2) where email = $1`, [email, seconds]);

  test('an unconfirmed address gets a new link, which confirms it; the first link no longer does', async () => {
    const email = newEmail();
    const first = await signUp(email);
    await sentAgo(email, 61);

    const { error } = await client().auth.resend({ type: 'signup', email, options: { emailRedirectTo: CALLBACK } });
    expect(error).toBeNull();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const [latest] = mails;
    expect(latest).toMatchObject({ recipient: email, subject: 'Confirm Your Signup' });
    expect(new URL(latest?.action_link ?? '').searchParams.get('redirect_to')).toBe(CALLBACK);

    expect(fragmentOf((await follow(first.link)).location)).toMatchObject({ error_code: 'otp_expired' });
    expect(fragmentOf((await follow(latest?.action_link ?? '')).location).access_token).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: 'gift-ideas-42' })).error).toBeNull();
  });

  test('at most one mail a minute, as sign-up', async () => {
    const email = newEmail();
    await signUp(email);
    const { error } = await client().auth.resend({ type: 'signup', email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test('answers the same for an address with no account or one confirmed already, and sends nothing', async () => {
    const unknown = newEmail();
    expect((await client().auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    expect(await mailsTo(unknown)).toEqual([]);

    const confirmed = newEmail();
    await follow((await signUp(confirmed)).link);
    await sentAgo(confirmed, 61);
    expect((await client().auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await mailsTo(confirmed)).toHaveLength(1);
  });

  test("refuses what GoTrue refuses, with GoTrue's words", async () => {
    const resend = (body: object) =>
      fetch(`${standIn.url}/auth/v1/resend`, {
        method: 'POST',
        headers: { apikey: standIn.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await resend({ type: 'recovery', email: newEmail() })).toEqual({
      status: 400, body: { code: 'validation_failed', message: 'Missing one of these types: signup, email_change, sms, phone_change' },
    });
    expect(await resend({ type: 'signup' })).toEqual({ status: 400, body: { code: 'validation_failed', message: 'Type provided requires an email address' } });
    expect(await resend({ type: 'signup', email: 'not-an-address' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await resend({ type: 'sms', phone: '+15555550100' })).toEqual({ status: 400, body: { code: 'phone_provider_disabled', message: 'Phone logins are disabled' } });
  });
});

describe('PKCE sign-up', () => {
  test('the link returns with ?code= which the same client exchanges for a session, once', async () => {
    const email = newEmail();
    const app = client('pkce');
    const signedUp = await app.auth.signUp({ email, password: 'gift-ideas-42', options: { emailRedirectTo: CALLBACK } });
    expect(signedUp.error).toBeNull();
    const [mail] = await mailsTo(email);
    expect(new URL(mail?.action_link ?? '').searchParams.get('token')).toMatch(/^pkce_/);

    const { status, location } = await follow(mail?.action_link ?? '');
    expect(status).toBe(303);
    const code = new URL(location).searchParams.get('code') ?? '';
    expect(location).toBe(`${CALLBACK}?code=${code}`);

    const exchanged = await app.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(exchanged.data.session?.user.email_confirmed_at).toEqual(expect.any(String));

    const again = await pkceGrant(code, 'v'.repeat(56));
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  test('a wrong code verifier is refused', async () => {
    const email = newEmail();
    await client('pkce').auth.signUp({ email, password: 'gift-ideas-42', options: { emailRedirectTo: CALLBACK } });
    const [mail] = await mailsTo(email);
    const code = new URL((await follow(mail?.action_link ?? '')).location).searchParams.get('code');
    const response = await pkceGrant(code ?? '', 'x'.repeat(56));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_code_verifier' });
  });
});
