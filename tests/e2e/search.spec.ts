/**
 * Search: the header's suggestions box (keyboard, choosing, recent searches) and the /search page
 * (tabs with counts, Best Match, sort, paging state in the address, empty and error states).
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';

// Search reads the shared stand-in at run time, which answers slowly while other suites run.
const expect = baseExpect.configure({ timeout: 15_000 });

const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
const results = (page: Page) => page.getByRole('tabpanel').getByRole('article');

/** A product's exact name, found by browsing: the first card of /products. */
async function aProductName(page: Page): Promise<string> {
  await page.goto('/products');
  const name = await page.getByRole('main').getByRole('article').first().getByRole('heading').textContent();
  return name!.trim();
}

test.describe('search suggestions', () => {
  test('typing shows products; arrows move the highlight without wrapping; Escape closes', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('wa');
    await expect(suggestions(page)).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(suggestions(page).getByRole('group', { name: 'Products' }).getByRole('option').first()).toBeVisible();
    const options = suggestions(page).getByRole('option');
    expect(await options.count()).toBeLessThanOrEqual(8);

    await box.press('ArrowDown');
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('ArrowUp');
    await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);
    await expect(suggestions(page).getByRole('option', { selected: true })).toHaveCount(0);

    await box.press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('wa');
  });

  test('Enter without a highlight searches the typed text and clears the box', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('Wa ');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Wa$/);
    await expect(searchBox(page)).toHaveValue('');
  });

  test('whitespace is not submitted', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('   ');
    await searchBox(page).press('Enter');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });

  test('choosing a category suggestion opens its category page', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).click();
    await searchBox(page).pressSequentially('fitness');
    const category = suggestions(page).getByRole('group', { name: 'Categories' }).getByRole('option').first();
    const name = (await category.textContent())!.trim();
    await category.click();
    await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('recent searches appear in the empty box after a search, newest first', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('lamp');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lamp$/);
    await searchBox(page).fill('mugs');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=mugs$/);

    await searchBox(page).focus();
    const recent = suggestions(page).getByRole('group', { name: 'Recent searches' }).getByRole('option');
    await expect(recent).toHaveText(['mugs', 'lamp']);
    await recent.nth(1).click();
    await expect(page).toHaveURL(/\/search\?q=lamp$/);
  });
});

test.describe('search box loading and mobile', () => {
  test('supabase-js is loaded only once the shopper focuses the box', async ({ page }) => {
    const client = /\/_astro\/supabase\.[\w-]+\.js$/;
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (client.test(request.url())) loaded.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(loaded).toEqual([]);
    await searchBox(page).focus();
    await expect.poll(() => loaded.length).toBe(1);
  });

  test('on a phone the search box shows at the top of the open menu, with its suggestions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('coffee');
    const option = suggestions(page).getByRole('option').first();
    await expect(option).toBeInViewport();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
  });
});

test.describe('/search', () => {
  test('an exact product name comes first with a Best Match badge, with tab counts', async ({ page }) => {
    const name = await aProductName(page);
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${name}”`);
    const first = results(page).first();
    await expect(first.getByRole('heading')).toHaveText(name);
    await expect(first.getByText('Best Match')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Products \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Blogs \(\d+\)$/ })).toBeVisible();
  });

  test("a product found shows the card it has in the listings, its colours too", async ({ page }) => {
    await page.goto('/products');
    const listed = page.getByRole('main').getByRole('article').filter({ hasText: /available in \d+ colors/ }).first();
    const name = (await listed.getByRole('heading').textContent())!.trim();
    const colours = (await listed.getByText(/available in \d+ colors/).textContent())!.trim();

    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    const found = results(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(found.getByText(colours)).toBeVisible();
  });

  test('the Blogs tab lists blog articles and keeps the tab in the address', async ({ page }) => {
    await page.goto('/search?q=gift');
    const blogsTab = page.getByRole('tab', { name: /^Blogs \(\d+\)$/ });
    const count = Number((await blogsTab.textContent())!.match(/\((\d+)\)/)![1]);
    expect(count).toBeGreaterThan(0);
    await blogsTab.click();
    await expect(page).toHaveURL(/\/search\?q=gift&tab=blogs$/);
    await expect(blogsTab).toHaveAttribute('aria-selected', 'true');
    await expect(results(page).first().getByRole('link').first()).toHaveAttribute('href', /^\/blog-detail\//);
    await expect(results(page)).toHaveCount(Math.min(24, count));
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);

    await page.goBack();
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('sorting by price orders the products and keeps the sort in the address', async ({ page }) => {
    await page.goto('/search?q=gift&tab=products');
    await expect(results(page)).toHaveCount(24);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/search\?q=gift&tab=products&sort=lowToHigh$/);
    await expect(results(page)).toHaveCount(24);
    const prices = (await results(page).getByText(/^\$\d[\d,]*\.\d{2}$/).allTextContents()).map((p) => Number(p.replace(/[$,]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('paging keeps the tab counts and the page in the address', async ({ page }) => {
    await page.goto('/search?q=gift&tab=products');
    const productsTab = page.getByRole('tab', { name: /^Products \(\d+\)$/ });
    const label = await productsTab.textContent();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=gift&tab=products&page=2$/);
    await expect(productsTab).toHaveText(label!);
    await expect(page.getByText(/^Showing 25–\d+ of \d+ products$/)).toBeVisible();
  });

  test('at the end of the tabs the arrow keys stay on the page the shopper is reading', async ({ page }) => {
    await page.goto('/search?q=gift&page=2');
    const pageTwo = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true });
    await expect(pageTwo).toHaveAttribute('aria-current', 'page');
    // All is the first tab: ArrowLeft and Home on it change nothing.
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(/\/search\?q=gift&page=2$/);
    await expect(pageTwo).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeFocused();
  });

  test('no results shows the search tips', async ({ page }) => {
    await page.goto('/search?q=zzqxvq');
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(page.getByText('Check spelling')).toBeVisible();
    await expect(page.getByText('Try different keywords')).toBeVisible();
    await expect(page.getByText('Use more general terms')).toBeVisible();
  });

  test('a one-character query does not search', async ({ page }) => {
    let searched = false;
    page.on('request', (request) => {
      if (request.url().includes('/rpc/search_')) searched = true;
    });
    await page.goto('/search?q=a');
    await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
    expect(searched).toBe(false);
  });

  test('a failing search shows Search Error with a Retry', async ({ page }) => {
    const searchCalls = /\/rest\/v1\/rpc\/search_(products|blogs)_enhanced/;
    await page.route(searchCalls, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"stand-in down"}' }),
    );
    await page.goto('/search?q=gift');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Search Error' })).toBeVisible();
    await expect(alert.getByText('Something went wrong. Please try again.')).toBeVisible();

    await page.unroute(searchCalls);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(results(page).first()).toBeVisible();
  });

  test('on a phone, a long word or a pasted link as the query wraps: the page never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const q of ['https://www.amazon.com/dp/B051619432', 'Supercalifragilisticexpialidocious']) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${q}”`);
      await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), q).toBeLessThanOrEqual(390);
    }
  });

  test('a query longer than the 200 characters search takes is searched by its first 200, not refused', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('gift '.repeat(60))}`);
    await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Search Error' })).toHaveCount(0);
    // The boxes take no more than 200 characters.
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveAttribute('maxlength', '200');
    await expect(searchBox(page)).toHaveAttribute('maxlength', '200');
  });

  test('without JavaScript the page says search needs it and offers browsing', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search?q=gift');
    await expect(page.getByText('Search needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'All Products' }).first()).toHaveAttribute('href', '/products');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await context.close();
  });
});
