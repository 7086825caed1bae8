/**
 * On a 390 px phone no page family is wider than the screen: a page that scrolls sideways is
 * zoomed out by the phone's browser and pushes the header's menu and account control out of view
 * (a product page's screen-reader table of its price history once did).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin-api.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('home, a product with price history, a category, an article and /products fit a 390 px phone', async ({ page, request }) => {
  const home = await (await request.get('/')).text();
  const blog = await (await request.get('/blog')).text();
  const pages = [
    '/',
    '/products',
    home.match(/href="(\/category\/[0-9a-f-]{36}\/[^"]+)"/)![1]!,
    blog.match(/href="(\/blog-detail\/[^"]+)"/)![1]!,
    // Products of the home page; nearly every demo product has a price history.
    ...[...home.matchAll(/href="(\/products\/[0-9a-f-]{36})"/g)].slice(0, 3).map((m) => m[1]!),
  ];
  for (const path of pages) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: 390 });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
  }
});

/**
 * Opens the Details popup of the first card in `scope` (by focus or hover) and checks that it shows
 * whole within `clip` (the scroller that would cut it off), 256 px wide, and that nothing of the
 * neighbouring card (its heart, its Details button) paints over its right end.
 */
async function expectWholePopup(page: Page, scope: Locator, clip: { x: number; width: number }, open: 'focus' | 'hover') {
  // The cards' script places the popup; on /products it comes with the listing island.
  await page.waitForFunction(() => customElements.get('product-media') !== undefined);
  const details = scope.getByRole('button', { name: 'Details' }).first();
  const popupId = (await details.getAttribute('aria-describedby'))!;
  const popup = page.locator(`[id="${popupId}"]`);
  await details.scrollIntoViewIfNeeded();
  await expect(popup).toBeHidden();
  await (open === 'focus' ? details.focus() : details.hover());
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  expect(Math.round(box.width)).toBe(256);
  expect(box.x).toBeGreaterThanOrEqual(clip.x);
  expect(box.x + box.width).toBeLessThanOrEqual(clip.x + clip.width);
  const covered = await page.evaluate(({ x, top, bottom, id }) => {
    const points = [];
    for (let y = top + 4; y < bottom - 4; y += 8) points.push(y);
    return points.filter((y) => document.elementFromPoint(x, y)?.closest(`[id="${id}"]`) == null);
  }, { x: box.x + box.width - 12, top: box.y, bottom: box.y + box.height, id: popupId });
  expect(covered).toEqual([]);
}

test("a card's Details popup at the left of a carousel or of the grid shows whole, 256 px wide", async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('group', { name: 'Most popular products' });
  await expectWholePopup(page, carousel, (await carousel.boundingBox())!, 'focus');
  await page.goto('/products');
  await expectWholePopup(page, page.getByRole('main'), { x: 0, width: 390 }, 'focus');
});

test.describe('with a mouse', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false });

  test("the first carousel card's Details popup shows whole, over the next card", async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('group', { name: 'Most popular products' });
    await expectWholePopup(page, carousel, (await carousel.boundingBox())!, 'hover');
  });
});

test('Back from a product opened on /products page 2 returns to where the shopper left the list; a fresh visit starts at the top', async ({ page }) => {
  await page.goto('/products?page=2');
  await expect(page.getByText(/^Showing 13–24 of/)).toBeVisible();
  const card = page.locator('a.product-card-link').nth(9);
  await card.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => Math.round(window.scrollY));
  expect(left).toBeGreaterThan(1000);

  await card.click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByText(/^Showing 13–24 of/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);

  await page.goto('/products?page=2');
  await expect(page.getByText(/^Showing 13–24 of/)).toBeVisible();
  // A wrong return would come in an effect after the results' paint: give it the time to.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the admin dashboard opened on a later tab (/admin#analytics) shows that tab in its strip on a phone", async ({ page }) => {
  await signInAsAdmin(page);
  for (const name of ['Analytics', 'Prices', 'Products']) {
    await page.goto(`/admin#${name.toLowerCase()}`);
    await page.reload();
    const tab = page.getByRole('tab', { name });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // All but the pixel of its underline that overlaps the strip's border.
    await expect(tab).toBeInViewport({ ratio: 0.9 });
  }

  // A link to another tab followed further down the page scrolls the strip, not the page.
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
  // Room below, so the page stays as tall whatever the next tab shows while it loads.
  await page.evaluate(() => {
    document.body.style.paddingBottom = '3000px';
    window.scrollTo(0, 600);
  });
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.evaluate(() => { location.hash = 'analytics'; });
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await page.getByRole('tablist').evaluate((strip) => strip.scrollLeft)).toBeGreaterThan(0);
});

test("on a phone the admin tables keep each row's Edit and Delete in sight, beside its first columns", async ({ page }) => {
  await signInAsAdmin(page);
  for (const tab of ['Products', 'Categories']) {
    await page.goto(`/admin#${tab.toLowerCase()}`);
    const panel = page.getByRole('tabpanel', { name: tab });
    const firstRow = panel.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow.getByRole('button', { name: /^Edit / })).toBeInViewport({ ratio: 1 });
    await expect(firstRow.getByRole('button', { name: /^Delete / })).toBeInViewport({ ratio: 1 });
    // The row's first cell is still where it was: the table was not scrolled to get there.
    expect(await panel.getByRole('table').evaluate((table) => table.parentElement!.scrollLeft)).toBe(0);
  }
});
