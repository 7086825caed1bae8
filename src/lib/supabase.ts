/**
 * supabase-js clients. The only place the app creates one (the build's through lib/build-client.ts);
 * features' queries.ts modules take a client from here. Both use the public anon key: row-level
 * security decides what they may see.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';
import { createBuildClient } from './build-client.ts';
import type { Database } from './database.types.ts';

export type Db = SupabaseClient<Database>;

let browserClient: Db | undefined;

/** The shopper's client in the browser: persists the session, refreshes tokens, reads OAuth returns. */
export function browserDb(): Db {
  browserClient ??= createClient<Database>(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: AUTH_STORAGE_KEY },
  });
  return browserClient;
}

let buildClient: Db | undefined;

/**
 * The build's client: anonymous, no session, reads the public catalogue for prebuilt pages; every
 * request has a deadline (lib/build-client.ts), so an unanswering Supabase fails the build.
 */
export function buildDb(): Db {
  buildClient ??= createBuildClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY);
  return buildClient;
}
