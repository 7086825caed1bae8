/**
 * Sessions as GoTrue keeps them: a session row, a chain of single-use refresh tokens (each new one
 * records its parent), the sign-in method (the `amr` claim), and short-lived HS256 access tokens.
 *
 * Row locks are always taken in the order user → session → refresh token, so concurrent refreshes,
 * sign-outs and password changes wait for each other instead of deadlocking.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db.ts';
import type { StandInContext } from '../http.ts';
import { signJwt } from '../jwt.ts';
import { OAuthError, badRequest } from './errors.ts';
import { findUser, INSTANCE_ID, userJson, type UserJson } from './users.ts';

/** Access tokens live an hour, as on hosted Supabase. */
export const ACCESS_TOKEN_SECONDS = 3600;
/** A used refresh token still works this long (hosted Supabase's default reuse interval). */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;

/** How a session was signed in, in GoTrue's words. */
export type AuthenticationMethod = 'password' | 'otp' | 'oauth' | 'email/signup';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}

// GoTrue's refresh tokens: 12 random characters of lower-case base32.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
function newRefreshToken(): string {
  return [...randomBytes(12)].map((byte) => BASE32[byte % 32]).join('');
}

async function amrOf(q: Queryable, sessionId: string) {
  const { rows } = await q.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::float8 as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Math.floor(r.at) }));
}

async function sessionResponse(
  q: Queryable,
  ctx: StandInContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUser(q, userId);
  if (!user) throw new Error(`sessions: user ${userId} vanished while issuing a session`);
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
  const accessToken = signJwt(
    {
      iss: `${ctx.publicUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud,
      exp: expiresAt,
      iat: issuedAt,
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: 'aal1',
      amr: await amrOf(q, sessionId),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

async function insertRefreshToken(
  tx: Queryable,
  row: { token: string; userId: string; sessionId: string; parent: string | null },
): Promise<void> {
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, $5, false, now(), now())`,
    [INSTANCE_ID, row.token, row.userId, row.sessionId, row.parent],
  );
}

/** Signs a user in: a new session with its first refresh token. Runs inside the caller's transaction. */
export async function startSession(
  tx: Queryable,
  ctx: StandInContext,
  userId: string,
  method: AuthenticationMethod,
): Promise<SessionResponse> {
  // The auth server supplies every id and timestamp; the tables default none of them (as hosted).
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, aal, created_at, updated_at) values ($1, $2, 'aal1', now(), now())`,
    [sessionId, userId],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values ($1, $2, $3, now(), now())`,
    [randomUUID(), sessionId, method],
  );
  const token = newRefreshToken();
  await insertRefreshToken(tx, { token, userId, sessionId, parent: null });
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  return sessionResponse(tx, ctx, userId, sessionId, token);
}

type TokenState = {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  reusable: boolean;
};

type RefreshOutcome = { kind: 'session'; session: SessionResponse } | { kind: 'reused' };

const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant with rotation: the token is swapped for a new one. Presenting a used
 * token again still works if it is the parent of the session's current token (the client lost the
 * answer; it gets the current token back) or within the reuse interval; otherwise it is taken as
 * theft and the session ends.
 */
export async function refreshSession(db: Database, ctx: StandInContext, refreshToken: string): Promise<SessionResponse> {
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await db.transaction<RefreshOutcome>(async (tx) => {
    const found = await tx.query<{ user_id: string; session_id: string }>(
      'select user_id, session_id from auth.refresh_tokens where token = $1',
      [refreshToken],
    );
    const owner = found.rows[0];
    if (!owner) throw notFound();
    await tx.query('select 1 from auth.users where id = $1 for no key update', [owner.user_id]);
    const session = await tx.query('select 1 from auth.sessions where id = $1 for no key update', [owner.session_id]);
    if (session.rows.length === 0) {
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    // Read again now that the session is locked: a concurrent refresh may have just rotated it.
    const current = await tx.query<TokenState>(
      `select id, token, user_id, session_id, revoked,
              updated_at + make_interval(secs => $2) > now() as reusable
         from auth.refresh_tokens where token = $1 for update`,
      [refreshToken, REFRESH_TOKEN_REUSE_SECONDS],
    );
    const token = current.rows[0];
    if (!token) throw notFound();

    if (token.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and not revoked order by id desc limit 1`,
        [token.session_id],
      );
      const child = active.rows[0];
      if (child && child.parent === token.token) {
        await tx.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
        return { kind: 'session', session: await sessionResponse(tx, ctx, token.user_id, token.session_id, child.token) };
      }
      if (!token.reusable) {
        // Taken as theft. GoTrue revokes the session's tokens; the stand-in ends the session, so
        // neither its refresh tokens nor its access tokens work any more.
        await tx.query('delete from auth.sessions where id = $1', [token.session_id]);
        return { kind: 'reused' };
      }
    }

    const next = newRefreshToken();
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
    await insertRefreshToken(tx, { token: next, userId: token.user_id, sessionId: token.session_id, parent: token.token });
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [token.user_id]);
    return { kind: 'session', session: await sessionResponse(tx, ctx, token.user_id, token.session_id, next) };
  });
  // Ending the session above is committed before the caller hears about the reuse.
  if (outcome.kind === 'reused') throw alreadyUsed();
  return outcome.session;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions: all of the user's, only this one, or all but this one. Their tokens go with them. */
export async function endSessions(tx: Queryable, userId: string, sessionId: string | null, scope: LogoutScope) {
  if (sessionId && scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
