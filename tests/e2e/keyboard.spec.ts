/**
 * The shop by keyboard alone: the account menu behaves as a menu button does (the focus enters it,
 * the arrows move, Escape and Tab leave it closed), and a product card's Details popup, shown on
 * focus, goes on Escape.
 */
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin-api.ts';

test('the account menu opens onto its first entry, the arrows move round it, Escape closes it back onto the avatar and Tab out closes it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/');
  const avatar = page.getByRole('button', { name: /Account menu/ });
  const menu = page.getByRole('menu', { name: 'Account' });

  await avatar.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Wishlist' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(avatar).toBeFocused();
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');

  // Tab from an entry leaves the menu, and the menu does not stay open behind.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect(avatar).not.toBeFocused();
});

test("a card's Details popup shown by focus goes on Escape, and comes back with the next focus", async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => customElements.get('product-media') !== undefined);
  const details = page.getByRole('button', { name: 'Details' }).first();
  const popup = page.locator(`[id="${await details.getAttribute('aria-describedby')}"]`);

  await details.focus();
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(details).toBeFocused();

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(details).toBeFocused();
  await expect(popup).toBeVisible();
});
