/**
 * Every page family loads and hydrates without an uncaught error — a React hydration mismatch
 * (error #418, an island whose first client render differs from the server's) is one — for a
 * guest and for a signed-in shopper.
 */
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/hydration.ts';
import { newShopper, signIn } from './support/shopper.ts';

const FIXED_PATHS = [
  '/', '/products', '/gender/for_him', '/blog', '/blogs', '/search?q=lamp', '/wishlist', '/quiz-detail/for_both',
  '/login', '/auth', '/profile', '/faq', '/contact', '/privacy', '/terms', '/admin/login',
];

/** A product, a category and a blog article, as linked from the home page and /blog. */
async function linkedPaths(page: Page): Promise<string[]> {
  await page.goto('/');
  const product = await page.locator('a[href^="/products/"]').first().getAttribute('href');
  const category = await page.locator('a[href^="/category/"]').first().getAttribute('href');
  await page.goto('/blog');
  const article = await page.locator('a[href^="/blog-detail/"]').first().getAttribute('href');
  return [product, category, article].map((path) => path ?? '');
}

/** The uncaught errors while `path` loads and its islands hydrate. */
async function errorsOn(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const record = (error: Error) => errors.push(error.message);
  page.on('pageerror', record);
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.off('pageerror', record);
  return errors;
}

test('every page family loads without an uncaught error for a guest', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [...FIXED_PATHS, ...(await linkedPaths(page))]) {
    expect(await errorsOn(page, path), path).toEqual([]);
  }
});

test("a signed-in shopper's pages load without an uncaught error", async ({ page }) => {
  const shopper = await newShopper('page-errors');
  await page.goto('/');
  await signIn(page, shopper.email, shopper.password);
  for (const path of ['/', '/wishlist', '/profile', '/products']) {
    expect(await errorsOn(page, path), path).toEqual([]);
  }
});

test('a toast shown before the toaster has loaded appears without a hydration error', async ({ page }) => {
  const shopper = await newShopper('page-errors-toast');
  await page.goto('/wishlist');
  await signIn(page, shopper.email, shopper.password);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The first toast on this page loads the toaster: a sign-out the server refuses.
  await page.route('**/auth/v1/logout**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"error_code":"unexpected_failure","msg":"Unexpected failure"}' }),
  );
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('status').getByText('Failed to sign out. Please try again.')).toBeVisible();
  expect(errors).toEqual([]);
});
