/**
 * POST /resend: a new sign-up confirmation mail for an address not yet confirmed, with GoTrue's
 * checks in GoTrue's order. As GoTrue, the answer is `{}` whether or not the address has an
 * account or is confirmed already, so it tells nobody who has one; the one-mail-a-minute rule of
 * sign-up applies (429).
 */
import { z } from 'zod';
import { json, type StandInContext } from '../http.ts';
import { readJson, text } from './body.ts';
import { badRequest } from './errors.ts';
import { sendConfirmation } from './mail.ts';
import { codeChallenge, createFlowState } from './pkce.ts';
import { requestReferrer } from './redirects.ts';
import { findUserByEmail } from './users.ts';
import { validEmail } from './validation.ts';

const ResendBody = z.object({
  type: text,
  email: text,
  phone: text,
  code_challenge: text,
  code_challenge_method: text,
});

const EMAIL_TYPES = new Set(['signup', 'email_change']);
const PHONE_TYPES = new Set(['sms', 'phone_change']);

export async function handleResend(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJson(request, ResendBody);
  if (!EMAIL_TYPES.has(body.type) && !PHONE_TYPES.has(body.type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const pkce = EMAIL_TYPES.has(body.type) ? codeChallenge(body.code_challenge, body.code_challenge_method) : null;
  if (body.email === '' && body.type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (body.phone === '' && body.type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (body.email !== '' && body.phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  }
  if (body.phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (body.email === '') throw badRequest('validation_failed', 'Missing email address or phone number');
  const email = validEmail(body.email);
  const redirectTo = requestReferrer(request, ctx.siteUrl);

  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // No account, an address confirmed already, or (email_change) no change pending, which the
    // stand-in never has: nothing to send, and the same answer.
    if (!user || user.email_confirmed_at || body.type !== 'signup') return;
    if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup', 'email');
    await sendConfirmation(tx, ctx, { userId: user.id, email: user.email ?? email, redirectTo, pkce: pkce !== null });
  });
  return json(200, {});
}
