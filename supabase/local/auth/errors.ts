/**
 * GoTrue's errors: an HTTP status, a stable error code and a message, sent in the body shape the
 * caller's API version asks for. supabase-js sends `X-Supabase-Api-Version: 2024-01-01` and gets
 * `{ code: 'weak_password', message }` with the version echoed in a header; older callers get
 * `{ code: 422, error_code: 'weak_password', msg }`. auth-js reads either.
 */
import { json } from '../http.ts';

/** The error codes of GoTrue the stand-in can answer with (apierrors/errorcode.go). */
export type ErrorCode =
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'email_not_confirmed'
  | 'invalid_credentials'
  | 'otp_expired'
  | 'weak_password'
  | 'same_password'
  | 'over_email_send_rate_limit'
  | 'feature_disabled'
  | 'anonymous_provider_disabled'
  | 'phone_provider_disabled';

/** An error GoTrue would answer with; thrown anywhere below the handler and sent by it. */
export class AuthApiError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode;
  /** Extra body fields, e.g. `weak_password: { reasons }`. */
  readonly details: Record<string, unknown>;

  constructor(status: number, errorCode: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AuthApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }
}

/** An OAuth2-style error (`{ error, error_description }`), always 400, as GoTrue's OAuthError. */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AuthApiError(400, code, message);
export const forbidden = (code: ErrorCode, message: string) => new AuthApiError(403, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new AuthApiError(422, code, message);

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** The newest API version the caller asked for that the stand-in knows, or null for the initial one. */
export function requestedApiVersion(request: Request): string | null {
  const asked = request.headers.get(API_VERSION_HEADER);
  if (!asked || !/^\d{4}-\d{2}-\d{2}$/.test(asked) || Number.isNaN(Date.parse(asked))) return null;
  return asked >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

/** The response GoTrue sends for an error, in the shape the request's API version expects. */
export function errorResponse(error: AuthApiError | OAuthError, request: Request): Response {
  if (error instanceof OAuthError) {
    return json(400, { error: error.error, error_description: error.message });
  }
  const version = requestedApiVersion(request);
  if (version) {
    return json(
      error.status,
      { code: error.errorCode, message: error.message, ...error.details },
      { [API_VERSION_HEADER]: version, 'x-sb-error-code': error.errorCode },
    );
  }
  return json(
    error.status,
    { code: error.status, error_code: error.errorCode, msg: error.message, ...error.details },
    { 'x-sb-error-code': error.errorCode },
  );
}

/** What GoTrue answers when something unexpected went wrong; the cause is logged, not sent. */
export const unexpectedFailure = () =>
  new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
