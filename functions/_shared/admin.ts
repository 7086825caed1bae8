/**
 * The front door of the admin functions: who is calling (a signed-in admin, decided here on the
 * server from the access token and profiles.is_admin — nothing the browser says is trusted), what
 * they sent (validated with the shared schemas of src/features/admin/schemas.ts), and what they
 * get back. A successful write asks for a rebuild of the static site.
 */
import { isAuthError } from '@supabase/supabase-js';
import { z } from 'zod';
import { firstProblem } from '../../src/features/admin/fields.ts';
import { SUPABASE_DEADLINE_MS, withDeadline } from './deadline.ts';
import { FieldError, HttpError, json, readJsonBody, respond } from './http.ts';
import { requestRebuild } from './rebuild.ts';
import { serviceDb } from './supabase.ts';

/** Defined with the other answers in http.ts; the admin functions and write-errors.ts take it from here. */
export { FieldError };

/** 401: no token, or one the Auth API does not accept (malformed, forged, expired, signed out). */
export const SIGN_IN_AS_ADMIN = 'Sign in as an admin';
/** 403: a signed-in user who is not an admin. */
export const ADMINS_ONLY = 'Admins only';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/**
 * An access token of Supabase Auth is a JWT: three base64url parts. Anything else is refused here
 * as a failed sign-in, before it reaches the Auth API (a control character in it would not even
 * make a valid request header, and the caller would get a 503 for its own bad token).
 */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export interface Admin {
  userId: string;
  email: string | null;
}

/** The admin behind the request's `Authorization: Bearer <access token>`, or a 401/403. */
export async function requireAdmin(request: Request): Promise<Admin> {
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token || !JWT.test(token)) throw new HttpError(401, SIGN_IN_AS_ADMIN);

  const db = serviceDb();
  // The Auth API checks the signature, the expiry and that the session still exists.
  const { data, error } = await db.auth.getUser(token);
  if (error) {
    if (isAuthError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) throw new HttpError(401, SIGN_IN_AS_ADMIN);
    throw new Error('admin: the Auth API could not check the token', { cause: error });
  }

  const profile = await db.from('profiles').select('is_admin').eq('id', data.user.id).maybeSingle();
  if (profile.error) throw new Error(`admin: profiles.is_admin(${data.user.id})`, { cause: profile.error });
  if (profile.data?.is_admin !== true) throw new HttpError(403, ADMINS_ONLY);
  return { userId: data.user.id, email: data.user.email ?? null };
}

/** The body as the schema reads it, or a FieldError with the first problem. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const { field, message } = firstProblem(parsed.error);
  throw new FieldError(field, message);
}

/** Reads the JSON body and validates it. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJsonBody(request));
}

/** The id a DELETE names, from `?id=` or from a JSON body `{ "id": … }`. */
export async function deleteTarget(request: Request, idSchema: z.ZodType<string>): Promise<string> {
  const fromQuery = new URL(request.url).searchParams.get('id');
  if (fromQuery !== null) return validate(z.object({ id: idSchema }), { id: fromQuery }).id;
  const empty = (await request.clone().text()).trim() === '';
  const body = empty ? {} : await readJsonBody(request);
  return validate(z.object({ id: idSchema }, { error: 'The request body must be a JSON object' }), body).id;
}

export type AdminMethod = 'POST' | 'PUT' | 'DELETE';

/** What a write answers, and what to say when it asks for a rebuild. */
export interface Written {
  status: 200 | 201;
  body: unknown;
  /** For the deploy message and the log: 'product "Desk Lamp" updated'. */
  change: string;
}

export type AdminRoutes = Partial<Record<AdminMethod, (request: Request, admin: Admin) => Promise<Written>>>;

/** The part of a Netlify function's context the admin endpoints use. */
export interface AdminContext {
  /** Keeps the function running after the answer until the promise settles (Netlify Functions 2.0). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * One admin endpoint: 405 for a method it does not serve, then the caller check, then the route.
 * A route throws HttpErrors (FieldErrors naming the field) for what the caller got wrong; anything
 * else is a logged 500. The caller check and the route share one deadline for their calls to
 * Supabase: past it the answer is 503 with Retry-After (deadline.ts).
 *
 * After a write, the rebuild is requested without holding the answer: the platform keeps the
 * function running until the build hook has answered (context.waitUntil). Called without a context
 * (tests), the answer waits for the hook.
 */
export function adminEndpoint(name: string, routes: AdminRoutes): (request: Request, context?: AdminContext) => Promise<Response> {
  const methods = Object.keys(routes);
  return (request, context) =>
    respond(name, async () => {
      const route = routes[request.method as AdminMethod];
      if (!route) return json(405, { error: `Use ${methods.join(', ')}` }, { allow: methods.join(', ') });
      const written = await withDeadline(SUPABASE_DEADLINE_MS, async () => {
        const admin = await requireAdmin(request);
        const done = await route(request, admin);
        console.info(`${name}: ${done.change} by ${admin.email ?? admin.userId}`);
        return done;
      });
      const rebuild = requestRebuild(written.change);
      if (context?.waitUntil) context.waitUntil(rebuild);
      else await rebuild;
      return json(written.status, written.body);
    });
}
