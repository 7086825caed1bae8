import { expect, test, type Page } from '@playwright/test';

const PRICE = /^\$\d[\d,]*\.\d{2}$/;

/** From the home page, opens the first curated product; returns its name. */
async function openCuratedProduct(page: Page): Promise<string> {
  await page.goto('/');
  const link = page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('heading', { level: 3 }).first().getByRole('link');
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  return name;
}

test('a curated product opens its page: name, opinion, price, categories, retailers and related products', async ({ page, context }) => {
  const name = await openCuratedProduct(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: 'Our Opinion' })).toBeVisible();
  await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);

  const categories = page.getByRole('region', { name: 'Categories' }).getByRole('link');
  await expect(categories.first()).toHaveAttribute('href', /^\/category\/[^/]+\/[a-z0-9-]+$/);

  const retailers = page.getByRole('region', { name: 'Available at' }).getByRole('link');
  expect(await retailers.count()).toBeGreaterThan(0);
  for (const retailer of await retailers.all()) {
    await expect(retailer).toHaveAccessibleName(/^\S.* \$\d[\d,]*\.\d{2}\b/);
    await expect(retailer).toHaveAttribute('target', '_blank');
    expect((await retailer.getAttribute('rel'))!.split(/\s+/)).toEqual(expect.arrayContaining(['sponsored', 'nofollow', 'noopener']));
  }
  await expect(page.getByText('We may earn a commission when you buy through these links.')).toBeVisible();

  // Retailers are out of reach offline: answer them here and check the tab that opens.
  await context.route((url) => url.hostname !== 'localhost', (route) => route.fulfill({ body: 'retailer', contentType: 'text/plain' }));
  const href = await retailers.first().getAttribute('href');
  const [tab] = await Promise.all([context.waitForEvent('page'), retailers.first().click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(href);
  await tab.close();

  await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related products' }).getByRole('heading', { level: 3 }).getByRole('link');
  expect(await related.count()).toBeGreaterThan(0);
  await expect(related.first()).toHaveAttribute('href', /^\/products\/[0-9a-f-]{36}$/);
});

test('the gallery counter and thumbnails follow the arrows', async ({ page }) => {
  await openCuratedProduct(page);
  const gallery = page.getByRole('group', { name: /pictures$/ });
  const counter = gallery.getByText(/^\d+ \/ \d+$/);
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const total = Number((await counter.textContent())!.split('/')[1]);
  expect(total).toBeGreaterThan(1);

  const previous = gallery.getByRole('button', { name: 'Previous picture' });
  const next = gallery.getByRole('button', { name: 'Next picture' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(counter).toHaveText(`2 / ${total}`);
  await expect(previous).toBeEnabled();
  await expect(gallery.getByRole('link', { name: `Show picture 2 of ${total}` })).toHaveAttribute('aria-current', 'true');

  for (let n = 3; n <= total; n += 1) await next.click();
  await expect(counter).toHaveText(`${total} / ${total}`);
  await expect(next).toBeDisabled();

  await gallery.getByRole('link', { name: `Show picture ${total - 1} of ${total}` }).click();
  await expect(counter).toHaveText(`${total - 1} / ${total}`);
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
});

/** How far one click on a carousel's forward arrow scrolls it, once the smooth scroll has settled. */
async function forwardStep(page: Page, label: string): Promise<number> {
  const track = page.getByRole('group', { name: label, exact: true });
  await expect(track).toHaveJSProperty('scrollLeft', 0);
  await page.getByRole('button', { name: `Scroll ${label} forward` }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  let last = -1;
  await expect.poll(async () => {
    const now = await track.evaluate((el) => el.scrollLeft);
    const settled = now === last;
    last = now;
    return settled;
  }, { intervals: [250] }).toBe(true);
  return last;
}

test('the arrows scroll a carousel by the spec\'s steps: 300 px, 250 px below 768 px, 200 px below 640 px', async ({ page }) => {
  await openCuratedProduct(page);
  const productPage = page.url();
  for (const [width, step] of [[1280, 300], [700, 250], [390, 200]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(productPage);
    expect(await forwardStep(page, 'Related products carousel'), `at ${width} px`).toBe(step);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  expect(await forwardStep(page, 'All categories')).toBe(280);
  expect(await forwardStep(page, 'Browse by Personality')).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the gallery shows the first picture and links the thumbnails to the full pictures', async ({ page }) => {
    await openCuratedProduct(page);
    const gallery = page.getByRole('group', { name: /pictures$/ });
    await expect(gallery.getByRole('img').first()).toBeVisible();
    const thumbnails = gallery.getByRole('link', { name: /^Show picture \d+ of \d+$/ });
    expect(await thumbnails.count()).toBeGreaterThan(1);
    await expect(thumbnails.nth(1)).toHaveAttribute('href', /\.(svg|png|jpe?g|webp|avif)$/);
    await expect(gallery.getByRole('button', { name: 'Next picture' })).toBeHidden();
  });
});

test('an unknown product id answers Product not found with status 404', async ({ page }) => {
  const response = await page.goto('/products/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: /all products/i })).toHaveAttribute('href', '/products');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
});
