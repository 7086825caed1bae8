/**
 * The build's Supabase client, apart from src/lib/supabase.ts so that tests can make one for any
 * URL (supabase.ts reads the URL from astro:env). Anonymous, no session, and every request bounded
 * by a deadline: a build must fail, saying which request got no answer, rather than hang.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { fetchWithDeadline } from './deadline-fetch.ts';

/** How long the build waits for one answer from Supabase (each of supabase-js's retries gets as long again). */
export const BUILD_REQUEST_TIMEOUT_MS = 30_000;

/** A client for the build: reads the public catalogue with the anon key, every request with a deadline. */
export function createBuildClient(url: string, anonKey: string, timeoutMs = BUILD_REQUEST_TIMEOUT_MS) {
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchWithDeadline(timeoutMs) },
  });
}
