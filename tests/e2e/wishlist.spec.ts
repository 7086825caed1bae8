/**
 * Likes and the wishlist: a guest's likes kept in the browser, the sign-up through the header's
 * dialog and the emailed confirmation link, the guest likes merged into the account's wishlist,
 * unliking, signing out; and the sign-up and login forms' messages.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmationLink } from './support/outbox.ts';

const SUPABASE_URL = process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';
const GUEST_LIKES_KEY = 'giftshop.guestLikes';
const PASSWORD = 'gift-ideas-42';

const productCards = (page: Page) => page.getByRole('main').getByRole('article');
const heartOf = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name: new RegExp(`^(Add ${escape(name)} to|Remove ${escape(name)} from) wishlist$`) });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const guestLikes = (page: Page) => page.evaluate((key) => localStorage.getItem(key), GUEST_LIKES_KEY);
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });

/** The names of the first `count` products of /products, read from their cards' links. */
async function firstProductNames(page: Page, count: number): Promise<string[]> {
  await page.goto('/products');
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push((await productCards(page).nth(i).getByRole('heading').textContent())!.trim());
  return names;
}

async function openSignUp(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await signInDialog(page).getByRole('tab', { name: 'Sign Up' }).click();
  return signInDialog(page).getByRole('form', { name: 'Sign Up' });
}

test('a guest\'s likes become the account\'s wishlist after signing up', async ({ page }) => {
  // Likes, a sign-up confirmed through the mail outbox and a merge: 35 s of its 60 on CI's busy host.
  test.setTimeout(120_000);
  const [first, second] = await firstProductNames(page, 2) as [string, string];

  // As a guest: the hearts press and stay pressed after a reload.
  for (const name of [first, second]) {
    await heartOf(page, name).click();
    await expect(heartOf(page, name)).toHaveAttribute('aria-pressed', 'true');
    await expect(heartOf(page, name)).toHaveAccessibleName(`Remove ${name} from wishlist`);
  }
  await page.reload();
  await expect(heartOf(page, first)).toHaveAttribute('aria-pressed', 'true');
  await expect(heartOf(page, second)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  const banner = page.getByRole('link', { name: 'Save your wishlist forever!' });
  await expect(banner).toHaveAttribute('href', '/auth');
  // Newest like first.
  await expect(productCards(page).getByRole('heading')).toHaveText([second, first]);

  // Sign up in the header's dialog, then confirm through the emailed link.
  const email = `wishlist.${Date.now()}@example.com`;
  const form = await openSignUp(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Please check your email for a confirmation link to complete your signup.')).toBeVisible();

  const response = await page.goto(await confirmationLink(page, email));
  expect(new URL(response!.url()).pathname).toBe('/auth/callback');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page).toHaveURL('/');

  // The guest likes are now the server wishlist, and gone from the browser.
  await page.goto('/wishlist');
  await expect(productCards(page).getByRole('heading')).toHaveText([second, first]);
  await expect(page.getByText('Save your wishlist forever!')).toHaveCount(0);
  await expect.poll(() => guestLikes(page)).toBeNull();

  // Unliking removes the card, on the server too; the heart waits for the server meanwhile.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/rest/v1/rpc/unlike_product', async (route) => {
    await held;
    await route.continue();
  });
  await heartOf(page, first).click();
  await expect(heartOf(page, first)).toBeDisabled();
  await expect(heartOf(page, first)).toHaveAttribute('aria-pressed', 'true');
  answer();
  await expect(productCards(page)).toHaveCount(1);
  await page.unrouteAll();
  await expect(productCards(page).getByRole('heading')).toHaveText([second]);
  await page.reload();
  await expect(productCards(page).getByRole('heading')).toHaveText([second]);
  await expect(heartOf(page, second)).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have been signed out')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Signed out, the wishlist is this browser's again: empty.
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');

  // A guest like, then logging in on the wishlist page merges it at once.
  const [, , third] = await firstProductNames(page, 3) as [string, string, string];
  await heartOf(page, third).click();
  await expect(heartOf(page, third)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await expect(productCards(page).getByRole('heading')).toHaveText([third]);
  await expect(page.getByRole('link', { name: 'Save your wishlist forever!' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const login = signInDialog(page).getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('not-the-password');
  await login.getByRole('button', { name: 'Log In' }).click();
  // A provider error shows in the red box.
  await expect(login.getByRole('alert')).toHaveText('Invalid login credentials');
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(signInDialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(productCards(page).getByRole('heading')).toHaveText([third, second]);
  await expect(page.getByText('Save your wishlist forever!')).toHaveCount(0);
  expect(await guestLikes(page)).toBeNull();
});

test('an empty wishlist invites the guest to explore products, without the banner', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Explore Products' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByText('Save your wishlist forever!')).toHaveCount(0);
});

test('unliking on the wishlist page removes the card for a guest too', async ({ page }) => {
  const [name] = await firstProductNames(page, 1) as [string];
  await heartOf(page, name).click();
  await expect(heartOf(page, name)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await expect(productCards(page).getByRole('heading')).toHaveText([name]);
  await heartOf(page, name).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  expect(await guestLikes(page)).toBeNull();
});

test('guest pages do not download the auth library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/products');
  const [name] = await firstProductNames(page, 1) as [string];
  await heartOf(page, name).click();
  await expect(heartOf(page, name)).toHaveAttribute('aria-pressed', 'true');
  expect(scripts.filter((url) => /\/supabase\.[\w-]+\.js$/.test(url))).toEqual([]);
});

test('the sign-up form checks the passwords before asking the server', async ({ page }) => {
  await page.goto('/');
  const form = await openSignUp(page);
  await form.getByLabel('Email').fill(`mismatch.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('longenough1');
  await form.getByLabel('Confirm Password').fill('longenough2');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match');

  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm Password').fill('short');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByRole('alert')).toHaveText('Password must be at least 8 characters long');

  await form.getByLabel('Password', { exact: true }).fill('        ');
  await form.getByLabel('Confirm Password').fill('        ');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByRole('alert')).toHaveText('Password cannot be only spaces');
  await expect(form.getByText('Please check your email for a confirmation link to complete your signup.')).toHaveCount(0);
});

test.describe('when Supabase takes requests and never answers', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Every request to Supabase is taken and left unanswered, as by a server that hangs.
  const silenceSupabase = (page: Page) => page.route(`${SUPABASE_URL}/**`, () => undefined);

  test('a guest wishlist shows its error and Retry within 5 seconds, and Retry reads again', async ({ page }) => {
    const [name] = await firstProductNames(page, 1);
    await heartOf(page, name!).first().click();
    expect(await guestLikes(page)).not.toBeNull();

    await silenceSupabase(page);
    const started = Date.now();
    await page.goto('/wishlist');
    await expect(page.getByText("We couldn't load your wishlist. Please try again.")).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);

    await page.unroute(`${SUPABASE_URL}/**`);
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('list', { name: 'Liked products' }).getByRole('heading', { name: name! })).toBeVisible();
  });

  test('a shared list shows its error and Retry within 5 seconds', async ({ page }) => {
    await silenceSupabase(page);
    const started = Date.now();
    await page.goto(`/wishlist/shared/?list=${'A'.repeat(43)}`);
    await expect(page.getByText("We couldn't load this list. Please try again.")).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
