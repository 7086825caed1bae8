/** POST /token: the password, refresh_token and pkce grants. */
import { z } from 'zod';
import { json, type StandInContext } from '../http.ts';
import { readJson, text } from './body.ts';
import { badRequest, unprocessable } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { exchangeAuthCode } from './pkce.ts';
import { refreshSession, startSession, type SessionResponse } from './sessions.ts';
import { findUserByEmail } from './users.ts';
import { MIN_PASSWORD_LENGTH } from './validation.ts';

const PasswordBody = z.object({ email: text, phone: text, password: text });
const RefreshBody = z.object({ refresh_token: text });
const PkceBody = z.object({ auth_code: text, code_verifier: text });

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(request: Request, ctx: StandInContext): Promise<SessionResponse> {
  const body = await readJson(request, PasswordBody);
  if (body.email !== '' && body.phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (body.phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (body.email === '') throw badRequest('validation_failed', 'missing email or phone');

  const user = await ctx.db.transaction((tx) => findUserByEmail(tx, body.email));
  // The password is checked before the confirmation, so only its owner learns the address is unconfirmed.
  if (!user?.encrypted_password || !(await verifyPassword(body.password, user.encrypted_password))) {
    throw invalidCredentials();
  }
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await ctx.db.transaction(async (tx) => {
    const still = await tx.query('select 1 from auth.users where id = $1 for no key update', [user.id]);
    if (still.rows.length === 0) throw invalidCredentials();
    return startSession(tx, ctx, user.id, 'password');
  });
  // GoTrue tells a client when a correct password no longer meets the rules (e.g. one set by an admin).
  if (body.password.length < MIN_PASSWORD_LENGTH) {
    session.weak_password = {
      message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      reasons: ['length'],
    };
  }
  return session;
}

export async function handleToken(request: Request, ctx: StandInContext): Promise<Response> {
  const grantType = new URL(request.url).searchParams.get('grant_type');
  switch (grantType) {
    case 'password':
      return json(200, await passwordGrant(request, ctx));
    case 'refresh_token': {
      const body = await readJson(request, RefreshBody);
      return json(200, await refreshSession(ctx.db, ctx, body.refresh_token));
    }
    case 'pkce': {
      const body = await readJson(request, PkceBody);
      return json(200, await exchangeAuthCode(ctx.db, ctx, body.auth_code, body.code_verifier));
    }
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
