/**
 * The admin's Prices tab against the running shop: a small CSV uploaded with the file input and
 * Import shows its report (rows imported, rows skipped as duplicates, a rejected line with its
 * reason) and appears under 'Last imports'; the same file uploaded again reports every row as a
 * duplicate. The points are stamped with this run's time, so runs can repeat.
 */
import { expect, test, type Page } from '@playwright/test';
import { WRITE_TIMEOUT_MS } from './support/timeouts.ts';

const ADMIN = { email: 'admin@giftshop.local', password: 'giftshop-admin' };
// A write waits behind a running rebuild's reads of the same database.

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true', { timeout: WRITE_TIMEOUT_MS });
}

/** Two products and a platform of the demo catalogue, read with the service key the global setup shares. */
async function catalogue(page: Page): Promise<{ products: string[]; platform: string }> {
  const supabase = process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';
  const key = process.env.E2E_SERVICE_KEY ?? '';
  const headers = { apikey: key, authorization: `Bearer ${key}` };
  const products = (await (await page.request.get(`${supabase}/rest/v1/products?select=id&order=name&limit=2`, { headers })).json()) as { id: string }[];
  const platforms = (await (await page.request.get(`${supabase}/rest/v1/platforms?select=name&order=name&limit=1`, { headers })).json()) as { name: string }[];
  return { products: products.map((p) => p.id), platform: platforms[0]!.name };
}

test('an admin imports a price CSV and sees the report; the same file again is all duplicates', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const { products, platform } = await catalogue(page);
  const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
  const csv = Buffer.from([
    'product_id,platform,price,scraped_at',
    `${products[0]},${platform},19.99,${at}`,
    `${products[1]},${platform.toLowerCase()},24.50,${at}`,
    `${products[0]},${platform},-4.00,${at}`,
  ].join('\n'));

  await page.getByRole('tab', { name: 'Prices' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prices' });
  await expect(panel.getByRole('heading', { name: 'Last imports' })).toBeVisible();

  const upload = async () => {
    await panel.getByLabel('Price feed (CSV)').setInputFiles({ name: 'e2e-prices.csv', mimeType: 'text/csv', buffer: csv });
    await panel.getByRole('button', { name: 'Import' }).click();
    const report = panel.getByRole('status').filter({ hasText: 'Imported e2e-prices.csv' });
    await expect(report).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
    return report;
  };

  const first = await upload();
  await expect(first.getByText('2 rows imported')).toBeVisible();
  await expect(first.getByText('0 rows skipped as duplicates')).toBeVisible();
  await expect(first.getByText('1 row rejected')).toBeVisible();
  await expect(first.getByText('Line 4: negative price')).toBeVisible();
  await expect(page.getByText('Prices imported successfully')).toBeVisible();
  const list = panel.getByRole('listitem').filter({ hasText: 'e2e-prices.csv' });
  await expect(list.first().getByText('2 rows imported')).toBeVisible();

  const again = await upload();
  await expect(again.getByText('0 rows imported')).toBeVisible();
  await expect(page.getByText('No new prices imported')).toBeVisible();
  await expect(again.getByText('2 rows skipped as duplicates')).toBeVisible();
  await expect(again.getByText('Line 4: negative price')).toBeVisible();
  await expect(list.first().getByText('2 rows skipped as duplicates')).toBeVisible();
});

test("a feed URL saved for a retailer is reported saved, and cleared, removed", async ({ page }) => {
  await signInAsAdmin(page);
  const { platform } = await catalogue(page);
  await page.getByRole('tab', { name: 'Prices' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prices' });
  const field = panel.getByLabel(`${platform} feed URL`);
  const save = panel.getByRole('button', { name: `Save feed URL for ${platform}` });
  const before = await field.inputValue();

  try {
    await field.fill('https://retailer.example.com/e2e-prices.csv');
    await save.click();
    await expect(page.getByText(`Feed URL for ${platform} saved`)).toBeVisible({ timeout: WRITE_TIMEOUT_MS });

    await field.fill('');
    await save.click();
    await expect(page.getByText(`Feed URL for ${platform} removed`)).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  } finally {
    if (before) {
      await field.fill(before);
      const restored = page.waitForResponse((response) => response.url().includes('/api/admin/prices') && response.request().method() === 'PUT');
      await save.click();
      expect((await restored).ok()).toBe(true);
    }
  }
});
