import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The pages the Storefront issue measures, found by following links so no id is hard-coded. */
async function firstHref(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern} on ${from}`);
  return href;
}

for (const [name, locate] of [
  ['home', async () => '/'],
  ['a product', (page: Page) => firstHref(page, '/', /^\/products\/[0-9a-f-]{36}$/)],
  ['a category', (page: Page) => firstHref(page, '/', /^\/category\/[0-9a-f-]{36}\/[a-z0-9-]+$/)],
  ['a blog article', (page: Page) => firstHref(page, '/blog', /^\/blog-detail\//)],
  ['/products', async () => '/products'],
] as const) {
  test(`axe finds no violations on ${name}`, async ({ page }) => {
    const path = await locate(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  });
}
