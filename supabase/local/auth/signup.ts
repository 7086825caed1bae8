/**
 * POST /signup with email confirmation on (as the shop requires, spec §4): the user is created
 * unconfirmed, a confirmation mail goes to the outbox, and the answer is the user without a session.
 */
import { z } from 'zod';
import { json, type StandInContext } from '../http.ts';
import { metadata, readJson, text } from './body.ts';
import { badRequest, unprocessable } from './errors.ts';
import { sendConfirmation } from './mail.ts';
import { hashPassword } from './passwords.ts';
import { codeChallenge, createFlowState } from './pkce.ts';
import { requestReferrer } from './redirects.ts';
import {
  findUser,
  findUserByEmail,
  insertEmailIdentity,
  insertUser,
  obfuscatedUserJson,
  userJson,
  type AuthUser,
} from './users.ts';
import { checkPasswordStrength, validEmail } from './validation.ts';

const SignupBody = z.object({
  email: text,
  phone: text,
  password: text,
  data: metadata,
  code_challenge: text,
  code_challenge_method: text,
});

type Outcome = { kind: 'confirmed-elsewhere' } | { kind: 'taken-concurrently' } | { kind: 'pending'; user: AuthUser };

export async function handleSignup(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJson(request, SignupBody);
  // GoTrue's order of checks, so the same mistake gets the same answer.
  if (body.email === '' && body.phone === '') {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (body.password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(body.password);
  if (body.email !== '' && body.phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  const pkce = codeChallenge(body.code_challenge, body.code_challenge_method);
  if (body.phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validEmail(body.email);
  const data = body.data ?? {};
  const redirectTo = requestReferrer(request, ctx.siteUrl);
  // Hashed whether or not the address is taken, so the answer's timing does not tell either.
  const passwordHash = await hashPassword(body.password);

  const attempt = () =>
    ctx.db.transaction<Outcome>(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) return { kind: 'confirmed-elsewhere' };
      // An unconfirmed user who signs up again gets a new mail; their password and data stay as
      // they were, since nobody has proven they own the address yet.
      const userId =
        existing?.id ??
        (await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: data,
          appMetadata: { provider: 'email', providers: ['email'] },
          confirmed: false,
        }));
      if (!userId) return { kind: 'taken-concurrently' };
      if (!existing?.identities.some((i) => i.provider === 'email')) {
        await insertEmailIdentity(tx, userId, email, false, data);
      }
      if (pkce) await createFlowState(tx, userId, pkce, 'email/signup', 'email');
      await sendConfirmation(tx, ctx, { userId, email, redirectTo, pkce: pkce !== null });
      const user = await findUser(tx, userId);
      if (!user) throw new Error(`signup: user ${userId} vanished`);
      return { kind: 'pending', user };
    });

  let outcome = await attempt();
  // A concurrent sign-up for the same address won the insert: answer as if it had come first.
  if (outcome.kind === 'taken-concurrently') outcome = await attempt();
  switch (outcome.kind) {
    case 'pending':
      return json(200, userJson(outcome.user));
    case 'confirmed-elsewhere':
      return json(200, obfuscatedUserJson(email, data));
    case 'taken-concurrently':
      throw new Error(`signup: the address ${email} was taken twice in a row`);
  }
}
