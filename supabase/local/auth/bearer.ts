/**
 * Who is calling: the Bearer access token of a signed-in user (for /user and /logout), or a
 * service_role key (for /admin). Refusals carry GoTrue's statuses, codes and messages.
 */
import type { StandInContext } from '../http.ts';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { AuthApiError, badRequest, forbidden } from './errors.ts';
import { findUser, type AuthUser } from './users.ts';

const BEARER = /^[Bb]earer (\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The roles GoTrue lets use the admin API. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

// golang-jwt's wording, which GoTrue passes on.
const JWT_PROBLEMS: Record<JwtError['reason'], string> = {
  malformed: 'token is malformed',
  signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
};

function bearerClaims(request: Request, ctx: StandInContext): Claims {
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return verifyJwt(token, ctx.jwtSecret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    const problem = error.reason === 'malformed' ? `${JWT_PROBLEMS.malformed}: ${error.message}` : JWT_PROBLEMS[error.reason];
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${problem}`);
  }
}

export interface Caller {
  user: AuthUser;
  /** The session the token belongs to; null for tokens minted without one. */
  sessionId: string | null;
  claims: Claims;
}

/** The signed-in user behind the request's access token, whose session must still exist. */
export async function authenticate(request: Request, ctx: StandInContext): Promise<Caller> {
  const claims = bearerClaims(request, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  if (sessionId !== null && !UUID.test(sessionId)) {
    throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  }
  return ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (sessionId !== null) {
      const session = await tx.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, sub]);
      if (session.rows.length === 0) {
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    return { user, sessionId, claims };
  });
}

/** Lets only a service_role (or supabase_admin) token through, as GoTrue's admin routes do. */
export async function requireAdmin(request: Request, ctx: StandInContext): Promise<void> {
  const claims = bearerClaims(request, ctx);
  // A user's token whose session has ended must not pass for anything, admin check or not.
  if (typeof claims.session_id === 'string' && claims.session_id !== '') await authenticate(request, ctx);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
}
