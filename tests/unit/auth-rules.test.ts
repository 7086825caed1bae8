/** The stand-in auth's pure rules: redirects, PKCE, input validation, error bodies, mail, Google ids. */
import { describe, expect, test } from 'vitest';
import { AuthApiError, OAuthError, errorResponse } from '../../supabase/local/auth/errors.ts';
import { avatarFor, googleSubject } from '../../supabase/local/auth/google.ts';
import { confirmationMail, tokenHash } from '../../supabase/local/auth/mail.ts';
import { codeChallenge, verifierMatches } from '../../supabase/local/auth/pkce.ts';
import {
  allowedRedirect,
  codeRedirect,
  errorRedirect,
  requestReferrer,
  sessionRedirect,
} from '../../supabase/local/auth/redirects.ts';
import type { SessionResponse } from '../../supabase/local/auth/sessions.ts';
import { checkPasswordStrength, validEmail } from '../../supabase/local/auth/validation.ts';

const SITE = 'http://localhost:8888';

describe('allowedRedirect', () => {
  test('keeps an address on the site', () => {
    expect(allowedRedirect(`${SITE}/auth/callback?next=/wishlist`, SITE)).toBe(`${SITE}/auth/callback?next=/wishlist`);
  });

  test('keeps any port on this machine', () => {
    expect(allowedRedirect('http://127.0.0.1:4321/auth/callback', SITE)).toBe('http://127.0.0.1:4321/auth/callback');
    expect(allowedRedirect('http://localhost:3000/', SITE)).toBe('http://localhost:3000/');
  });

  test('replaces a foreign, malformed or missing address with the site', () => {
    expect(allowedRedirect('https://evil.example/auth/callback', SITE)).toBe(SITE);
    expect(allowedRedirect('javascript:alert(1)', SITE)).toBe(SITE);
    expect(allowedRedirect('not a url', SITE)).toBe(SITE);
    expect(allowedRedirect(null, SITE)).toBe(SITE);
  });

  test('on a hosted site, another port of the same host is foreign', () => {
    expect(allowedRedirect('https://shop.example:8443/x', 'https://shop.example')).toBe('https://shop.example');
    expect(allowedRedirect('https://shop.example/x', 'https://shop.example')).toBe('https://shop.example/x');
  });
});

describe('requestReferrer', () => {
  test('prefers redirect_to, then the Referer header, then the site', () => {
    const withBoth = new Request(`http://standin/auth/v1/signup?redirect_to=${encodeURIComponent(`${SITE}/a`)}`, {
      headers: { referer: `${SITE}/b` },
    });
    expect(requestReferrer(withBoth, SITE)).toBe(`${SITE}/a`);
    const refererOnly = new Request('http://standin/auth/v1/signup', { headers: { referer: `${SITE}/b` } });
    expect(requestReferrer(refererOnly, SITE)).toBe(`${SITE}/b`);
    expect(requestReferrer(new Request('http://standin/auth/v1/signup'), SITE)).toBe(SITE);
  });
});

describe('redirect addresses', () => {
  const session = {
    access_token: 'jwt',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 1800000000,
    refresh_token: 'abcdefghijkl',
  } as SessionResponse;

  test('the implicit flow puts the session in the fragment, keys sorted, marked with sb', () => {
    expect(sessionRedirect(`${SITE}/cb#old`, session, { type: 'signup' })).toBe(
      `${SITE}/cb#access_token=jwt&expires_at=1800000000&expires_in=3600&refresh_token=abcdefghijkl&sb=&token_type=bearer&type=signup`,
    );
  });

  test('PKCE puts the code in the query', () => {
    expect(codeRedirect(`${SITE}/cb?next=%2Fwishlist`, 'c0de')).toBe(`${SITE}/cb?next=%2Fwishlist&code=c0de`);
  });

  test('errors go to the fragment, and to the query only when asked', () => {
    const error = { error: 'access_denied', errorCode: 'otp_expired', description: 'Email link is invalid or has expired' };
    expect(errorRedirect(`${SITE}/cb`, error, false)).toBe(
      `${SITE}/cb#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
    expect(new URL(errorRedirect(`${SITE}/cb`, error, true)).searchParams.get('error_code')).toBe('otp_expired');
  });
});

describe('codeChallenge', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  test('no challenge means the implicit flow', () => {
    expect(codeChallenge('', '')).toBeNull();
  });

  test('accepts s256 and plain in any case', () => {
    expect(codeChallenge(challenge, 'S256')).toEqual({ challenge, method: 's256' });
    expect(codeChallenge(challenge, 'plain')).toEqual({ challenge, method: 'plain' });
  });

  test('refuses half a pair, a bad length, bad characters and unknown methods', () => {
    expect(() => codeChallenge(challenge, '')).toThrow('PKCE flow requires code_challenge_method and code_challenge');
    expect(() => codeChallenge('short', 's256')).toThrow('code challenge has to be between 43 and 128 characters');
    expect(() => codeChallenge(`${challenge}!`, 's256')).toThrow(/can only contain/);
    expect(() => codeChallenge(challenge, 'md5')).toThrow('Invalid code_challenge_method');
  });
});

describe('verifierMatches', () => {
  // RFC 7636, appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

  test('s256 compares the verifier’s SHA-256, base64url', () => {
    expect(verifierMatches({ challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', method: 's256' }, verifier)).toBe(true);
    expect(verifierMatches({ challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', method: 's256' }, `${verifier}x`)).toBe(false);
  });

  test('plain compares the verifier itself', () => {
    expect(verifierMatches({ challenge: verifier, method: 'plain' }, verifier)).toBe(true);
  });
});

describe('validEmail', () => {
  test('lower-cases a valid address', () => {
    expect(validEmail('Robin.Hart+gifts@Example.COM')).toBe('robin.hart+gifts@example.com');
  });

  test('refuses empty, malformed and overlong addresses with GoTrue’s messages', () => {
    expect(() => validEmail('')).toThrow('An email address is required');
    expect(() => validEmail('robin@')).toThrow('Unable to validate email address: invalid format');
    expect(() => validEmail('two@@example.com')).toThrow('Unable to validate email address: invalid format');
    expect(() => validEmail(`${'a'.repeat(250)}@example.com`)).toThrow('An email address is too long');
  });
});

describe('checkPasswordStrength', () => {
  test('requires at least 8 characters (the shop’s rule) as a weak_password error', () => {
    expect(() => checkPasswordStrength('eight888')).not.toThrow();
    try {
      checkPasswordStrength('seven77');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 422, errorCode: 'weak_password', details: { weak_password: { reasons: ['length'] } } });
    }
  });

  test('refuses more than 72 characters, bcrypt’s limit', () => {
    expect(() => checkPasswordStrength('x'.repeat(73))).toThrow('Password cannot be longer than 72 characters');
  });
});

describe('errorResponse', () => {
  const error = new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials');

  test('answers the initial API version with code, error_code and msg', async () => {
    const response = errorResponse(error, new Request('http://standin/auth/v1/token'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
  });

  test('answers 2024-01-01 and later with code and message, echoing the version', async () => {
    const request = new Request('http://standin/auth/v1/token', { headers: { 'x-supabase-api-version': '2025-06-01' } });
    const response = errorResponse(error, request);
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  test('answers OAuth errors with error and error_description', async () => {
    const response = errorResponse(new OAuthError('invalid_request', 'refresh_token required'), new Request('http://standin/'));
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('confirmation mail', () => {
  test('hashes the token as GoTrue does: hex SHA-224 of address and code', () => {
    expect(tokenHash('robin@example.com', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHash('robin@example.com', '123456')).toBe(tokenHash('robin@example.com', '123456'));
    expect(tokenHash('robin@example.com', '123456')).not.toBe(tokenHash('robin@example.com', '123457'));
  });

  test('links and shows the code, escaping the link', () => {
    const mail = confirmationMail('http://standin/auth/v1/verify?token=t&type=signup', '042042');
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.html).toContain('href="http://standin/auth/v1/verify?token=t&#38;type=signup"');
    expect(mail.html).toContain('<strong>042042</strong>');
  });
});

describe('Google stand-in', () => {
  test('gives an address the same numeric account id every time, and others a different one', () => {
    expect(googleSubject('Sam@Gmail.com')).toBe(googleSubject('sam@gmail.com'));
    expect(googleSubject('sam@gmail.com')).toMatch(/^1\d{20}$/);
    expect(googleSubject('sam@gmail.com')).not.toBe(googleSubject('kim@gmail.com'));
  });

  test('draws an avatar with the name’s initial as an SVG data URL', () => {
    const avatar = avatarFor('jo bloggs', 'jo@gmail.com');
    expect(avatar.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(avatar)).toContain('>J</text>');
  });
});
