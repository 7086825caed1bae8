import { expect, test } from '@playwright/test';
import { LOCAL_SERVICE_KEY } from '../../supabase/local/jwt.ts';

// The stand-in's keys are fixed local constants; a shop started elsewhere may pass its own.
const serviceKey = process.env.E2E_SERVICE_KEY ?? LOCAL_SERVICE_KEY;
const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test('the home page lists the curated picks from the demo catalogue', async ({ page }) => {
  await page.goto('/');
  const curated = page.getByRole('region', { name: 'Picks from our Curated List' });
  await expect(curated.getByRole('heading', { name: 'Picks from our Curated List' })).toBeVisible();
  const picks = curated.getByRole('listitem');
  await expect(picks).toHaveCount(20);
  await expect(picks.first().getByRole('link').first()).toHaveAttribute('href', /^\/products\/[0-9a-f-]{36}$/);
});

test('a click sent to the tracking function shows up in the analytics', async ({ page, request }) => {
  await page.goto('/');
  // Not the first pick, which the tracking journeys click at the same time.
  const href = await page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('listitem').nth(7).getByRole('link').first().getAttribute('href');
  const id = href!.split('/').pop()!;
  const analytics = async () => {
    const response = await request.get(
      `${process.env.E2E_SUPABASE_URL}/rest/v1/analytics?item_id=eq.${id}&click_type=eq.product&select=today_clicks`,
      { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } },
    );
    const rows = (await response.json()) as { today_clicks: number }[];
    return rows[0]?.today_clicks ?? 0;
  };
  const before = await analytics();
  // As a browser's sendBeacon sends it: Playwright's own HTTP client is filtered out as a bot.
  const response = await request.post('/api/track-click', { data: { type: 'product', id }, headers: { 'user-agent': BROWSER_USER_AGENT } });
  expect(response.status()).toBe(202);
  expect(await analytics()).toBe(before + 1);
});

test('the tracking function refuses a malformed click with a message naming the field', async ({ request }) => {
  const response = await request.post('/api/track-click', { data: { type: 'product', id: 'not-a-uuid' } });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ error: expect.stringMatching(/^id: /), field: 'id' });
});
