/**
 * JavaScript on intent (issue 14): public pages load no React and no supabase-js before the shopper
 * reaches for the header; what the shopper does while React is on its way (a press of 'Sign In', a
 * search sent with Enter) still happens; a signed-in shopper's avatar shows without a click.
 * React's runtime is held back on purpose in some journeys, so the action lands before it arrives.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdBackReact, REACT_RUNTIME } from './support/hydration.ts';

const SUPABASE_JS = /\/_astro\/supabase\.[\w-]+\.js$/;
const ADMIN = { email: 'admin@giftshop.local', password: 'giftshop-admin' };

/** The scripts a page requests, by address, from now on. */
function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}


for (const path of ['/', '/blog', '/faq']) {
  test(`${path} loads neither React nor supabase-js until the shopper reaches for something`, async ({ page }) => {
    const scripts = scriptsRequested(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    expect(scripts.filter((url) => REACT_RUNTIME.test(url) || SUPABASE_JS.test(url))).toEqual([]);

    await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).focus();
    await expect.poll(() => scripts.some((url) => REACT_RUNTIME.test(url))).toBe(true);
  });
}

test("the search box's code is fetched at the first key, and React runs only once the typing has paused for the suggestions' 300 ms", async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { keys: [] as number[], hydratedAt: 0 };
    Object.assign(window, { seen });
    addEventListener('keydown', () => seen.keys.push(performance.now()), { capture: true });
    // Astro takes `ssr` off an island once it has hydrated.
    new MutationObserver(() => {
      const box = document.querySelector('astro-island[component-url*="SearchBox"]');
      if (box && !box.hasAttribute('ssr') && !seen.hydratedAt) seen.hydratedAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await box.pressSequentially('mug', { delay: 80 });
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
  await expect(box).toHaveValue('mug');

  const { keys, hydratedAt, reactAskedAt, databaseClientAskedAt } = await page.evaluate(() => {
    const askedAt = (file: RegExp) =>
      Math.min(...performance.getEntriesByType('resource').filter((entry) => file.test(entry.name)).map((entry) => entry.startTime));
    return {
      ...(window as unknown as { seen: { keys: number[]; hydratedAt: number } }).seen,
      reactAskedAt: askedAt(/\/_astro\/client\.[\w-]+\.js$/),
      databaseClientAskedAt: askedAt(/\/_astro\/supabase\.[\w-]+\.js$/),
    };
  });
  expect(keys).toHaveLength(3);
  expect(reactAskedAt).toBeLessThan(keys[2]!);
  // Found by reading the island's modules: the one it loads lazily is on its way before React runs.
  expect(databaseClientAskedAt).toBeLessThan(hydratedAt);
  expect(hydratedAt).toBeGreaterThan(keys[0]!);
  const lastKeyBefore = Math.max(...keys.filter((time) => time < hydratedAt));
  expect(hydratedAt - lastKeyBefore).toBeGreaterThanOrEqual(300);
});

test("'Sign In' pressed before React has arrived opens the dialog once it has", async ({ page }) => {
  await holdBackReact(page, 1500);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('a search sent with Enter before React has arrived searches the trimmed text and is remembered', async ({ page }) => {
  await holdBackReact(page, 1500);
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await box.fill('  lamp ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lamp$/);

  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).focus();
  const recent = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option')).toHaveText(['lamp']);
});

test('whitespace sent before React has arrived is not searched', async ({ page }) => {
  await holdBackReact(page, 1500);
  await page.goto('/');
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).fill('   ');
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).press('Enter');
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-in shopper's avatar shows on the next page without a click, never the 'Sign In' button", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const login = page.getByRole('dialog', { name: 'Sign In' }).getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(ADMIN.email);
  await login.getByLabel('Password').fill(ADMIN.password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await holdBackReact(page, 1000);
  await page.goto('/faq');
  // While React is on its way the prebuilt 'Sign In' stays hidden; then the avatar replaces it.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

/** The pages' own scripts (the shell's menu and click tracking, carousels, galleries), as Astro names them. */
const PAGE_SCRIPT = /\/_astro\/[\w.-]+astro_type_script[\w.-]+\.js$/;

for (const path of ['/', '/products', '/blog']) {
  test(`${path} asks for its own scripts only once it has been read, and they have run by its load event`, async ({ page, request }) => {
    // Nothing a browser's preload scanner would fetch while the page is still arriving.
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<script[^>]+type="module"[^>]+src=/);

    // Each page script arrives late, so a load event that did not wait for them would come first.
    await page.route(PAGE_SCRIPT, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.addInitScript(() => {
      addEventListener('load', () => {
        (window as unknown as { menuAtLoad: boolean }).menuAtLoad = customElements.get('mobile-menu') !== undefined;
      });
    });
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { menuAtLoad: boolean }).menuAtLoad)).toBe(true);
  });
}

test('on a phone, Menu pressed before the page\'s scripts have run opens the menu once they have', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(PAGE_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  expect(await page.evaluate(() => customElements.get('mobile-menu'))).toBeUndefined();

  release();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // And it answers the next press as usual.
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});

test("a category page asks for its first newest card's picture from the head, and only once", async ({ page }) => {
  await page.goto('/');
  const category = await page.locator('a[href^="/category/"]').first().getAttribute('href');
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') pictures.push(new URL(request.url()).pathname);
  });
  await page.goto(category!);

  const firstCard = page.getByRole('region', { name: 'Newest Products' }).getByRole('article').first();
  const picture = await firstCard.locator('img').first().getAttribute('src');
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute('href', picture!);
  await page.waitForLoadState('load');
  expect(pictures.filter((path) => path === picture)).toHaveLength(1);
});
