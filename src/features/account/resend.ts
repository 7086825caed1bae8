/**
 * Sending the sign-up confirmation again, from the Login form: apart from store.ts, which every
 * page with a session or a like loads, so that it comes only with the sign-in dialog.
 */
import { attempt, type AuthResult } from './store.ts';

/** Mails a new sign-up confirmation link to an address not yet confirmed (at most one a minute). */
export function resendConfirmation(email: string): Promise<AuthResult> {
  return attempt((db) => db.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${location.origin}/auth/callback` } }));
}
