/**
 * Who a request runs as, decided as PostgREST decides it: the JWT in `Authorization: Bearer`, else
 * the `apikey` header (what the gateway forwards for a signed-out browser), verified with the
 * project's secret. Its `role` claim picks the database role; without one the request is anon.
 */
import type { RequestAuth } from '../db.ts';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { RestError } from './errors.ts';

const API_ROLES: ReadonlyArray<RequestAuth['role']> = ['anon', 'authenticated', 'service_role'];

/**
 * Verified tokens, so the same anon key or session token is not HMAC-checked on every request
 * (PostgREST keeps such a cache too). Expiry is still checked on every use.
 */
const verified = new Map<string, { secret: string; claims: Claims }>();
const VERIFIED_CACHE_SIZE = 1000;

function verifyCached(token: string, secret: string, now: number): Claims {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (typeof hit.claims.exp === 'number' && hit.claims.exp * 1000 <= now) throw new JwtError('expired', 'JWT expired');
    return hit.claims;
  }
  const claims = verifyJwt(token, secret, now);
  if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(token, { secret, claims });
  return claims;
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^bearer (.*)$/i.exec(header.trim());
  if (match) return (match[1] ?? '').trim();
  return request.headers.get('apikey') ?? undefined;
}

function invalidToken(code: string, message: string): RestError {
  return new RestError(401, code, message, {
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` },
  });
}

/** The role and claims for a request, or a 401 in PostgREST's words. */
export function authenticate(request: Request, secret: string, now = Date.now()): RequestAuth {
  const token = bearerToken(request);
  if (token === undefined) return { role: 'anon', claims: { role: 'anon' } };
  if (token === '') throw invalidToken('PGRST301', 'Empty JWT is sent in Authorization header');

  let claims: Record<string, unknown>;
  try {
    claims = verifyCached(token, secret, now);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason === 'expired') throw invalidToken('PGRST303', 'JWT expired');
    if (error.reason === 'signature') throw invalidToken('PGRST301', 'JWT cryptographic operation failed');
    throw invalidToken('PGRST301', error.message);
  }

  const role = claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.includes(role as RequestAuth['role'])) {
    // Postgres would refuse to switch to a role the API does not have.
    throw new RestError(401, '22023', `role "${String(role)}" does not exist`, { headers: { 'www-authenticate': 'Bearer' } });
  }
  return { role: role as RequestAuth['role'], claims: { ...claims, role } };
}
