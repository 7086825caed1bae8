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

test("the home hero's two sets of pictures take turns, each shown whole in the other's place", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // Which set is shown whole, the other hidden (-1 while they cross-fade). A busy machine may read
  // the page late, so the test waits for either, then for the other to take its place.
  const shownSet = () => page.locator('.hero-set').evaluateAll((sets) => {
    const opacities = sets.map((set) => Number(getComputedStyle(set).opacity));
    return opacities.length === 2 && opacities.includes(1) && opacities.includes(0) ? opacities.indexOf(1) : -1;
  });
  let shown = -1;
  await expect.poll(async () => (shown = await shownSet()), { timeout: 7_000 }).toBeGreaterThanOrEqual(0);
  await expect.poll(shownSet, { timeout: 7_000 }).toBe(1 - shown);
});
