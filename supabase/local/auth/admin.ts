/**
 * The admin API (`supabase.auth.admin.*`) for seeds, tests and server code holding the service
 * key: list, create, read, update and delete users. Every route needs a service_role token.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { json, type StandInContext } from '../http.ts';
import { requireAdmin } from './bearer.ts';
import { flag, metadata, optionalText, parseJson, readJson, text } from './body.ts';
import { AuthApiError, badRequest, unprocessable } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { endSessions } from './sessions.ts';
import {
  confirmUser,
  findUser,
  findUserByEmail,
  insertEmailIdentity,
  insertUser,
  listUsers,
  mergeAppMetadata,
  mergeUserMetadata,
  userJson,
  type AuthUser,
} from './users.ts';
import { MAX_PASSWORD_LENGTH, validEmail } from './validation.ts';

const DEFAULT_PER_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

function positiveInteger(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: invalid value ${JSON.stringify(value)}`);
  }
  return Number(value);
}

async function list(request: Request, ctx: StandInContext): Promise<Response> {
  const url = new URL(request.url);
  const page = positiveInteger(url.searchParams.get('page'), 1);
  const perPage = positiveInteger(url.searchParams.get('per_page'), DEFAULT_PER_PAGE);
  const { users, total } = await ctx.db.transaction((tx) => listUsers(tx, page, perPage));
  // Pagination headers as GoTrue sends them; auth-js reads the page numbers from `Link`.
  const pageLink = (n: number, rel: string) => `<${url.pathname}?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const lastPage = Math.ceil(total / perPage);
  const links = [...(lastPage > page ? [pageLink(page + 1, 'next')] : []), pageLink(lastPage, 'last')];
  return json(
    200,
    { users: users.map(userJson), aud: 'authenticated' },
    { link: links.join(', '), 'x-total-count': String(total) },
  );
}

const CreateBody = z.object({
  email: text,
  phone: text,
  password: optionalText,
  email_confirm: flag,
  user_metadata: metadata,
  app_metadata: metadata,
});

/** A password nobody knows, for users created without one (they sign in some other way). */
const unguessablePassword = () => randomBytes(48).toString('base64url');

async function create(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJson(request, CreateBody);
  if (body.email === '' && body.phone === '') {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (body.phone !== '') throw unprocessable('feature_disabled', 'Phone numbers are not supported by the local stand-in');
  const email = validEmail(body.email);
  const password = body.password || unguessablePassword();
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata: body.user_metadata ?? {},
      appMetadata: { provider: 'email', providers: ['email'] },
      confirmed: body.email_confirm,
    });
    if (!id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    await insertEmailIdentity(tx, id, email, body.email_confirm);
    if (body.app_metadata) await mergeAppMetadata(tx, id, body.app_metadata);
    return findUser(tx, id);
  });
  if (!user) throw new Error(`admin: user ${email} vanished after creation`);
  return json(200, userJson(user));
}

const UpdateBody = z.object({
  email: text,
  password: optionalText,
  email_confirm: flag,
  user_metadata: metadata,
  app_metadata: metadata,
});

async function update(request: Request, ctx: StandInContext, existing: AuthUser): Promise<Response> {
  const body = await readJson(request, UpdateBody);
  if (body.email !== '' && validEmail(body.email) !== existing.email) {
    const taken = await ctx.db.transaction((tx) => findUserByEmail(tx, body.email));
    if (taken) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    throw unprocessable('feature_disabled', 'Changing the email address is not supported by the local stand-in');
  }
  if (body.password && body.password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const user = await ctx.db.transaction(async (tx) => {
    await tx.query('select 1 from auth.users where id = $1 for no key update', [existing.id]);
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        existing.id,
        passwordHash,
      ]);
      await endSessions(tx, existing.id, null, 'global');
    }
    if (body.email_confirm) await confirmUser(tx, existing.id);
    if (body.user_metadata) await mergeUserMetadata(tx, existing.id, body.user_metadata);
    if (body.app_metadata) await mergeAppMetadata(tx, existing.id, body.app_metadata);
    return findUser(tx, existing.id);
  });
  if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
  return json(200, userJson(user));
}

const DeleteBody = z.object({ should_soft_delete: flag });

async function remove(request: Request, ctx: StandInContext, existing: AuthUser): Promise<Response> {
  // GoTrue reads the body only when there is one.
  const raw = await request.text();
  if (raw.trim() !== '' && parseJson(raw, DeleteBody).should_soft_delete) {
    throw unprocessable('feature_disabled', 'Soft deletion is not supported by the local stand-in');
  }
  await ctx.db.transaction((tx) => tx.query('delete from auth.users where id = $1', [existing.id]));
  return json(200, {});
}

/** Routes /admin/users[/:id] after checking the caller holds a service_role token. */
export async function handleAdmin(request: Request, ctx: StandInContext, path: string): Promise<Response | null> {
  const match = /^\/admin\/users(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return null;
  await requireAdmin(request, ctx);
  const id = match[1];
  if (id === undefined) {
    if (request.method === 'GET') return list(request, ctx);
    if (request.method === 'POST') return create(request, ctx);
    return null;
  }
  if (!UUID.test(id)) throw new AuthApiError(404, 'validation_failed', 'user_id must be an UUID');
  const existing = await ctx.db.transaction((tx) => findUser(tx, id));
  if (!existing) throw new AuthApiError(404, 'user_not_found', 'User not found');
  switch (request.method) {
    case 'GET':
      return json(200, userJson(existing));
    case 'PUT':
      return update(request, ctx, existing);
    case 'DELETE':
      return remove(request, ctx, existing);
    default:
      return null;
  }
}
