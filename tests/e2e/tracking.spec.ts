import { expect, test } from '@playwright/test';
import { LOCAL_SERVICE_KEY } from '../../supabase/local/jwt.ts';

const supabase = process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';
const serviceKey = process.env.E2E_SERVICE_KEY ?? LOCAL_SERVICE_KEY;

/** A beacon is written after the page moved on; on a busy machine that can take a few seconds. */
const COUNTED = { timeout: 15_000 };

async function todaysClicks(request: import('@playwright/test').APIRequestContext, id: string, type: string) {
  const response = await request.get(
    `${supabase}/rest/v1/analytics?item_id=eq.${id}&click_type=eq.${type}&select=today_clicks,today_affiliate_links`,
    { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } },
  );
  const [row] = (await response.json()) as { today_clicks: number; today_affiliate_links: number }[];
  return row ?? { today_clicks: 0, today_affiliate_links: 0 };
}

test('clicking a product card counts a product click without delaying the navigation', async ({ page, request }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('listitem').first();
  const link = card.getByRole('link', { name: (await card.getByRole('heading').textContent())!.trim() });
  const id = (await link.getAttribute('href'))!.split('/').pop()!;
  const before = await todaysClicks(request, id, 'product');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect.poll(async () => (await todaysClicks(request, id, 'product')).today_clicks, COUNTED).toBe(before.today_clicks + 1);
});

test('a retailer button counts an affiliate click', async ({ page, request, context }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('listitem').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Available at' })).toBeVisible();
  // The click listener is a module script: it runs once the page has loaded its scripts.
  await page.waitForLoadState('load');
  const id = page.url().split('/').pop()!;
  const before = await todaysClicks(request, id, 'product');
  // The retailer opens in a new tab; its (offline) page does not matter here.
  await context.route(/^https:\/\//, (route) => route.fulfill({ status: 200, body: 'retailer' }));
  const retailer = page.getByRole('region', { name: 'Available at' }).getByRole('link').first();
  const [popup] = await Promise.all([context.waitForEvent('page'), retailer.click()]);
  await popup.close();
  await expect.poll(async () => (await todaysClicks(request, id, 'product')).today_affiliate_links, COUNTED).toBe(before.today_affiliate_links + 1);
});

test('clicking a category chip counts a category click', async ({ page, request }) => {
  await page.goto('/');
  const chip = page.getByRole('group', { name: 'Browse by Personality' }).getByRole('link').first();
  const id = (await chip.getAttribute('data-track-category'))!;
  const before = await todaysClicks(request, id, 'category');
  await chip.click();
  await expect(page).toHaveURL(/\/category\//);
  await expect.poll(async () => (await todaysClicks(request, id, 'category')).today_clicks, COUNTED).toBe(before.today_clicks + 1);
});
