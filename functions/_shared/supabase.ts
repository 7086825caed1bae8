/**
 * The service-role client. It BYPASSES row-level security: use it only after the caller has been
 * verified and the input validated. It exists only in the functions' environment, never in a
 * browser bundle.
 *
 * Every request it makes goes through supabaseFetch, so it ends by the deadline of the function
 * call it serves (deadline.ts); postgrest-js's own retries, whose waits no deadline cuts short,
 * are off, and supabaseFetch retries the same requests within the deadline instead.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types.ts';
import { supabaseFetch } from './deadline.ts';
import { functionsEnv } from './env.ts';

let client: SupabaseClient<Database> | undefined;

export function serviceDb(): SupabaseClient<Database> {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = functionsEnv();
  client ??= createClient<Database>(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { retry: false },
    global: { fetch: supabaseFetch },
  });
  return client;
}
