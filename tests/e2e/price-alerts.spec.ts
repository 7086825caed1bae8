/**
 * Price-drop alerts, end to end on the demo shop: a signed-in shopper turns on 'Email me when a
 * wishlisted gift drops in price' on /wishlist and it stays on after a reload; a price drop of a
 * wishlisted gift (written through the service role, as an import would) is mailed by the alert run
 * over SMTP into the stand-in's outbox, once; the mail's unsubscribe link works without signing in
 * and the switch is off afterwards.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { sendPriceDropAlerts } from '../../functions/_shared/price-alerts.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_KEY } from '../../supabase/local/jwt.ts';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { signIn } from './support/shopper.ts';

const SUPABASE_URL = process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';
const SERVICE_KEY = process.env.E2E_SERVICE_KEY ?? LOCAL_SERVICE_KEY;
const PASSWORD = 'price-drop-77';
const LABEL = 'Email me when a wishlisted gift drops in price';
const NO_SESSION = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

const service = createClient<Database>(SUPABASE_URL, SERVICE_KEY, NO_SESSION);

async function mailsTo(page: Page, email: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${SUPABASE_URL}/outbox/api/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMessage[];
}

test('a shopper turns price-drop emails on, gets one mail for a drop, and unsubscribes from it without signing in', async ({ page, browser }) => {
  const email = `alerts.${Date.now()}@example.com`;
  const { data: created, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  const { data: priced } = await service.from('lowest_latest_prices').select('product_id, price').order('product_id').limit(1).single();
  const productId = priced!.product_id!;
  const { data: product } = await service.from('products').select('name').eq('id', productId).single();
  // The shopper's wishlist, liked with their own session as the heart would.
  const own = createClient<Database>(SUPABASE_URL, LOCAL_ANON_KEY, NO_SESSION);
  await own.auth.signInWithPassword({ email, password: PASSWORD });
  expect((await own.rpc('like_product', { product: productId })).error).toBeNull();

  await page.goto('/wishlist');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('switch', { name: LABEL })).toHaveCount(0);
  await signIn(page, email, PASSWORD);
  const toggle = page.getByRole('switch', { name: LABEL });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Price-drop emails are on.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: LABEL })).toBeChecked();

  // A lower price at a retailer, as a feed import writes it; then the run the import triggers.
  const newPrice = Number(priced!.price) - 1;
  expect((await service.from('price_history').insert({ product_id: productId, platform: 'Amazon', price: newPrice, scraped_at: new Date().toISOString() })).error).toBeNull();
  await sendPriceDropAlerts({ db: service });
  await sendPriceDropAlerts({ db: service });

  const mails = await mailsTo(page, email);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail!.body_text).toContain(`${product!.name}: $${Number(priced!.price).toFixed(2)} → $${newPrice.toFixed(2)} at Amazon`);
  expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!;
  expect(mail!.body_html).toContain(link.replaceAll('&', '&amp;'));

  // The link, opened where nobody is signed in.
  const stranger = await browser.newContext();
  const visit = await stranger.newPage();
  await visit.goto(link);
  await expect(visit).toHaveURL(/\/price-alerts\/unsubscribed\/?$/);
  await expect(visit.getByText('You will no longer get price-drop emails.').first()).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(page.getByRole('switch', { name: LABEL })).not.toBeChecked();
  expect(created.user).not.toBeNull();
});

test("a guest's 'Sign in' beside the price-drop switch opens the login form and comes back to the wishlist", async ({ page }) => {
  const email = `alerts.guest.${Date.now()}@example.com`;
  expect((await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();

  await page.goto('/wishlist');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fwishlist$/);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();

  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('switch', { name: LABEL })).toBeEnabled();
});
