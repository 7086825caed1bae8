import { expect, test, type Page } from '@playwright/test';

const OUR_CATEGORIES_INTRO =
  'Explore every category with a curated selection of popular products. Each section showcases the best items from that category - click on any category banner to discover the complete collection.';

/** The level-2 headings of the page, in document order. */
async function sectionHeadings(page: Page): Promise<string[]> {
  return (await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).map((text) => text.trim());
}

/** Whether `expected` appears within `actual` in the same order. */
function inOrder(actual: string[], expected: string[]): boolean {
  let from = 0;
  for (const heading of expected) {
    const at = actual.indexOf(heading, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

test('the For Him page leads through its sections to the for_him variant of a category page', async ({ page }) => {
  await page.goto('/gender/for_him');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Perfect Gift for Your Loved One');
  await expect(page.getByText("Discover which personality type your loved ones have and find gifts they'll truly cherish")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the Personality Quiz' })).toHaveAttribute('href', '/quiz-detail/for_both');

  const headings = await sectionHeadings(page);
  expect(inOrder(headings, ['Newest Products', 'Greatest Hits', "Today's Top Clicked", 'Our Categories']), headings.join(' | ')).toBe(true);
  await expect(page.getByRole('region', { name: 'Newest Products' }).getByRole('link', { name: /See more/ })).toHaveAttribute(
    'href',
    '/products?sortBy=newest&gender=for_him',
  );
  await expect(page.getByText(OUR_CATEGORIES_INTRO)).toBeVisible();

  const ourCategories = page.getByRole('region', { name: 'Our Categories' });
  const banner = ourCategories.getByRole('link', { name: /Explore →/ }).first();
  const name = (await banner.getByRole('heading', { level: 3 }).textContent())!.trim();
  await banner.click();

  await expect(page).toHaveURL(/\/category\/[^/]+\/[a-z0-9-]+\?gender=for_him$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'For Him' })).toHaveAttribute('href', '/gender/for_him');
  await expect(page).toHaveTitle(`${name} Gifts for Him | Giftshop`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', page.url());
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
});

test('Our Categories is laid out whole at load: its last row is rendered (and so in a full-page screenshot) before it is scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gender/for_him');
  const rows = page.getByRole('region', { name: 'Our Categories' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /Explore →/ }) });
  const last = rows.last();
  const name = (await last.getByRole('heading', { level: 3 }).first().textContent())!.trim();
  // innerText is what the browser has laid out: empty for a row it skips until it is scrolled near.
  expect(await last.evaluate((row) => (row as HTMLElement).innerText)).toContain(name);
  expect(await last.evaluate((row) => (row as HTMLElement).innerText)).toContain('Explore →');
});

test('a category page shows its sections, filters by subcategory and answers its older addresses', async ({ page }) => {
  await page.goto('/gender/for_both');
  const banner = page.getByRole('region', { name: 'Our Categories' }).getByRole('link', { name: /Explore →/ }).first();
  const name = (await banner.getByRole('heading', { level: 3 }).textContent())!.trim();
  await banner.click();
  await expect(page).toHaveURL(/\/category\/[^/?]+\/[a-z0-9-]+$/);
  const canonical = page.url();
  const id = new URL(canonical).pathname.split('/')[2]!;

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  const headings = await sectionHeadings(page);
  expect(inOrder(headings, ['Newest Products', 'Popular Products by Subcategory', 'Daily Top Clicked', 'Under $50']), headings.join(' | ')).toBe(true);

  const popular = page.getByRole('region', { name: 'Popular Products by Subcategory' });
  // Subcategories without products (for this audience) are disabled: the journey chooses among the others.
  const chips = popular.getByRole('group', { name: 'Filter by subcategory' }).getByRole('button', { disabled: false });
  const all = chips.filter({ hasText: /^All \(\d+\)$/ });
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  const products = popular.getByRole('heading', { level: 3 });
  const allNames = await products.allTextContents();
  expect(allNames.length).toBeGreaterThan(0);
  expect(allNames.length).toBeLessThanOrEqual(21);

  const subcategory = chips.nth(1);
  await subcategory.click();
  await expect(subcategory).toHaveAttribute('aria-pressed', 'true');
  await expect(all).toHaveAttribute('aria-pressed', 'false');
  const subcategoryNames = await products.allTextContents();
  expect(subcategoryNames).not.toEqual(allNames);
  expect(subcategoryNames.length).toBeLessThanOrEqual(21);
  await all.click();
  await expect(products).toHaveText(allNames);

  await page.goto(`/categories/${id}/for_her`);
  await expect(page).toHaveURL(`${canonical}?gender=for_her`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'For Her' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${canonical}?gender=for_her`);

  await page.goto(`/category/${id}/not-the-right-slug`);
  await expect(page).toHaveURL(canonical);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  // The fallback link of a category not found by id carries its name, spaces and all.
  await page.goto(`/category/${encodeURIComponent(name)}?gender=for_him`);
  await expect(page).toHaveURL(`${canonical}?gender=for_him`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});
