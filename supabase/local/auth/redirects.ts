/**
 * Where GoTrue sends a browser back to, and how it packs the outcome into that address: the
 * session in the fragment (implicit flow), `?code=` (PKCE), or the error in both query and fragment.
 */
import type { SessionResponse } from './sessions.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The redirect target if it is allowed, else the site URL. Allowed: the site's own origin (any
 * port on a loopback host, as GoTrue allows native apps), or any http(s) address on this machine.
 */
export function allowedRedirect(candidate: string | null | undefined, siteUrl: string): string {
  if (!candidate) return siteUrl;
  let target: URL;
  let site: URL;
  try {
    target = new URL(candidate);
    site = new URL(siteUrl);
  } catch {
    return siteUrl;
  }
  const sameSite =
    target.protocol === site.protocol &&
    target.hostname === site.hostname &&
    (target.port === site.port || LOOPBACK_HOSTS.has(target.hostname));
  const local = (target.protocol === 'http:' || target.protocol === 'https:') && LOOPBACK_HOSTS.has(target.hostname);
  return sameSite || local ? candidate : siteUrl;
}

/** Where the request asks to return to: `redirect_to`, else the Referer header, if allowed; else the site. */
export function requestReferrer(request: Request, siteUrl: string, asked?: string | null): string {
  const candidate = asked ?? new URL(request.url).searchParams.get('redirect_to');
  if (candidate && allowedRedirect(candidate, siteUrl) === candidate) return candidate;
  return allowedRedirect(request.headers.get('referer'), siteUrl);
}

/** Encodes parameters as Go's url.Values does: keys sorted, spaces as '+'. */
function encodeSorted(params: Record<string, string>): string {
  const sorted = new URLSearchParams();
  for (const key of Object.keys(params).sort()) sorted.append(key, params[key] ?? '');
  return sorted.toString();
}

/** The implicit-flow return address: the session in the fragment, `sb` marking it as Supabase's. */
export function sessionRedirect(target: string, session: SessionResponse, extra: Record<string, string> = {}): string {
  const fragment = encodeSorted({
    ...extra,
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    sb: '',
  });
  return `${target.split('#')[0]}#${fragment}`;
}

/** The PKCE return address: the authorization code in the query. */
export function codeRedirect(target: string, code: string): string {
  const url = new URL(target);
  url.searchParams.set('code', code);
  return url.toString();
}

export interface RedirectError {
  /** The OAuth error word (access_denied, invalid_request, server_error); absent when GoTrue has none. */
  error?: string;
  errorCode?: string;
  description: string;
}

/**
 * An error return address: the error in the fragment (for the implicit flow) and, when asked, in
 * the query too (GoTrue adds it there for PKCE flows and OAuth callbacks).
 */
export function errorRedirect(target: string, error: RedirectError, inQuery: boolean): string {
  const details: Record<string, string> = { error_description: error.description };
  if (error.error) details.error = error.error;
  if (error.errorCode) details.error_code = error.errorCode;
  const url = new URL(target);
  if (inQuery) for (const [key, value] of Object.entries(details)) url.searchParams.set(key, value);
  url.hash = encodeSorted({ ...details, sb: '' });
  return url.toString();
}
