/**
 * /verify: confirming an address with the mailed link (GET, a browser redirect carrying the
 * outcome) or with the token hash or the 6-digit code (POST, answered with a session).
 */
import { z } from 'zod';
import type { Queryable } from '../db.ts';
import { json, type StandInContext } from '../http.ts';
import { readJson, text } from './body.ts';
import { AuthApiError, badRequest, forbidden, unprocessable } from './errors.ts';
import { CONFIRMATION_VALID_SECONDS, tokenHash } from './mail.ts';
import { latestAuthCode } from './pkce.ts';
import { codeRedirect, errorRedirect, requestReferrer, sessionRedirect } from './redirects.ts';
import { startSession } from './sessions.ts';
import { confirmUser, syncProviders } from './users.ts';
import { validEmail } from './validation.ts';

/** The link and code types GoTrue knows for email. Only sign-up mails exist here (see README). */
const EMAIL_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email']);

// OAuth error words GoTrue puts next to its own error code in a redirect.
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

type PendingUser = { id: string; confirmation_token: string; expired: boolean };

async function userWithToken(tx: Queryable, where: string, value: string): Promise<PendingUser | null> {
  const { rows } = await tx.query<PendingUser>(
    `select id, confirmation_token,
            confirmation_sent_at + make_interval(secs => $2) < now() as expired
       from auth.users where ${where} for no key update`,
    [value, CONFIRMATION_VALID_SECONDS],
  );
  return rows[0] ?? null;
}

/** The user a mailed token hash (with its `pkce_` prefix, if any) belongs to, if still valid. */
async function userByTokenHash(tx: Queryable, type: string, hash: string): Promise<string> {
  if (!EMAIL_TYPES.has(type)) throw badRequest('validation_failed', 'Invalid email verification type');
  // Recovery and magic-link mails are never sent here, so their tokens can never match.
  const user = type === 'recovery' || type === 'magiclink' ? null : await userWithToken(tx, 'confirmation_token = $1', hash);
  if (!user || user.expired) throw linkInvalid();
  return user.id;
}

/** The user a typed 6-digit code belongs to, if still valid. */
async function userByCode(tx: Queryable, type: string, email: string, code: string): Promise<string> {
  if (!EMAIL_TYPES.has(type)) throw badRequest('validation_failed', 'Invalid email verification type');
  const user = await userWithToken(tx, 'lower(email) = $1', email);
  if (!user) throw codeInvalid();
  const hash = tokenHash(email, code);
  const matches = user.confirmation_token === hash || user.confirmation_token === `pkce_${hash}`;
  if (!matches || user.expired || type === 'recovery' || type === 'magiclink') throw codeInvalid();
  return user.id;
}

async function confirm(tx: Queryable, userId: string): Promise<void> {
  await confirmUser(tx, userId);
  await syncProviders(tx, userId);
}

/** GET /verify: the link in the mail. Confirms and redirects (303) with the session or a code. */
export async function handleVerifyLink(request: Request, ctx: StandInContext): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const type = query.get('type') ?? '';
  const token = query.get('token') ?? '';
  const redirectTo = requestReferrer(request, ctx.siteUrl);
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');

  let location: string;
  try {
    location = await ctx.db.transaction(async (tx) => {
      const userId = await userByTokenHash(tx, type, token);
      await confirm(tx, userId);
      if (pkce) return codeRedirect(redirectTo, await latestAuthCode(tx, userId, 'email/signup'));
      return sessionRedirect(redirectTo, await startSession(tx, ctx, userId, 'otp'), { type });
    });
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    location = errorRedirect(
      redirectTo,
      { error: OAUTH_ERRORS[error.status], errorCode: error.errorCode, description: error.message },
      pkce,
    );
  }
  return new Response(null, { status: 303, headers: { location } });
}

const VerifyBody = z.object({
  type: text,
  token: text,
  token_hash: text,
  email: text,
  phone: text,
  redirect_to: text,
});

/** POST /verify: `{ type, token_hash }` or `{ type, email, token }` (the code), answered with a session. */
export async function handleVerifyCode(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJson(request, VerifyBody);
  if (body.type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((body.token === '') === (body.token_hash === '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let email = '';
  if (body.token !== '') {
    if (body.email === '' || body.phone !== '') {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    try {
      email = validEmail(body.email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (body.email !== '' || body.phone !== '' || body.redirect_to !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const session = await ctx.db.transaction(async (tx) => {
    const userId =
      body.token_hash !== ''
        ? await userByTokenHash(tx, body.type, body.token_hash)
        : await userByCode(tx, body.type, email, body.token);
    await confirm(tx, userId);
    return startSession(tx, ctx, userId, 'otp');
  });
  return json(200, session);
}
