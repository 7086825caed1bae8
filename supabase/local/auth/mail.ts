/**
 * Confirmation mail. Hosted Supabase sends it; the stand-in puts it into standin.mail_outbox, which
 * the outbox page shows. As in GoTrue, the mail carries a link with a token hash and a 6-digit code,
 * and the same address gets at most one mail a minute.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { escapeHtml, type StandInContext } from '../http.ts';
import { AuthApiError } from './errors.ts';

/** The least time between two confirmation mails to one user (GoTrue's SMTP max frequency). */
export const MAIL_INTERVAL_SECONDS = 60;
/** How long a confirmation link or code stays valid (GoTrue's mailer OTP expiry: a day). */
export const CONFIRMATION_VALID_SECONDS = 86_400;

/** GoTrue's token hash: hex SHA-224 of the address followed by the code. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}

export interface Mail {
  subject: string;
  html: string;
}

/** The sign-up confirmation mail, worded like hosted Supabase's default template. */
export function confirmationMail(link: string, code: string): Mail {
  return {
    subject: 'Confirm Your Signup',
    html: [
      '<h2>Confirm your signup</h2>',
      '<p>Follow this link to confirm your user:</p>',
      `<p><a href="${escapeHtml(link)}">Confirm your mail</a></p>`,
      `<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>`,
    ].join('\n'),
  };
}

export interface ConfirmationRequest {
  userId: string;
  email: string;
  /** Where /verify sends the browser afterwards. */
  redirectTo: string;
  /** PKCE sign-ups get a `pkce_`-prefixed token: /verify then answers with a code, not a session. */
  pkce: boolean;
}

/** Gives the user a new confirmation token and mails its link; 429 if the last mail is too recent. */
export async function sendConfirmation(tx: Queryable, ctx: StandInContext, request: ConfirmationRequest): Promise<void> {
  const { rows } = await tx.query<{ wait: number | null }>(
    `select ceil(extract(epoch from confirmation_sent_at + make_interval(secs => $2) - now()))::float8 as wait
       from auth.users where id = $1`,
    [request.userId, MAIL_INTERVAL_SECONDS],
  );
  const wait = rows[0]?.wait ?? null;
  if (wait !== null && wait > 0) {
    throw new AuthApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = `${request.pkce ? 'pkce_' : ''}${tokenHash(request.email, code)}`;
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [request.userId, token],
  );
  const link =
    `${ctx.publicUrl}/auth/v1/verify?token=${encodeURIComponent(token)}&type=signup` +
    `&redirect_to=${encodeURIComponent(request.redirectTo)}`;
  const mail = confirmationMail(link, code);
  await tx.query(
    'insert into standin.mail_outbox (recipient, subject, body_html, action_link) values ($1, $2, $3, $4)',
    [request.email, mail.subject, mail.html, link],
  );
}
