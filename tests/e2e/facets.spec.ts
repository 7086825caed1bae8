/**
 * Facet counts: each filter choice on /products says how many products it would give, the counts
 * follow every filter change (and Back and Forward), the chosen choices' counts are the result
 * count, and a choice that would give none is shown disabled; a category page's subcategory chips
 * do the same for its lists.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './support/hydration.ts';
import { READ_TIMEOUT_MS } from './support/timeouts.ts';

const filterPanel = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const group = (page: Page, name: string) => filterPanel(page).getByRole('region', { name, exact: true });

/** 'Tech Gadgets (1,204)' → 1204. */
function countOf(text: string | null): number {
  const match = /\(([\d,]+)\)$/.exec(text ?? '');
  if (!match) throw new Error(`no count in '${text}'`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** Waits for the page the address asks for, and answers its result count ('Showing 1–12 of N products'). */
async function resultCount(page: Page): Promise<number> {
  await expect(page.getByText('Loading products...')).toHaveCount(0, { timeout: READ_TIMEOUT_MS });
  const summary = page.getByText(/^Showing \d+–\d+ of [\d,]+ products?$/);
  await expect(summary).toBeVisible();
  return countOf(`(${/of ([\d,]+)/.exec((await summary.textContent())!)![1]})`);
}

/** Every group's chosen choice, with its count. */
async function chosen(page: Page): Promise<Record<string, number>> {
  const links = filterPanel(page).locator('a[aria-current="true"]');
  const texts = await links.allTextContents();
  return Object.fromEntries(texts.map((text) => [text.replace(/ \([\d,]+\)$/, ''), countOf(text)]));
}

/** The panel's counts, by choice name. */
async function panelCounts(page: Page): Promise<Record<string, number>> {
  const texts = await filterPanel(page).getByRole('link').allTextContents();
  return Object.fromEntries(texts.map((text) => [text, countOf(text)]));
}

/** The result count, checked against every chosen choice's count (one per group: category, price, deals, gender …). */
async function expectConsistent(page: Page): Promise<number> {
  const total = await resultCount(page);
  const current = await chosen(page);
  expect(Object.keys(current).length, JSON.stringify(current)).toBeGreaterThanOrEqual(4);
  for (const [name, count] of Object.entries(current)) expect(count, `${name} in ${page.url()}`).toBe(total);
  return total;
}

/**
 * Chooses a choice the panel offers and checks the result is the count it showed. Other journeys
 * add and delete products meanwhile: a count a write changed between the two reads is asked again
 * (from the page before), up to three times.
 */
async function choose(page: Page, choice: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const promised = countOf(await choice.textContent());
    const before = page.url();
    await choice.click();
    await expect(page).not.toHaveURL(before);
    const total = await expectConsistent(page);
    if (total === promised || attempt === 3) return void expect(total).toBe(promised);
    await page.goBack();
    await expect(page).toHaveURL(before);
    await resultCount(page);
  }
}

test.describe('/products facet counts', () => {
  test('every choice shows what it would give; the chosen ones are the result count through changes, Back and Forward', async ({ page }) => {
    await page.goto('/products');
    const everything = await expectConsistent(page);
    const seen = new Map<string, Record<string, number>>([[page.url(), await panelCounts(page)]]);

    // A category: the other groups now count within it.
    await choose(page, group(page, 'Categories').getByRole('link', { disabled: false }).nth(1));
    const inCategory = await expectConsistent(page);
    expect(inCategory).toBeLessThan(everything);
    expect(countOf(await group(page, 'Price').getByRole('link', { name: /^Any Price/ }).textContent())).toBe(inCategory);
    seen.set(page.url(), await panelCounts(page));

    // A price bucket, an audience and 'Price drops' (each only if it gives something).
    for (const [name, link] of [['Price', /^\$50 to \$250/], ['Gender', /^For Her/], ['Deals', /^Price drops/]] as const) {
      const choice = group(page, name).getByRole('link', { name: link, disabled: false });
      if ((await choice.count()) === 0) continue;
      await choose(page, choice);
      seen.set(page.url(), await panelCounts(page));
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);

    // Back and Forward show each address's own counts again.
    const addresses = [...seen.keys()];
    for (const address of addresses.slice(0, -1).reverse()) {
      await page.goBack();
      await expect(page).toHaveURL(address);
      await expectConsistent(page);
      expect(await panelCounts(page)).toEqual(seen.get(address));
    }
    await page.goForward();
    await expect(page).toHaveURL(addresses[1]!);
    await expectConsistent(page);
    expect(await panelCounts(page)).toEqual(seen.get(addresses[1]!));
  });

  test('a choice that would give no products is shown with (0), disabled, and skipped by the keyboard', async ({ page }) => {
    await page.goto('/products');
    await expectConsistent(page);
    await choose(page, group(page, 'Gender').getByRole('link', { name: /^For Her/ }));
    // Somewhere among the categories' subcategories, one has nothing for her.
    const categories = group(page, 'Categories').getByRole('link', { disabled: false });
    let disabled: Locator | undefined;
    for (let i = 1; i < (await categories.count()) && !disabled; i++) {
      await choose(page, categories.nth(i));
      const empty = group(page, 'Subcategory').getByRole('link', { disabled: true });
      if ((await empty.count()) > 0) disabled = empty.first();
    }
    expect(disabled, 'a subcategory without products for her').toBeDefined();
    await expect(disabled!).toHaveText(/ \(0\)$/);
    await expect(disabled!).toHaveAttribute('aria-disabled', 'true');
    await expect(disabled!).not.toHaveAttribute('href');
    await expect(disabled!).toHaveAccessibleName(/^.+ \(0\)$/);

    // Tabbing through the subcategories never lands on it.
    const links = group(page, 'Subcategory').getByRole('link');
    await group(page, 'Subcategory').getByRole('link', { disabled: false }).first().focus();
    const names = [await page.evaluate(() => document.activeElement?.textContent ?? '')];
    for (let i = 1; i < (await links.count()); i++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(names).not.toContain(await disabled!.textContent());

    // Clicking it changes nothing.
    const address = page.url();
    await disabled!.click({ force: true });
    await expect(page).toHaveURL(address);
  });

  test('an address with filters shows its own counts, not the prebuilt ones', async ({ page }) => {
    await page.goto('/products?gender=for_him&priceMax=50');
    const total = await expectConsistent(page);
    expect(countOf(await group(page, 'Price').getByRole('link', { name: /^Up to \$50/ }).textContent())).toBe(total);
  });
});

test.describe('category page facet counts', () => {
  test("each subcategory chip says how many products it holds, and its list says the same; empty ones are disabled", async ({ page }) => {
    await page.goto('/gender/for_her');
    const banners = page.getByRole('region', { name: 'Our Categories' }).getByRole('link', { name: /Explore →/ });
    const addresses = await banners.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const address of addresses) expect(address).toMatch(/\/category\/[^/]+\/[a-z0-9-]+\?gender=for_her$/);

    // Clicking through every chip of every category outlasts the test's minute on a busy host:
    // the chips' counts are in the page, so find a category with a disabled chip first, then
    // check that category's chips against their lists.
    let sawDisabled = false;
    for (const address of addresses) {
      await page.goto(address);
      const popular = page.getByRole('region', { name: 'Popular Products by Subcategory' });
      const chips = popular.getByRole('group', { name: 'Filter by subcategory' }).getByRole('button');
      if (!(await chips.evaluateAll((buttons) => buttons.some((button) => (button as HTMLButtonElement).disabled)))) continue;
      sawDisabled = true;
      await hydrated(page);
      for (const chip of await chips.all()) {
        const holds = countOf(await chip.textContent());
        if (await chip.isDisabled()) {
          expect(holds).toBe(0);
          continue;
        }
        await chip.click();
        await expect(chip).toHaveAttribute('aria-pressed', 'true');
        const shown = Math.min(holds, 21);
        await expect(popular.getByText(/^Showing /)).toHaveText(`Showing 1–${shown} of ${holds} product${holds === 1 ? '' : 's'}`);
        await expect(popular.getByRole('article')).toHaveCount(shown);
      }

      // 'See more' lists the whole category for her on /products: the same count as All.
      const all = countOf(await chips.first().textContent());
      await popular.getByRole('link', { name: /See more/ }).click();
      expect(await expectConsistent(page)).toBe(all);
      break;
    }
    expect(sawDisabled, 'a category with a subcategory that has nothing for her').toBe(true);
  });
});
