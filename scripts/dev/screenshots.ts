/**
 * Screenshots of a running shop (`npm start`) for comparing a change by eye: the main storefront
 * pages at desktop and phone widths, and every admin tab and dialog signed in as the demo admin.
 *
 *   node scripts/dev/screenshots.ts <out-dir> [http://localhost:8888]
 *
 * Animations are switched off and the clock is not frozen, so two runs differ only where the
 * pages do (popularity lists may move between days).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../../tests/e2e/support/chromium.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/demo.ts';

const [outArg, site = 'http://localhost:8888'] = process.argv.slice(2);
if (!outArg) {
  console.error('Usage: node scripts/dev/screenshots.ts <out-dir> [site-url]');
  process.exit(2);
}
const outDir = outArg;
await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage, animations: 'disabled' });
  console.log(`${name}.png`);
}

async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`No link matches ${selector} on ${page.url()}`);
  return href;
}

async function storefront(width: number, suffix: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${site}/`);
  await shoot(page, `home-${suffix}`);
  const product = await firstHref(page, 'a[href^="/products/"]');
  const category = await firstHref(page, 'a[href^="/category/"]');
  const article = await firstHref(page, 'a[href^="/blog-detail/"]');
  const pages: [string, string][] = [
    ['products', '/products'],
    ['product', product],
    ['category', category],
    ['blog', '/blog'],
    ['article', article],
    ['gender', '/gender/for_her'],
    ['search', '/search?q=lamp'],
    ['wishlist', '/wishlist'],
    ['quiz', '/quiz-detail/for_both'],
  ];
  for (const [name, path] of pages) {
    await page.goto(`${site}${path}`);
    await shoot(page, `${name}-${suffix}`);
  }
  await context.close();
}

async function admin() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${site}/admin/login`);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await shoot(page, 'admin-login', false);
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Products' }).waitFor();

  const tab = async (name: string, ready: string) => {
    await page.getByRole('tab', { name }).click();
    await page.getByRole('tabpanel', { name }).getByText(ready).first().waitFor({ timeout: 20_000 });
  };

  await tab('Products', 'Add Product');
  await page.getByRole('tabpanel', { name: 'Products' }).locator('tbody tr').first().waitFor();
  await shoot(page, 'admin-products');
  await page.getByRole('button', { name: /Add Product/ }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'admin-products-add', false);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Edit / }).first().click();
  await page.getByRole('dialog').first().waitFor();
  await shoot(page, 'admin-products-edit', false);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Delete / }).first().click();
  await page.getByRole('alertdialog').waitFor();
  await shoot(page, 'admin-products-delete', false);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await tab('Blogs', 'Title');
  await shoot(page, 'admin-blogs');
  await tab('Quizzes', 'Quiz');
  await shoot(page, 'admin-quizzes');
  await tab('Categories', 'Categor');
  await page.waitForTimeout(500);
  await shoot(page, 'admin-categories');
  await tab('Analytics', 'Daily');
  await page.waitForTimeout(500);
  await shoot(page, 'admin-analytics');

  await page.goto(`${site}/admin/blogs/new`);
  await page.getByRole('textbox').first().waitFor();
  await shoot(page, 'admin-blog-editor', false);
  await context.close();
}

await storefront(1280, 'desktop');
await storefront(390, 'phone');
await admin();
await browser.close();
