/**
 * The admin's content journeys: writing a blog with a three-product embed in the editor and seeing
 * it published, the unsaved-changes guard, a quiz edit reaching the quiz page, and the Analytics
 * tab. Runs against a shop whose admin writes trigger rebuilds (the build hook of `npm start`).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { blogHref } from '../../src/lib/links.ts';
import { rebuiltSince } from './support/admin-api.ts';
import { WRITE_TIMEOUT_MS } from './support/timeouts.ts';

const ADMIN = { email: 'admin@giftshop.local', password: 'giftshop-admin' };

// Saves wait for a rebuild of the whole site.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// A write waits behind a running rebuild's reads of the same (single-connection) database.

/** Waits until the islands of the page have hydrated (a click before that would submit a plain form). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  // Every tab's saves reach the prebuilt pages only after a rebuild, and the admin is told so.
  await expect(page.getByText('Saved changes show on the shop once the site has rebuilt, about a minute after you save.')).toBeVisible();
}

/** An article body's markup with attributes in a fixed order, to compare the preview with the public page. */
function bodyMarkup(page: Page): Promise<string> {
  return page.locator('.blog-body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll('*')) {
      const attributes = [...element.attributes].filter((a) => !a.name.startsWith('data-astro')).map((a) => [a.name, a.value] as const).sort();
      for (const a of [...element.attributes]) element.removeAttribute(a.name);
      for (const [name, value] of attributes) element.setAttribute(name, value);
    }
    return copy.outerHTML.replace(/<!--.*?-->/g, '').replace(/>\s+</g, '><').replace(/\s+/g, ' ');
  });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an admin writes a blog with three products in the split editor, saves it, and readers see it', async ({ page }) => {
  const title = `Three desk lamps compared ${Date.now()}`;
  await signIn(page);
  await openTab(page, 'Blogs');
  await page.getByRole('link', { name: 'New Blog' }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Blog' })).toBeVisible();

  // Split is the default view: the form and the preview side by side.
  await expect(page.getByRole('button', { name: 'Split', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const editor = page.getByRole('region', { name: 'Editor' });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(editor).toBeVisible();
  await expect(preview).toBeVisible();

  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Excerpt').fill('Three lamps we would happily give.');
  await editor.getByLabel('Category').selectOption({ index: 1 });
  await editor.getByLabel('Content').fill('We tried a handful of lamps. These three stood out.\n');
  await expect(preview.getByText('We tried a handful of lamps.')).toBeVisible();

  await editor.getByRole('button', { name: 'Insert three products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert Products' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Search products').fill('l');
  await expect(dialog.getByText('Type at least 2 characters to search.')).toBeVisible();
  await dialog.getByLabel('Search products').fill('lamp');
  const results = dialog.getByRole('checkbox');
  await expect(results.nth(3)).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    await results.nth(i).check();
    names.push((await results.nth(i).locator('xpath=..').innerText()).split('\n')[0]!.trim());
  }
  // No more than three can be chosen.
  await expect(results.nth(3)).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Our three picks');
  await dialog.getByLabel('Excerpt').fill('Lamps for every desk');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();

  await expect(editor.getByLabel('Content')).toHaveValue(/<three-products title="Our three picks" excerpt="Lamps for every desk" productid='\[.+\]'><\/three-products>/);
  await expect(editor.getByRole('list', { name: /Embedded products/ }).getByRole('listitem')).toHaveCount(3);
  const embed = preview.getByRole('complementary', { name: 'Our three picks' });
  await expect(embed.getByRole('listitem')).toHaveCount(3);
  for (const name of names) await expect(embed.getByRole('heading', { name })).toBeVisible();

  const saved = Date.now();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin#blogs$/, { timeout: WRITE_TIMEOUT_MS });
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  const id = (await row.getByRole('link', { name: `Edit ${title}` }).getAttribute('href'))!.split('/').pop()!;

  try {
    await rebuiltSince(page.request, saved);
    // The server picks the new pages up just after the build; try until it does.
    await expect(async () => {
      await page.goto(blogHref(id, title));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const published = page.getByRole('complementary', { name: 'Our three picks' });
    await expect(published.getByText('Lamps for every desk')).toBeVisible();
    for (const name of names) await expect(published.getByRole('heading', { name })).toBeVisible();
    const publicBody = await bodyMarkup(page);

    // The editor's preview renders exactly the markup of the published body.
    await page.goto(`/admin/blogs/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('complementary', { name: 'Our three picks' }).getByRole('listitem')).toHaveCount(3);
    expect(await bodyMarkup(page)).toBe(publicBody);
  } finally {
    await page.goto('/admin#blogs');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this blog?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blog post deleted successfully')).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  }
});

test('leaving the editor with unsaved changes asks first, and the browser warns on unload', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/blogs/new');
  const back = page.getByRole('link', { name: 'Back to Blogs' });

  // A clean editor leaves at once.
  await back.click();
  await expect(page).toHaveURL(/\/admin#blogs$/);

  await page.goto('/admin/blogs/new');
  await page.getByRole('region', { name: 'Editor' }).getByLabel('Title').fill('Not saved');
  await back.click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(unsaved).toBeVisible();
  await expect(unsaved.getByRole('button', { name: 'Stay and Save' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(unsaved).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);

  // Any link of the admin area asks too.
  await page.getByRole('link', { name: /View shop/ }).click();
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Leave Without Saving' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto('/admin/blogs/new');
  await page.getByRole('region', { name: 'Editor' }).getByLabel('Title').fill('Not saved either');
  const warned = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await warned;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('a quiz edit is saved and shows on the quiz page after the rebuild', async ({ page }) => {
  await signIn(page);
  await openTab(page, 'Quizzes');
  // The quiz pages show the newest quiz for their audience: the first row, once edited.
  await page.getByRole('button', { name: /^Edit / }).first().click();
  const form = page.getByRole('form', { name: /^Edit Quiz: / });
  const description = form.getByLabel('Description');
  const original = await description.inputValue();
  const edited = `${original} Checked on ${new Date().toISOString()}.`;
  await expect(form.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(form.getByText(/^1\. /)).toBeVisible();

  await description.fill('');
  await form.getByRole('button', { name: 'Update Quiz' }).click();
  await expect(form.getByText('Description is required')).toBeVisible();

  await form.getByLabel('Target Audience').selectOption('for_both');
  await description.fill(edited);
  const saved = Date.now();
  await form.getByRole('button', { name: 'Update Quiz' }).click();
  await expect(page.getByText('Quiz updated successfully')).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  // The demo's one quiz, for both: every quiz page shows it, and the list says so.
  const quizzes = page.getByRole('table', { name: /^Saved quizzes/ });
  await expect(quizzes.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('For Him, For Her, For Both');

  try {
    await rebuiltSince(page.request, saved);
    await expect(async () => {
      await page.goto('/quiz-detail/for_both');
      await expect(page.getByText(edited)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await page.goto('/admin#quizzes');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await page.getByRole('form', { name: /^Edit Quiz: / }).getByLabel('Description').fill(original);
    await page.getByRole('button', { name: 'Update Quiz' }).click();
    await expect(page.getByText('Quiz updated successfully')).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  }
});

test('the Analytics tab shows the cards, top 10 tables with the conversion rate, and charts', async ({ page }) => {
  await signIn(page);
  await openTab(page, 'Analytics');
  await expect(page.getByText('Total Clicks Today')).toBeVisible();
  for (const card of ['Daily', 'Weekly', 'Monthly']) await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
  await expect(page.getByText(/ vs (yesterday|last week|last month)$/).first()).toBeVisible();

  const products = page.getByRole('table', { name: 'Top Products', exact: true });
  await expect(products.getByRole('columnheader', { name: 'Conversion Rate' })).toBeVisible();
  const rows = products.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  expect(await rows.count()).toBeLessThanOrEqual(11);
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText(/^(\d+\.\d%|—)$/);

  await page.getByLabel('Timeframe').selectOption('annually');
  await expect(page.getByRole('table', { name: 'Top Products by Affiliate Clicks' }).getByRole('row').nth(1)).toBeVisible();

  await expect(page.getByRole('img', { name: /^Product clicks per day/ })).toBeVisible();
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('img', { name: /^Product clicks per week/ })).toBeVisible();
});

test('the Blogs, Quizzes and Analytics tabs, the quiz form, the editor and its insert dialog pass axe', async ({ page }) => {
  const violations = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`,
    );
  await signIn(page);
  await openTab(page, 'Blogs');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await violations()).toEqual([]);
  await openTab(page, 'Quizzes');
  await page.getByRole('button', { name: /^Edit / }).first().click();
  await expect(page.getByRole('form', { name: /^Edit Quiz: / })).toBeVisible();
  expect(await violations()).toEqual([]);
  await openTab(page, 'Analytics');
  await expect(page.getByRole('img', { name: /^Product clicks/ })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/admin/blogs/new');
  await page.getByRole('region', { name: 'Editor' }).getByLabel('Content').fill('## Picks\n\n<product-embed productId="00000000-0000-4000-8000-000000000000"></product-embed>\n');
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Product not found (ID: 00000000-0000-4000-8000-000000000000)')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.getByRole('button', { name: 'Insert single product' }).click();
  await expect(page.getByRole('dialog', { name: 'Insert Products' }).getByRole('radio').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
