/**
 * Issue 13, what a shopper and an admin tripped over, each at the viewport where it was seen: the
 * phone menu's icons, the sign-up form after sending, a blank blog save, /products and the home
 * page's category tiles on a phone, a category page without products, and a confirmation mail
 * sent again for a sign-in refused as not yet confirmed.
 */
import { expect, test } from '@playwright/test';
import { categoryHref } from '../../src/lib/links.ts';
import { adminToken, REBUILD_TIMEOUT_MS, rebuiltSince, signInAsAdmin } from './support/admin-api.ts';
import { confirmationLink } from './support/outbox.ts';
import { serviceClient } from './support/shopper.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };


/** Waits for a successful rebuild that started after `since`. */

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the menu button shows a cross while the menu is open, and Categories turns from + to −', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const bars = menu.locator('svg').first();
    const cross = menu.locator('[data-close-icon]');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bars).toBeVisible();
    await expect(cross).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(cross).toBeVisible();
    await expect(bars).toBeHidden();

    const categories = page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: /Categories/ });
    const plus = categories.getByText('+', { exact: true });
    const minus = categories.getByText('−', { exact: true });
    await expect(plus).toBeVisible();
    await expect(minus).toBeHidden();
    await categories.click();
    await expect(categories).toHaveAttribute('aria-expanded', 'true');
    await expect(minus).toBeVisible();
    await expect(plus).toBeHidden();
    await categories.click();
    await expect(plus).toBeVisible();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bars).toBeVisible();
  });

  test('/products shows two cards a row, like the home page', async ({ page }) => {
    await page.goto('/products');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second).toBeTruthy();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(first!.width).toBeLessThan(195);
  });

  test('the category tiles under the home hero show their names', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('group', { name: 'All categories' });
    const tile = strip.getByRole('link').first();
    await tile.scrollIntoViewIfNeeded();
    const name = (await tile.locator('.tile-text > span').first().textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await expect(tile.getByText(name, { exact: true })).toBeVisible();
  });
});

test('after a successful sign-up the form is emptied, cannot be sent again as it was, and a failed new attempt clears the confirmation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  const form = dialog.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(`polish.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await form.getByLabel('Confirm Password').fill('a-long-password-1');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Please check your email for a confirmation link to complete your signup.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Confirm Password')).toHaveValue('');

  // A new attempt that fails shows its error alone, not beside the earlier confirmation.
  await form.getByLabel('Email').fill(`polish.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await form.getByLabel('Confirm Password').fill('another-password-2');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByText('Please check your email for a confirmation link to complete your signup.')).toBeHidden();
});

test('saving a blank blog marks the Title field and sends nothing', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/blogs/new');
  await expect(page.getByRole('heading', { name: 'New Blog' })).toBeVisible({ timeout: 15_000 });
  let sent = 0;
  await page.route('**/api/admin/blogs', async (route) => {
    sent += 1;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toBeFocused();
  await expect(page.getByText('Title is required')).toBeVisible();
  expect(sent).toBe(0);

  await title.fill('A title at last');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
});

test.describe('a category without products', () => {
  test.describe.configure({ timeout: REBUILD_TIMEOUT_MS + 60_000 });
  let token = '';
  let categoryId = '';
  const name = `Empty Shelf ${Date.now().toString(36)}`;

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    const since = Date.now();
    const created = await request.post('/api/admin/categories', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, type: ['product'], description: 'Nothing here yet.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    categoryId = String(((await created.json()) as { id: string }).id);
    await rebuiltSince(request, since);
  });

  test.afterAll(async ({ request }) => {
    if (categoryId) await request.delete('/api/admin/categories', { headers: { authorization: `Bearer ${token}` }, data: { id: categoryId } });
  });

  test('says so under Popular Products by Subcategory instead of showing an empty box', async ({ page }) => {
    await page.goto(categoryHref(categoryId, name));
    const popular = page.getByRole('region', { name: 'Popular Products by Subcategory' });
    await expect(popular.getByText('No products in this category yet.')).toBeVisible();
    await expect(popular.getByRole('list')).toHaveCount(0);
  });

  test("offers no 'See more' under a section with nothing in it", async ({ page }) => {
    await page.goto(categoryHref(categoryId, name));
    for (const section of ['Newest Products', 'Popular Products by Subcategory', 'Under $50']) {
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('heading', { name: section })).toBeVisible();
      await expect(region.getByRole('link', { name: /^See more/ })).toHaveCount(0);
    }
  });
});

test("a sign-in the provider refused says so in the heading and shows the provider's message", async ({ page }) => {
  await page.goto('/auth/callback#error=access_denied&error_description=User+cancelled');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in failed');
  await expect(page.getByRole('alert')).toContainText('User cancelled');
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
});

for (const width of [768, 820]) {
  test(`on a ${width} px tablet in portrait the header's search box shows its whole placeholder beside the menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1180 });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox');
    await expect(box).toHaveAttribute('placeholder', 'Search gifts & blogs...');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeVisible();
    const room = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { inside, text: context.measureText(input.placeholder).width };
    });
    expect(room.inside).toBeGreaterThanOrEqual(room.text);
  });
}

test("a sign-in refused as 'Email not confirmed' offers to send the confirmation again, and the new link signs the shopper in", async ({ page }) => {
  const email = `unconfirmed.${Date.now()}@example.com`;
  const password = 'a-long-password-1';
  // An account whose confirmation mail never arrived: none is in the outbox.
  expect((await serviceClient().auth.admin.createUser({ email, password, email_confirm: false })).error).toBeNull();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const form = page.getByRole('dialog', { name: 'Sign In' }).getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
  // The first sign-in loads the auth code on intent, then asks the auth server: on a busy machine
  // the form said 'Logging in...' for more than 5 s.
  await expect(form.getByRole('alert')).toHaveText('Email not confirmed', { timeout: 15_000 });
  // Offered only for the address refused.
  await form.getByLabel('Email').fill(`someone.else.${email}`);
  await expect(form.getByRole('button', { name: 'Resend confirmation email' })).toBeHidden();
  await form.getByLabel('Email').fill(email);

  await form.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(form.getByRole('status')).toHaveText('Please check your email for a confirmation link to complete your signup.', { timeout: 15_000 });
  await expect(form.getByRole('alert')).toBeHidden();
  await expect(form.getByRole('button', { name: 'Resend confirmation email' })).toBeHidden();

  await page.goto(await confirmationLink(page, email));
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});
