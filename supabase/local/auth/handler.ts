/**
 * The GoTrue (Supabase Auth) subset the shop uses, under /auth/v1: sign-up with email
 * confirmation (and its mail sent again), password sign-in, refresh-token rotation, the user,
 * sign-out, Google through a local consent page, PKCE, and the admin API. Answers, statuses and
 * error codes follow GoTrue so supabase-js behaves as against hosted Supabase; the README of
 * supabase/local/auth lists where the stand-in deliberately differs.
 */
import { json, type Handler, type StandInContext } from '../http.ts';
import { handleGetUser, handleLogout, handleUpdateUser } from './account.ts';
import { handleAdmin } from './admin.ts';
import { AuthApiError, OAuthError, errorResponse, unexpectedFailure } from './errors.ts';
import { handleAuthorize, handleCallback } from './google.ts';
import { handleResend } from './resend.ts';
import { handleSignup } from './signup.ts';
import { handleToken } from './token.ts';
import { handleVerifyCode, handleVerifyLink } from './verify.ts';

type Route = (request: Request, ctx: StandInContext) => Promise<Response>;

const settings: Route = async () =>
  json(200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: true,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

const health: Route = async () =>
  json(200, {
    version: 'stand-in',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/health': { GET: health },
  '/settings': { GET: settings },
  '/signup': { POST: handleSignup },
  '/resend': { POST: handleResend },
  '/verify': { GET: handleVerifyLink, POST: handleVerifyCode },
  '/token': { POST: handleToken },
  '/user': { GET: handleGetUser, PUT: handleUpdateUser },
  '/logout': { POST: handleLogout },
  '/authorize': { GET: handleAuthorize },
  '/callback': { GET: handleCallback, POST: handleCallback },
};

// What GoTrue's router (chi) answers for unknown paths and methods.
const notFound = () => new Response('404 page not found\n', { status: 404, headers: { 'content-type': 'text/plain' } });
const methodNotAllowed = () => new Response(null, { status: 405 });

async function route(request: Request, ctx: StandInContext): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/auth\/v1/, '').replace(/(.)\/$/, '$1') || '/';
  const methods = ROUTES[path];
  if (methods) {
    const handler = methods[request.method];
    return handler ? handler(request, ctx) : methodNotAllowed();
  }
  if (path.startsWith('/admin/')) return (await handleAdmin(request, ctx, path)) ?? notFound();
  return notFound();
}

export const handleAuth: Handler = async (request, ctx) => {
  try {
    return await route(request, ctx);
  } catch (error) {
    if (error instanceof AuthApiError || error instanceof OAuthError) return errorResponse(error, request);
    console.error('auth: unexpected failure for', request.method, request.url, error);
    return errorResponse(unexpectedFailure(), request);
  }
};
