/**
 * The connection health check (spec: on load and every 30 seconds). It asks the site's own
 * /health function (functions/health.ts), which reads the id of one product (the spec's check:
 * limit 1) through PostgREST with a deadline and answers 503 when the database is unreachable or
 * not answering. A plain request, so no page has to load the Supabase client just to check.
 */
export const HEALTH_CHECK_EVERY_MS = 30_000;
/** Longer than the function's own deadline (3.5 s), so its 503 arrives rather than a timeout here. */
export const HEALTH_CHECK_TIMEOUT_MS = 8_000;
export const HEALTH_PATH = '/health';

export async function checkConnection(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(HEALTH_PATH, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
