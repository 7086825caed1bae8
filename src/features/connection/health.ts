/**
 * The connection health check (spec: read the id of one product, limit 1; on load and every 30
 * seconds). A plain request to the REST API with the public key, so no page has to load the
 * Supabase client just to check the connection.
 */
export const HEALTH_CHECK_EVERY_MS = 30_000;
export const HEALTH_CHECK_TIMEOUT_MS = 8_000;

export async function checkConnection(supabaseUrl: string, anonKey: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(`${supabaseUrl}/rest/v1/products?select=id&limit=1`, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
