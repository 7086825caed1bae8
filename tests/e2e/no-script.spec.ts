/**
 * Without JavaScript: the pages that need it say so instead of a loading note that never ends, the
 * listings say that they show their first page whatever the address asks, and the home hero's
 * pictures, which need no script, still come and alternate.
 */
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

test('the profile says it needs JavaScript rather than loading for ever', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('Your profile needs JavaScript: your sign-in is kept in your browser.')).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
});

test('the wishlist and a shared list say what they need, with no loading note', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist needs JavaScript: it is kept in your browser or your account.')).toBeVisible();
  await expect(page.getByText('Loading products...')).toBeHidden();
  await page.goto('/wishlist/shared/?list=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('A shared gift list needs JavaScript: the list is loaded from its link.')).toBeVisible();
  await expect(page.getByText('Loading products...')).toBeHidden();
});

test('a listing asked for page 2 or a filter says it shows the first page of all', async ({ page }) => {
  await page.goto('/products?page=2');
  await expect(page.getByText('Without JavaScript this is the first page of all products, most popular first: filters, sorting and further pages need JavaScript.')).toBeVisible();
  await page.goto('/blogs?sortBy=newest');
  await expect(page.getByText('Without JavaScript this is the first page of all blogs, most popular first: filters, sorting and further pages need JavaScript.')).toBeVisible();
});

test('the home hero shows its first set of pictures, then the second in its place 5 s later', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const opacities = () => page.locator('.hero-set').evaluateAll((sets) => sets.map((set) => Number(getComputedStyle(set).opacity)));
  await expect.poll(opacities, { timeout: 3_000 }).toEqual([1, 0]);
  await expect.poll(opacities, { timeout: 7_000 }).toEqual([0, 1]);
});
