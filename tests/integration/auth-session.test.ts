/**
 * Signed-in life through supabase-js against the stand-in: password sign-in, the access token,
 * refresh-token rotation and reuse, getUser and updateUser, sign-out, and refused tokens.
 */
import { createClient, type Session } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../supabase/local/auth/users.ts';
import { LOCAL_JWT_SECRET, signJwt } from '../../supabase/local/jwt.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const PASSWORD = 'wrapping-paper-7';

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

const client = () =>
  createClient(standIn.url, standIn.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

let counter = 0;
async function confirmedUser(fullName = 'Alex Moss') {
  const email = `member${++counter}.${Date.now()}@example.com`;
  const id = await createUser(db, { email, password: PASSWORD, confirmed: true, userMetadata: { full_name: fullName } });
  return { id, email };
}

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const { data, error } = await client().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

const refresh = (refresh_token: string) => client().auth.refreshSession({ refresh_token });

/** Pretends the session's tokens were last used a minute ago, past the reuse interval. */
const ageTokens = (userId: string) =>
  db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where user_id = $1`, [userId]);

describe('password sign-in', () => {
  test('answers with a bearer session for an hour and the user', async () => {
    const { id, email } = await confirmedUser();
    const session = await signIn(email);

    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3590);
    expect(session.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    expect(session.user).toMatchObject({ id, email, user_metadata: { full_name: 'Alex Moss' } });
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
  });

  test('issues an access token with the claims Supabase puts in it', async () => {
    const { id, email } = await confirmedUser();
    const claims = claimsOf((await signIn(email)).access_token);
    expect(claims).toMatchObject({
      iss: `${standIn.url}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Alex Moss' },
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  test('a wrong password and an unknown address get the same refusal', async () => {
    const { email } = await confirmedUser();
    for (const attempt of [
      { email, password: 'not-the-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  test('matches the address case-insensitively', async () => {
    const { email } = await confirmedUser();
    expect((await signIn(email.toUpperCase())).user.email).toBe(email);
  });

  test('refuses an unknown grant type', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: standIn.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'unsupported_grant_type' });
  });
});

describe('refresh tokens', () => {
  test('a refresh swaps the token for a new one and keeps the session', async () => {
    const { email } = await confirmedUser();
    const first = await signIn(email);
    const { data, error } = await refresh(first.refresh_token);

    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(data.session?.access_token ?? '').session_id).toBe(claimsOf(first.access_token).session_id);
    expect(claimsOf(data.session?.access_token ?? '').amr).toEqual(claimsOf(first.access_token).amr);
  });

  test('the token just replaced may be sent again and yields the current one', async () => {
    const { id, email } = await confirmedUser();
    const first = await signIn(email);
    const second = (await refresh(first.refresh_token)).data.session;
    await ageTokens(id);

    const retried = await refresh(first.refresh_token);
    expect(retried.error).toBeNull();
    expect(retried.data.session?.refresh_token).toBe(second?.refresh_token);
  });

  test('an older token is accepted within the 10-second reuse interval', async () => {
    const { email } = await confirmedUser();
    const first = await signIn(email);
    const second = (await refresh(first.refresh_token)).data.session;
    await refresh(second?.refresh_token ?? '');

    const reused = await refresh(first.refresh_token);
    expect(reused.error).toBeNull();
  });

  test('an older token after the reuse interval fails as already used and ends the session', async () => {
    const { id, email } = await confirmedUser();
    const first = await signIn(email);
    const second = (await refresh(first.refresh_token)).data.session;
    const third = (await refresh(second?.refresh_token ?? '')).data.session;
    await ageTokens(id);

    const reused = await refresh(first.refresh_token);
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const latest = await refresh(third?.refresh_token ?? '');
    expect(latest.error).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await client().auth.getUser(third?.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  test('two refreshes of the same token at once both get the same new token', async () => {
    const { email } = await confirmedUser();
    const first = await signIn(email);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);

    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session?.refresh_token).toBe(b.data.session?.refresh_token);
    const { rows } = await db.query(
      `select count(*)::int as n from auth.refresh_tokens where session_id = $1 and not revoked`,
      [claimsOf(first.access_token).session_id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  test('an unknown token is refused', async () => {
    const { error } = await refresh('nosuchtoken0');
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('the signed-in user', () => {
  test('getUser answers the user behind the token', async () => {
    const { id, email } = await confirmedUser();
    const session = await signIn(email);
    const { data, error } = await client().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, role: 'authenticated', is_anonymous: false });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
  });

  test('updateUser merges metadata; a null value removes a key', async () => {
    const { email } = await confirmedUser();
    const app = client();
    await app.auth.signInWithPassword({ email, password: PASSWORD });

    const first = await app.auth.updateUser({ data: { full_name: 'Alex Moss-Park', favourite: 'books' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toEqual({ full_name: 'Alex Moss-Park', favourite: 'books' });
    const second = await app.auth.updateUser({ data: { favourite: null } });
    expect(second.data.user?.user_metadata).toEqual({ full_name: 'Alex Moss-Park' });
  });

  test('updateUser changes the password under the same rules and signs out other sessions', async () => {
    const { email } = await confirmedUser();
    const other = await signIn(email);
    const app = client();
    await app.auth.signInWithPassword({ email, password: PASSWORD });

    expect((await app.auth.updateUser({ password: 'short' })).error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((await app.auth.updateUser({ password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    expect((await app.auth.updateUser({ password: 'ribbon-and-bow-9' })).error).toBeNull();

    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'ribbon-and-bow-9' })).error).toBeNull();
    expect((await refresh(other.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await app.auth.getUser()).error).toBeNull();
  });

  test('only an admin may change app_metadata', async () => {
    const { email } = await confirmedUser();
    const session = await signIn(email);
    const response = await fetch(`${standIn.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: standIn.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'not_admin', msg: 'Updating app_metadata requires admin privileges' });
  });
});

describe('sign-out', () => {
  test('signOut ends every session of the user: refresh tokens and access tokens stop working', async () => {
    const { email } = await confirmedUser();
    const elsewhere = await signIn(email);
    const app = client();
    const { data } = await app.auth.signInWithPassword({ email, password: PASSWORD });
    const session = data.session as Session;

    expect((await app.auth.signOut()).error).toBeNull();
    expect((await refresh(session.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await refresh(elsewhere.refresh_token)).error?.code).toBe('refresh_token_not_found');
    const user = await client().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  test("scope 'local' ends only this session, 'others' all the rest", async () => {
    const { email } = await confirmedUser();
    const kept = await signIn(email);
    const local = client();
    await local.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await local.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(kept.refresh_token)).error).toBeNull();

    const third = await signIn(email);
    const others = client();
    const mine = (await others.auth.signInWithPassword({ email, password: PASSWORD })).data.session as Session;
    expect((await others.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refresh(third.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await refresh(mine.refresh_token)).error).toBeNull();
  });
});

describe('refused tokens', () => {
  const getUserWith = (authorization: string | null) =>
    fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.anonKey, ...(authorization ? { authorization } : {}) },
    });

  test('no bearer token is a 401', async () => {
    const response = await getUserWith(null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 401,
      error_code: 'no_authorization',
      msg: 'This endpoint requires a valid Bearer token',
    });
  });

  test('garbage, a forged signature and an expired token are 403 bad_jwt', async () => {
    const { id, email } = await confirmedUser();
    const valid = (await signIn(email)).access_token;
    const [head, body] = valid.split('.');
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ sub: id, aud: 'authenticated', role: 'authenticated', iat: now - 7200, exp: now - 3600 }, LOCAL_JWT_SECRET);

    for (const [token, problem] of [
      ['not-a-jwt', 'token is malformed'],
      [`${head}.${body}.${Buffer.from('forged').toString('base64url')}`, 'signature is invalid'],
      [expired, 'token is expired'],
    ] as const) {
      const response = await getUserWith(`Bearer ${token}`);
      expect(response.status).toBe(403);
      const answer = (await response.json()) as { error_code: string; msg: string };
      expect(answer.error_code).toBe('bad_jwt');
      expect(answer.msg).toContain(problem);
    }
  });

  test('supabase-js reports a bad token as an AuthApiError with code bad_jwt', async () => {
    const { error } = await client().auth.getUser('not-a-jwt');
    expect(error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'bad_jwt' });
  });

  test('the anon key is not a user', async () => {
    const response = await getUserWith(`Bearer ${standIn.anonKey}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' });
  });

  test("a deleted user's token is refused", async () => {
    const { id, email } = await confirmedUser();
    const session = await signIn(email);
    await db.query('delete from auth.users where id = $1', [id]);
    const { error } = await client().auth.getUser(session.access_token);
    expect(error).toMatchObject({ status: 403, code: 'user_not_found' });
  });
});
