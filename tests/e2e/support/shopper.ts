/**
 * The journeys' shoppers: a confirmed account made through the admin API (no mail round trip),
 * with a wishlist liked through its own session as the hearts would, and the sign-in through the
 * header's dialog.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_KEY } from '../../../supabase/local/jwt.ts';
import type { Database } from '../../../src/lib/database.types.ts';
import { supabaseUrl } from './admin-api.ts';
import { hydrated } from './hydration.ts';

const NO_SESSION = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** The service role's client: it bypasses row-level security, for setting journeys up. */
export const serviceClient = (): SupabaseClient<Database> =>
  createClient<Database>(supabaseUrl(), process.env.E2E_SERVICE_KEY ?? LOCAL_SERVICE_KEY, NO_SESSION);

export interface Shopper {
  email: string;
  password: string;
  /** Signed in as the shopper (the anon key and their session). */
  client: SupabaseClient<Database>;
}

/** A new confirmed shopper who likes `productIds`, in that order. */
export async function newShopper(name: string, productIds: readonly string[] = []): Promise<Shopper> {
  const email = `${name}.${Date.now()}@example.com`;
  const password = `${name}-password-58`;
  expect((await serviceClient().auth.admin.createUser({ email, password, email_confirm: true })).error).toBeNull();
  const client = createClient<Database>(supabaseUrl(), LOCAL_ANON_KEY, NO_SESSION);
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  for (const product of productIds) expect((await client.rpc('like_product', { product })).error).toBeNull();
  return { email, password, client };
}

/**
 * Signs in through the header's 'Sign In' dialog, once the page's own islands are hydrated (the
 * header's load on intent: the press of 'Sign In' itself brings them).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await hydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const login = page.getByRole('dialog', { name: 'Sign In' }).getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}
