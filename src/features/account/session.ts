/**
 * What the page can know about the shopper before the auth library loads: the session supabase-js
 * keeps in local storage under AUTH_STORAGE_KEY, read without the library, and how the account
 * control shows the user (avatar letter, name).
 */
export { AUTH_STORAGE_KEY } from '../../lib/auth-storage.ts';

export interface AccountUser {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
}

export interface StoredSession {
  user: AccountUser;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** A GoTrue user object as the shop needs it (null when it is not one). */
export function accountUser(user: unknown): AccountUser | null {
  if (!isRecord(user) || typeof user.id !== 'string') return null;
  const metadata = isRecord(user.user_metadata) ? user.user_metadata : {};
  return {
    id: user.id,
    email: text(user.email),
    fullName: text(metadata.full_name) ?? text(metadata.name),
    avatarUrl: text(metadata.avatar_url) ?? text(metadata.picture),
  };
}

/** The session stored by supabase-js, or null when absent, malformed or without a user. */
export function parseStoredSession(stored: string | null): StoredSession | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (!isRecord(value) || typeof value.expires_at !== 'number') return null;
    const user = accountUser(value.user);
    return user ? { user, expiresAt: value.expires_at } : null;
  } catch {
    return null;
  }
}

/** The avatar's letter (spec: the first letter of the email in upper case, else 'U'). */
export function avatarLetter(user: Pick<AccountUser, 'email'> | null): string {
  return user?.email?.trim().charAt(0).toUpperCase() || 'U';
}

/** The name in the account menu (spec: the full name, or 'User'). */
export function displayName(user: Pick<AccountUser, 'fullName'> | null): string {
  return user?.fullName?.trim() || 'User';
}
