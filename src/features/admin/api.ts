/**
 * The admin area's writes: calls to the /api/admin/* functions with the admin's access token. The
 * functions check the token and profiles.is_admin on the server; nothing here is trusted there.
 */
import { authClient } from '../account/store.ts';

export type AdminEndpoint = 'products' | 'categories' | 'blogs' | 'quizzes' | 'platforms' | 'prices';

/** A write the server refused or could not do: its status, message and (for 400s) the field. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.field = field;
  }
}

async function accessToken(): Promise<string> {
  const { data } = await (await authClient()).auth.getSession();
  if (!data.session) throw new AdminApiError(401, 'Sign in as an admin');
  return data.session.access_token;
}

/**
 * Sends one request to an admin function as the signed-in admin; resolves with the function's
 * JSON answer (null if it sent none) or rejects with an AdminApiError.
 */
export async function adminRequest<T>(endpoint: AdminEndpoint, method: 'POST' | 'PUT' | 'DELETE', body: BodyInit, headers: Record<string, string>): Promise<T | null> {
  const response = await fetch(`/api/admin/${endpoint}`, {
    method,
    headers: { ...headers, authorization: `Bearer ${await accessToken()}` },
    body,
  });
  const answer = (await response.json().catch(() => null)) as { error?: string; field?: string } | null;
  if (!response.ok) {
    throw new AdminApiError(response.status, answer?.error ?? `The server answered ${response.status}`, answer?.field);
  }
  return answer as T | null;
}

/** Sends one JSON write; resolves with the function's JSON answer or rejects with an AdminApiError. */
export async function adminWrite<T>(endpoint: AdminEndpoint, method: 'POST' | 'PUT' | 'DELETE', body: unknown): Promise<T> {
  return (await adminRequest<T>(endpoint, method, JSON.stringify(body), { 'content-type': 'application/json' })) as T;
}

/** The message to show for a failed write ('Failed to add product: {reason}'). */
export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : 'Unknown error';
}
