/**
 * GET /health — whether the shop can reach its database now: the specification's health check
 * (read the id of one product, limit 1) through PostgREST, with the functions' deadline. The
 * connection banner (src/features/connection/) asks it on load and every 30 seconds.
 *
 *   200 { status: 'ok', database: 'ok' }
 *   503 { status: 'unavailable', database: 'did not answer within 3500 ms' | 'could not be reached (ECONNREFUSED)' | … }
 *       with Retry-After, when the read did not succeed in time
 *
 * Never cached: each answer is the state of that moment.
 */
import type { Config } from '@netlify/functions';
import { RETRY_AFTER_SECONDS, SUPABASE_DEADLINE_MS, withDeadline } from './_shared/deadline.ts';
import { json, ServiceUnavailable } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';

export default async (): Promise<Response> => {
  try {
    await withDeadline(SUPABASE_DEADLINE_MS, async () => {
      const { error } = await serviceDb().from('products').select('id').limit(1);
      if (error) throw new Error('health: products.select(id).limit(1)', { cause: error });
    });
    return json(200, { status: 'ok', database: 'ok' });
  } catch (error) {
    // Reached but refusing the read (a wrong key, a broken schema) is unavailable to the shop too.
    const database = error instanceof ServiceUnavailable
      ? error.problem
      : `answered with an error (${describe((error as Error).cause)})`;
    console.warn(`health: the database is unavailable: ${database}`);
    return json(503, { status: 'unavailable', database }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
};

function describe(cause: unknown): string {
  const { code, message } = (cause ?? {}) as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ') || 'unknown';
}

export const config: Config = { path: '/health', method: 'GET' };
