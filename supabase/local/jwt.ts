/**
 * HS256 JSON Web Tokens as Supabase issues them, and the stand-in's fixed API keys.
 *
 * The keys are JWTs signed with a local secret that exists only on developer machines; a hosted
 * project has its own secret and keys. They are stable (fixed issue and expiry times) so a site
 * built against the stand-in keeps working across restarts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LOCAL_JWT_SECRET = 'giftshop-local-stand-in-jwt-secret-never-used-in-production';

export type Claims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

/** Why a token was refused, in the words PostgREST and GoTrue use. */
export class JwtError extends Error {
  readonly reason: 'malformed' | 'signature' | 'expired';
  constructor(reason: JwtError['reason'], message: string) {
    super(message);
    this.name = 'JwtError';
    this.reason = reason;
  }
}

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function signature(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: Claims, secret = LOCAL_JWT_SECRET): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  return `${head}.${body}.${signature(`${head}.${body}`, secret).toString('base64url')}`;
}

/** The token's claims if it is well formed, signed with the secret and not expired. */
export function verifyJwt(token: string, secret = LOCAL_JWT_SECRET, now = Date.now()): Claims {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts.length}`);
  }
  const [head, body, sig] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: Claims;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed', 'JWT cannot be decoded');
  }
  if (header.alg !== 'HS256' || typeof claims !== 'object' || claims === null) {
    throw new JwtError('malformed', 'Wrong or unsupported encoding algorithm');
  }
  const expected = signature(`${head}.${body}`, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('signature', 'JWSInvalidSignature');
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) {
    throw new JwtError('expired', 'JWT expired');
  }
  return claims;
}

// 2026-01-01T00:00:00Z to 2036-01-01T00:00:00Z.
const KEY_ISSUED_AT = 1767225600;
const KEY_EXPIRES_AT = 2082758400;

/** The public key browsers use: requests run as `anon` until a user signs in. */
export const LOCAL_ANON_KEY = signJwt({
  iss: 'supabase-local',
  role: 'anon',
  iat: KEY_ISSUED_AT,
  exp: KEY_EXPIRES_AT,
});

/** The elevated key: bypasses row-level security. Only server-side code may hold it. */
export const LOCAL_SERVICE_KEY = signJwt({
  iss: 'supabase-local',
  role: 'service_role',
  iat: KEY_ISSUED_AT,
  exp: KEY_EXPIRES_AT,
});
