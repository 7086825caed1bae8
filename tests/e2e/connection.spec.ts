import { expect, test } from '@playwright/test';

// Needs the control server of the suite's own shop (not available against a shared shop).
const control = process.env.E2E_CONTROL_URL;
test.skip(!control, 'needs the e2e shop started by global-setup');

const BANNER = 'Connection issues detected. Some features may not work properly.';

test.afterEach(async ({ request }) => {
  await request.post(`${control}/stand-in/resume`).catch(() => undefined);
});

test('the connection banner shows while Supabase is unreachable and goes after Retry once it is back', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByText(BANNER)).toBeHidden();

  await request.post(`${control}/stand-in/suspend`);
  await page.reload();
  // Static pages still serve while the database is away.
  await expect(page.getByRole('heading', { name: 'Picks from our Curated List' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: BANNER })).toBeVisible({ timeout: 15_000 });

  await request.post(`${control}/stand-in/resume`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(BANNER)).toBeHidden();
});

test('a click while Supabase is unreachable fails silently and navigation goes on', async ({ page, request }) => {
  await page.goto('/');
  await request.post(`${control}/stand-in/suspend`);
  const card = page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('listitem').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the banner takes its own place: it never covers the heading of /products or /wishlist', async ({ page, request }) => {
  await request.post(`${control}/stand-in/suspend`);
  for (const [path, heading] of [['/products', 'All Products'], ['/wishlist', 'My Wishlist']] as const) {
    await page.goto(path);
    const banner = page.getByRole('alert').filter({ hasText: BANNER });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    const title = page.getByRole('heading', { level: 1, name: heading });
    const [bannerBox, titleBox] = [await banner.boundingBox(), await title.boundingBox()];
    expect(bannerBox && titleBox, path).toBeTruthy();
    expect(titleBox!.y, `${path}: the heading starts below the banner`).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
  }
});

test('a guest wishlist that cannot load says so within 5 seconds, with Retry', async ({ page, request }) => {
  // A guest who liked a product earlier: its id is all the browser keeps.
  await page.goto('/products');
  const productLink = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  const id = /\/products\/([^/?#]+)/.exec((await productLink.getAttribute('href')) ?? '')?.[1];
  expect(id).toBeTruthy();
  await page.evaluate((liked) => localStorage.setItem('giftshop.guestLikes', JSON.stringify([liked])), id);

  await request.post(`${control}/stand-in/suspend`);
  await page.goto('/wishlist');
  const started = Date.now();
  await expect(page.getByText("We couldn't load your wishlist. Please try again.")).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(page.getByRole('button', { name: 'Retry' }).last()).toBeVisible();
});
