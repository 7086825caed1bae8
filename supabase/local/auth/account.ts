/** The signed-in user's own endpoints: GET and PUT /user, POST /logout. */
import { z } from 'zod';
import { json, type StandInContext } from '../http.ts';
import { authenticate } from './bearer.ts';
import { metadata, optionalText, readJson, text } from './body.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endSessions, type LogoutScope } from './sessions.ts';
import { findUser, insertEmailIdentity, mergeUserMetadata, syncProviders, userJson } from './users.ts';
import { checkPasswordStrength, validEmail } from './validation.ts';

export async function handleGetUser(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, claims } = await authenticate(request, ctx);
  const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (audience !== 'authenticated') {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  return json(200, userJson(user));
}

const UpdateBody = z.object({
  email: text,
  phone: text,
  password: optionalText,
  data: metadata,
  app_metadata: metadata,
});

export async function handleUpdateUser(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, sessionId } = await authenticate(request, ctx);
  const body = await readJson(request, UpdateBody);
  const email = body.email === '' ? '' : validEmail(body.email);
  if (body.phone !== '') {
    throw unprocessable('feature_disabled', 'Phone numbers are not supported by the local stand-in');
  }
  if (body.password !== null && body.password !== undefined) checkPasswordStrength(body.password);
  if (body.app_metadata !== null) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (email !== '' && email !== user.email) {
    // Hosted Supabase mails both addresses and changes it once both links are followed; the shop
    // has no such feature, so the stand-in does not imitate it.
    throw unprocessable('feature_disabled', 'Changing the email address is not supported by the local stand-in');
  }

  let passwordHash: string | null = null;
  if (body.password) {
    if (user.encrypted_password && (await verifyPassword(body.password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password);
  }

  const updated = await ctx.db.transaction(async (tx) => {
    await tx.query('select 1 from auth.users where id = $1 for no key update', [user.id]);
    if (passwordHash) {
      // A new password voids pending confirmation links and signs out every other session.
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
                updated_at = now() where id = $1`,
        [user.id, passwordHash],
      );
      if (user.email && !user.identities.some((i) => i.provider === 'email')) {
        await insertEmailIdentity(tx, user.id, user.email, user.email_confirmed_at !== null);
        await syncProviders(tx, user.id);
      }
      await endSessions(tx, user.id, sessionId, 'others');
    }
    if (body.data) await mergeUserMetadata(tx, user.id, body.data);
    return findUser(tx, user.id);
  });
  if (!updated) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return json(200, userJson(updated));
}

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

export async function handleLogout(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, sessionId } = await authenticate(request, ctx);
  const asked = new URL(request.url).searchParams.get('scope') || 'global';
  const scope = SCOPES.find((s) => s === asked);
  if (!scope) throw badRequest('validation_failed', `Unsupported logout scope "${asked}"`);
  await ctx.db.transaction((tx) => endSessions(tx, user.id, sessionId, scope));
  return new Response(null, { status: 204 });
}
