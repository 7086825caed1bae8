import { describe, expect, test } from 'vitest';
import { accountUser, avatarLetter, displayName, parseStoredSession } from './session.ts';

const stored = (session: unknown) => JSON.stringify(session);
const user = { id: 'u1', email: 'maya@example.com', user_metadata: { full_name: 'Maya Okafor', avatar_url: 'https://x/a.png' } };

describe('parseStoredSession', () => {
  test('reads the user and expiry supabase-js stored', () => {
    expect(parseStoredSession(stored({ access_token: 't', expires_at: 1700000000, user }))).toEqual({
      expiresAt: 1700000000,
      user: { id: 'u1', email: 'maya@example.com', fullName: 'Maya Okafor', avatarUrl: 'https://x/a.png' },
    });
  });
  test('treats nothing, malformed JSON or a session without a user as signed out', () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{nope')).toBeNull();
    expect(parseStoredSession(stored({ expires_at: 1 }))).toBeNull();
    expect(parseStoredSession(stored({ expires_at: 1, user: { email: 'x' } }))).toBeNull();
  });
});

describe('accountUser', () => {
  test('takes Google-style name and picture fields too', () => {
    expect(accountUser({ id: 'u', email: null, user_metadata: { name: 'Sam', picture: 'p.png' } })).toEqual({
      id: 'u', email: null, fullName: 'Sam', avatarUrl: 'p.png',
    });
  });
});

describe('avatarLetter', () => {
  test('is the first letter of the email in upper case', () => {
    expect(avatarLetter({ email: 'maya@example.com' })).toBe('M');
  });
  test("is 'U' without an email", () => {
    expect(avatarLetter({ email: null })).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });
});

describe('displayName', () => {
  test("is the full name, or 'User'", () => {
    expect(displayName({ fullName: 'Maya Okafor' })).toBe('Maya Okafor');
    expect(displayName({ fullName: null })).toBe('User');
    expect(displayName({ fullName: '  ' })).toBe('User');
  });
});
