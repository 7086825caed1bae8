/**
 * Shared gift lists, end to end on the demo shop: a signed-in shopper shares their wishlist from
 * /wishlist under a title and copies the link; the link, opened in a fresh signed-out browser,
 * shows the same products read-only with their retailer links and nothing of the owner, and a
 * visitor likes a gift into their own wishlist from it; the page as served names the list for link
 * previews; renaming shows at once; after 'Stop
 * sharing' the link says 'This list is no longer shared'; sharing again gives a new link.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newShopper, serviceClient, signIn } from './support/shopper.ts';

/** What axe finds against WCAG 2.1 AA and its best practices, as the accessibility journeys check. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The product names of the page's cards, in their order. */
const cardNames = async (page: Page, list: string): Promise<string[]> => {
  const cards = page.getByRole('list', { name: list }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  return (await cards.getByRole('heading').allTextContents()).map((name) => name.trim());
};

test('a shopper shares their wishlist, a signed-out visitor sees the same gifts, and stopping the share ends the link', async ({ page, browser, context }) => {
  // Two browsers, a sign-in and four reads of the list: 10 s on a quiet host, 43 s on CI's busy one.
  test.setTimeout(120_000);
  const { data: products } = await serviceClient().from('products').select('id, affiliate_links').order('id').limit(40);
  const productIds = products!.filter((p) => Array.isArray(p.affiliate_links) && p.affiliate_links.length > 0).slice(0, 3).map((p) => p.id);
  const { email, password } = await newShopper('shares', productIds);

  // The owner shares from /wishlist.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/wishlist');
  await expect(page.getByRole('button', { name: 'Share wishlist' })).toHaveCount(0);
  await signIn(page, email, password);
  const wishlist = await cardNames(page, 'Liked products');
  expect(wishlist).toHaveLength(3);
  await page.getByRole('button', { name: 'Share wishlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share wishlist' });
  await expect(dialog.getByLabel('List title')).toHaveValue('My gift ideas');
  await dialog.getByLabel('List title').fill('');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText('Give the list a title')).toBeVisible();
  await dialog.getByLabel('List title').fill('Gifts for Sam');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Link').inputValue();
  expect(link).toMatch(/\/wishlist\/shared\/\?list=[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Shared as “Gifts for Sam”')).toBeVisible();
  // The focus is back where the shopper left for the dialog.
  await expect(page.getByRole('button', { name: 'Share wishlist' })).toBeFocused();

  // A fresh, signed-out browser opens the link.
  const stranger = await browser.newContext();
  const visit = await stranger.newPage();
  await visit.goto(link);
  await expect(visit.getByRole('heading', { level: 1, name: 'Gifts for Sam' })).toBeVisible();
  expect(await cardNames(visit, 'Gifts on this list')).toEqual(wishlist);
  await expect(visit).toHaveTitle('Gifts for Sam | Giftshop');
  await expect(visit.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow');
  await expect(visit.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Gifts for Sam | Giftshop');
  // A link preview's crawler runs no script: the page as served names the list, and nothing of its owner.
  const preview = await (await stranger.request.get(link)).text();
  expect(preview).toContain('<meta property="og:title" content="Gifts for Sam | Giftshop">');
  expect(preview).toContain('<meta property="og:description" content="3 gift ideas picked on Giftshop and shared with you: see each gift and where to buy it.">');
  expect(preview).not.toContain(email.split('@')[0]);
  await expect(visit.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const retailer = visit.getByRole('list', { name: `Buy ${wishlist[0]}` }).getByRole('link').first();
  await expect(retailer).toHaveAttribute('target', '_blank');
  await expect(retailer).toHaveAttribute('href', /^https?:\/\//);
  await visit.waitForLoadState('networkidle');
  expect(await axeViolations(visit)).toEqual([]);
  const html = await visit.content();
  expect(html).not.toContain(email);
  expect(html).not.toContain(email.split('@')[0]);

  // The visitor likes a gift into their own (guest) wishlist.
  const heart = visit.getByRole('main').getByRole('button', { name: `Add ${wishlist[1]} to wishlist` });
  await heart.click();
  await expect(visit.getByRole('main').getByRole('button', { name: `Remove ${wishlist[1]} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await visit.goto('/wishlist');
  expect(await cardNames(visit, 'Liked products')).toEqual([wishlist[1]]);

  // Renaming keeps the link.
  await page.getByRole('button', { name: 'Share wishlist' }).click();
  await dialog.getByLabel('List title').fill('Birthday ideas');
  await dialog.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByText('Shared as “Birthday ideas”')).toBeVisible();
  await expect(dialog.getByLabel('Link')).toHaveValue(link);
  await visit.goto(link);
  await expect(visit.getByRole('heading', { level: 1, name: 'Birthday ideas' })).toBeVisible();

  // Escape on the question answers No and leaves the share dialog open.
  const question = page.getByRole('alertdialog', { name: 'Stop sharing this list?' });
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stop sharing' })).toBeFocused();

  // Stopping the share ends the link.
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await question.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Shared as/)).toHaveCount(0);
  await visit.reload();
  await expect(visit.getByRole('heading', { name: 'This list is no longer shared' })).toBeVisible();
  await expect(visit.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Shared gift list | Giftshop');
  await expect(visit.getByRole('main').getByRole('article')).toHaveCount(0);

  // Sharing again gives a new link; the old one stays dead.
  await page.reload();
  await page.getByRole('button', { name: 'Share wishlist' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const newLink = await dialog.getByLabel('Link').inputValue();
  expect(newLink).not.toBe(link);
  await visit.goto(newLink);
  await expect(visit.getByRole('heading', { level: 1, name: 'My gift ideas' })).toBeVisible();
  await visit.goto(link);
  await expect(visit.getByRole('heading', { name: 'This list is no longer shared' })).toBeVisible();
  await stranger.close();
});

test('a shared list link without its list, or cut short, says so', async ({ page }) => {
  await page.goto('/wishlist/shared/');
  await expect(page.getByRole('heading', { name: 'This link has no list in it' })).toBeVisible();
  await page.goto('/wishlist/shared?list=abc123');
  await expect(page.getByRole('heading', { name: 'This link is not complete' })).toBeVisible();
});

test('a network failure on the shared list shows the error with Retry, and Retry loads it', async ({ page }) => {
  const { client } = await newShopper('shares.retry');
  const { data: shared } = await client.rpc('share_wishlist', { title: 'Retry list' });

  let failing = true;
  await page.route('**/rest/v1/rpc/shared_wishlist', (route) => (failing ? route.abort('connectionfailed') : route.continue()));
  await page.goto(`/wishlist/shared/?list=${shared!.token}`);
  const alert = page.getByRole('alert').filter({ hasText: "We couldn't load this list. Please try again." });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retry list' })).toBeVisible();
  await expect(page.getByText('There are no gifts on this list yet.')).toBeVisible();
});

test('where the browser has the Web Share API, Share… hands it the list\'s title and link', async ({ page }) => {
  const { email, password } = await newShopper('shares.native');
  // Headless Chromium on Linux has no share sheet: this one records what it was given.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  await page.goto('/wishlist');
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Share wishlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share wishlist' });
  await expect(dialog.getByRole('button', { name: 'Share…' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Link').inputValue();
  await dialog.getByRole('button', { name: 'Share…' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared)).toEqual({
    title: 'My gift ideas', text: 'My gift ideas, a gift list on Giftshop', url: link,
  });
});
