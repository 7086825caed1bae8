/**
 * The shopper's authentication state, shared by the header, the wishlist and the account pages.
 *
 * The page starts from the session supabase-js left in local storage, so the account control shows
 * the right thing at once without loading the auth library. The library (lib/supabase.ts, ~60 KB)
 * is loaded only when there is a session to keep fresh, an OAuth or confirmation return to read,
 * or the shopper starts signing in; from then on it follows auth state changes.
 */
import { atom } from 'nanostores';
import type { Db } from '../../lib/supabase.ts';
import { SIGNED_IN_EVENT } from '../../lib/intent-signals.ts';
import { accountUser, AUTH_STORAGE_KEY, parseStoredSession, type AccountUser } from './session.ts';
import { UNEXPECTED_ERROR } from './validation.ts';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: AccountUser };

export const $auth = atom<AuthState>({ status: 'loading' });

let client: Promise<Db> | undefined;

/** The browser's supabase-js client, loaded on first use. */
export function authClient(): Promise<Db> {
  client ??= import('../../lib/supabase.ts').then(({ browserDb }) => {
    const db = browserDb();
    db.auth.onAuthStateChange((_event, session) => {
      const user = session ? accountUser(session.user) : null;
      $auth.set(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    });
    return db;
  }).catch((error: unknown) => {
    // A failed download (a network blip) is not kept: the next use tries again.
    client = undefined;
    throw error;
  });
  return client;
}

function returningFromAuth(): boolean {
  return /access_token=|error_description=/.test(location.hash) || /[?&]code=/.test(location.search);
}

let started = false;

/** Sets the state from storage and connects the auth library when it is needed. */
export function startAuth(): void {
  if (started) return;
  started = true;
  let stored = null;
  try {
    stored = parseStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes): the shopper is treated as signed out.
  }
  $auth.set(stored ? { status: 'signedIn', user: stored.user } : { status: 'signedOut' });
  // The header's account control, still its prebuilt HTML, loads to show the avatar.
  $auth.listen((state) => state.status === 'signedIn' && window.dispatchEvent(new Event(SIGNED_IN_EVENT)));
  if (stored || returningFromAuth()) void authClient();
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) void authClient();
  });
}

/** A failure's message, for the shopper, and the auth server's error code when it gave one ('email_not_confirmed'). */
export type AuthResult = { ok: true } | { ok: false; error: string; code?: string };

/** Runs one call of the auth library, its refusal or failure read as an AuthResult. */
export async function attempt(work: (db: Db) => Promise<{ error: { message: string; code?: string } | null }>): Promise<AuthResult> {
  try {
    const { error } = await work(await authClient());
    return error ? { ok: false, error: error.message, code: error.code } : { ok: true };
  } catch (error) {
    console.error('Authentication failed', error);
    return { ok: false, error: UNEXPECTED_ERROR };
  }
}

export function signIn(email: string, password: string): Promise<AuthResult> {
  return attempt((db) => db.auth.signInWithPassword({ email, password }));
}

/** Signs up; the shopper must confirm their email before a session exists. */
export function signUp(email: string, password: string): Promise<AuthResult> {
  return attempt((db) => db.auth.signUp({ email, password, options: { emailRedirectTo: `${location.origin}/auth/callback` } }));
}

export function signInWithGoogle(): Promise<AuthResult> {
  return attempt((db) =>
    db.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${location.origin}/auth/callback` } }),
  );
}

/** Spec: a sign-out taking over 5 seconds only logs a console warning. */
export const SLOW_SIGN_OUT_MS = 5000;

export type SignOutResult = 'signedOut' | 'failed' | 'crashed';

export async function signOut(): Promise<SignOutResult> {
  const slow = setTimeout(() => console.warn('Signing out is taking longer than 5 seconds'), SLOW_SIGN_OUT_MS);
  try {
    const { error } = await (await authClient()).auth.signOut();
    if (error) {
      console.error('Sign-out failed', error);
      return 'failed';
    }
    $auth.set({ status: 'signedOut' });
    return 'signedOut';
  } catch (error) {
    console.error('Sign-out failed', error);
    return 'crashed';
  } finally {
    clearTimeout(slow);
  }
}
