/**
 * Issue 11 end to end on the demo: an admin imports a CSV in the Prices tab that lowers the price
 * of a gift a shopper wishlisted with price-drop emails on; after the rebuild the product page
 * shows the new point in its price history and the 'Lowest price in 90 days' badge; the shopper's
 * alert mail arrives in the outbox; a second import of the same file sends nothing; the mail's
 * unsubscribe link works without signing in.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_KEY } from '../../supabase/local/jwt.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/accounts.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { REBUILD_TIMEOUT_MS, rebuiltSince, supabaseUrl } from './support/admin-api.ts';

const PASSWORD = 'price-drop-88';
const SWITCH = 'Email me when a wishlisted gift drops in price';
const NO_SESSION = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const money = (amount: number) => `$${amount.toFixed(2)}`;

async function mailsTo(page: Page, email: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${supabaseUrl()}/outbox/api/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMessage[];
}

test.describe.configure({ timeout: REBUILD_TIMEOUT_MS + 120_000 });

test('an imported price drop reaches the product page, its badge and the shopper\'s inbox, once', async ({ page, browser }) => {
  const service = createClient<Database>(supabaseUrl(), process.env.E2E_SERVICE_KEY ?? LOCAL_SERVICE_KEY, NO_SESSION);

  // A gift with price history and a known retailer price (not the one the alerts journey lowers);
  // the new price undercuts every price it had, and is the newest point.
  const { data: lowest } = await service.from('lowest_latest_prices').select('product_id, price').order('product_id', { ascending: false }).limit(1).single();
  const productId = lowest!.product_id!;
  const { data: latest } = await service.from('latest_prices').select('platform').eq('product_id', productId).limit(1).single();
  const { data: history } = await service.from('price_history').select('price').eq('product_id', productId).order('price').limit(1).single();
  const { data: product } = await service.from('products').select('name').eq('id', productId).single();
  const newPrice = Math.floor(Number(history!.price) * 50) / 100;
  const at = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  const csv = Buffer.from(['product_id,platform,price,scraped_at', `${productId},${latest!.platform},${newPrice.toFixed(2)},${at}`].join('\n'));

  // The shopper: signed up, the gift on their wishlist, price-drop emails on.
  const email = `intelligence.${Date.now()}@example.com`;
  expect((await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
  const shopper = createClient<Database>(supabaseUrl(), LOCAL_ANON_KEY, NO_SESSION);
  await shopper.auth.signInWithPassword({ email, password: PASSWORD });
  expect((await shopper.rpc('like_product', { product: productId })).error).toBeNull();
  await page.goto('/wishlist');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const login = page.getByRole('dialog', { name: 'Sign In' }).getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('switch', { name: SWITCH }).check();
  await expect(page.getByRole('switch', { name: SWITCH })).toBeChecked();

  // The admin imports the feed in the Prices tab.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  await admin.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await admin.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await admin.getByLabel('Password').fill(DEMO_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Login' }).click();
  await admin.getByRole('tab', { name: 'Prices' }).click();
  const panel = admin.getByRole('tabpanel', { name: 'Prices' });
  const upload = async () => {
    await panel.getByLabel('Price feed (CSV)').setInputFiles({ name: 'drop.csv', mimeType: 'text/csv', buffer: csv });
    await panel.getByRole('button', { name: 'Import' }).click();
    const report = panel.getByRole('status').filter({ hasText: 'Imported drop.csv' });
    await expect(report).toBeVisible({ timeout: 30_000 });
    return report;
  };
  const since = Date.now();
  await expect((await upload()).getByText('1 row imported')).toBeVisible();

  // The shopper's alert mail, with the old and the new price.
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(page, email);
  expect(mail!.body_text).toContain(product!.name);
  expect(mail!.body_text).toContain(money(newPrice));

  // After the rebuild: the new point and the badge on the product page.
  await rebuiltSince(admin.request, since);
  await page.goto(`/products/${productId}`);
  const section = page.getByRole('region', { name: 'Price history' });
  const table = section.getByRole('table', { name: `Price history of ${product!.name} over the last 90 days, by retailer` });
  await expect(table.getByRole('row').filter({ hasText: money(newPrice) }).first()).toBeAttached();
  await expect(section.locator('[data-price-lowest]')).toHaveText(money(newPrice));
  await expect(page.locator('main [data-price-badges]:not(article *)').getByText('Lowest price in 90 days')).toBeVisible();

  // The same file again: all duplicates, and no second mail.
  await expect((await upload()).getByText('1 row skipped as duplicates')).toBeVisible();
  await page.waitForTimeout(3_000);
  expect(await mailsTo(page, email)).toHaveLength(1);
  await adminContext.close();

  // The unsubscribe link, opened where nobody is signed in.
  const link = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!;
  const stranger = await browser.newContext();
  const visit = await stranger.newPage();
  await visit.goto(link);
  await expect(visit.getByText('You will no longer get price-drop emails.').first()).toBeVisible();
  await stranger.close();
  await page.goto('/wishlist');
  await expect(page.getByRole('switch', { name: SWITCH })).not.toBeChecked();
});
