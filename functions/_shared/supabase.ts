/**
 * The functions' Supabase clients. The service-role client BYPASSES row-level security: use it
 * only after the caller has been verified and the input validated. Its key exists only in the
 * functions' environment, never in a browser bundle.
 *
 * Every request either client makes goes through supabaseFetch, so it ends by the deadline of the
 * function call it serves (deadline.ts); postgrest-js's own retries, whose waits no deadline cuts
 * short, are off, and supabaseFetch retries the same requests within the deadline instead.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types.ts';
import { supabaseFetch } from './deadline.ts';
import { functionsEnv } from './env.ts';

let service: SupabaseClient<Database> | undefined;
let visitor: SupabaseClient<Database> | undefined;

export function serviceDb(): SupabaseClient<Database> {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = functionsEnv();
  service ??= clientWith(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY);
  return service;
}

/**
 * A client with the public anon key: it reads what a signed-out visitor may read and nothing
 * more, for a function that answers visitors with what their own browser could ask.
 */
export function visitorDb(): SupabaseClient<Database> {
  const { SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY } = functionsEnv();
  if (!PUBLIC_SUPABASE_ANON_KEY) {
    throw new Error("Functions environment is incomplete (PUBLIC_SUPABASE_ANON_KEY): give the functions the site's public key too.");
  }
  visitor ??= clientWith(SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY);
  return visitor;
}

function clientWith(url: string, key: string): SupabaseClient<Database> {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { retry: false },
    global: { fetch: supabaseFetch },
  });
}
