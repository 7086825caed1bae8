/**
 * Server-rendered forms typed into, or a select changed, before their island has hydrated (a fast
 * typist, a slow phone, a password manager): what the field shows is what counts. React's runtime
 * is held back until the input has landed. A form sent before it has hydrated is held and sent once it
 * has (its native submission would only reload the page).
 */
import { expect, test, type Page } from '@playwright/test';
import { holdBackReact, hydrated, NOT_HYDRATED } from './support/hydration.ts';

const ADMIN = { email: 'admin@giftshop.local', password: 'giftshop-admin' };

/** Opens `path` with React held back, does `act` while no island has hydrated (checked), then lets the page hydrate. */
async function beforeHydration(page: Page, path: string, act: () => Promise<unknown>): Promise<void> {
  const releaseReact = await holdBackReact(page, 20_000);
  await page.goto(path);
  await act();
  expect(await page.locator(NOT_HYDRATED).count()).toBeGreaterThan(0);
  releaseReact();
  await hydrated(page);
}

for (const sent of ['after', 'before'] as const) {
  test(`/admin/login signs the admin in with what was typed before the form hydrated, sent ${sent} it hydrated`, async ({ page }) => {
    const login = () => page.getByRole('button', { name: 'Login' }).click();
    await beforeHydration(page, '/admin/login', async () => {
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      if (sent === 'before') await login();
    });
    if (sent === 'after') await login();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Logged in successfully')).toBeVisible();
  });
}

test('/login sent before the form hydrated is answered once it has', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Login' });
  await beforeHydration(page, '/login', async () => {
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Log In' }).click();
  });
  await expect(page).toHaveURL(/\/login$/);
  await expect(form.getByRole('alert')).toHaveText(/invalid login credentials/i);
});

test('/login sends the email and password typed before the form hydrated', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Login' });
  await beforeHydration(page, '/login', async () => {
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password').fill('not-the-password');
  });
  await expect(form.getByLabel('Email')).toHaveValue('nobody@example.com');
  await form.getByRole('button', { name: 'Log In' }).click();
  // The server read both fields: it turns the pair down, not a missing email.
  await expect(form.getByRole('alert')).toHaveText(/invalid login credentials/i);
});

test('/search searches for what was typed before the page hydrated', async ({ page }) => {
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search gifts and blogs' });
  await beforeHydration(page, '/search', () => box.fill('lamp'));
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=lamp$/);
  await expect(box).toHaveValue('lamp');
});

test('a sort chosen on /products before the listing hydrated is applied once it has', async ({ page }) => {
  await beforeHydration(page, '/products', () => page.getByLabel('Sort by').selectOption('lowToHigh'));
  await expect(page).toHaveURL(/[?&]sortBy=lowToHigh\b/);
  await expect(page.getByLabel('Sort by')).toHaveValue('lowToHigh');
});

test('/search?q=… keeps the text typed before the page hydrated over the query it then reads', async ({ page }) => {
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search gifts and blogs' });
  await beforeHydration(page, '/search?q=lamp', () => box.fill('mug'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('lamp');
  await expect(box).toHaveValue('mug');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=mug$/);
});

test("a sort chosen before the listing hydrated keeps the address's other filters", async ({ page }) => {
  await beforeHydration(page, '/products?gender=for_her', () => page.getByLabel('Sort by').selectOption('lowToHigh'));
  await expect(page).toHaveURL(/[?&]sortBy=lowToHigh\b/);
  expect(new URL(page.url()).searchParams.get('gender')).toBe('for_her');
});

test('Back to a sorted second page stays on it, sorted (the browser refills the select on Back)', async ({ page }) => {
  await page.goto('/products?sortBy=lowToHigh&page=2');
  await expect(page.getByText(/^Showing 13–24 of/)).toBeVisible();
  await page.locator('a.product-card-link').first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);

  await page.goBack();
  await expect(page.getByText(/^Showing 13–24 of/)).toBeVisible();
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('?sortBy=lowToHigh&page=2');
  await expect(page.getByLabel('Sort by')).toHaveValue('lowToHigh');
  await page.goForward();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
});
