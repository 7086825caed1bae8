/**
 * The header's two menus by keyboard. On a computer the Categories menu is a disclosure: focus on
 * its button leaves it shut (Tab goes on to Blog, not through every category), the button opens
 * it, Escape closes it back onto the button, and focus or a click leaving it closes it; hovering
 * still opens it. On a phone the open menu covers the page, so Tab cycles within it and Escape
 * closes it back onto the Menu button.
 */
import { expect, test, type Page } from '@playwright/test';

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const parts = (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    // By CSS, not role: a role query skips the shut menu's links, and toBeHidden would pass on none.
    const categories = nav.locator('li');
    return {
      nav,
      button: nav.getByRole('button', { name: 'Categories' }),
      first: categories.first(),
      firstLink: categories.first().locator('a'),
      lastLink: categories.last().locator('a'),
      hint: nav.getByText('Hover over a category to learn more.'),
    };
  };

  test('focus on Categories leaves the menu shut and Tab goes on to Blog; hovering still opens it', async ({ page }) => {
    await page.goto('/');
    const { nav, button, first, firstLink, hint } = parts(page);
    await nav.getByRole('link', { name: 'For Her' }).focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(firstLink).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeFocused();

    await button.hover();
    await expect(firstLink).toBeVisible();
    await expect(hint).toBeVisible();
    await firstLink.hover();
    await expect(first.locator('.category-panel')).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(firstLink).toBeHidden();
  });

  test('Enter opens the menu it controls, Tab goes into its links, Escape closes it back onto the button; Space toggles it too', async ({ page }) => {
    await page.goto('/');
    const { button, first, firstLink, hint } = parts(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${await button.getAttribute('aria-controls')}"]`).getByRole('link').first()).toBeVisible();
    await expect(hint).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstLink).toBeFocused();
    // The focused category shows its description in the side panel, as a hovered one does.
    await expect(first.locator('.category-panel')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(firstLink).toBeHidden();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(firstLink).toBeVisible();
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(firstLink).toBeHidden();
  });

  test('the open menu closes when the focus leaves it, and when a click lands outside it', async ({ page }) => {
    await page.goto('/');
    const { nav, button, firstLink, lastLink } = parts(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await lastLink.focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(firstLink).toBeHidden();

    // Opened by a click, it stays open once the pointer has gone, until a click outside.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 700);
    await expect(firstLink).toBeVisible();
    await page.getByRole('banner').click({ position: { x: 4, y: 4 } });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(firstLink).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Escape closes the menu and puts the focus back on the Menu button', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    await menu.click();
    await panel.getByRole('link', { name: 'Blog' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });

  test('while the menu is open Tab and Shift+Tab cycle through the Menu button, the search box and the menu, never the page behind', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    const categories = panel.getByRole('button', { name: /Categories/ });
    const stops = [
      menu,
      page.getByRole('banner').getByRole('combobox', { name: 'Search' }),
      panel.getByRole('link', { name: 'For Both' }),
      panel.getByRole('link', { name: 'For Him' }),
      panel.getByRole('link', { name: 'For Her' }),
      categories,
      panel.getByRole('link', { name: 'Blog' }),
      panel.getByRole('link', { name: 'Wishlist' }),
    ];
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    for (const stop of [...stops.slice(1), menu]) {
      await page.keyboard.press('Tab');
      await expect(stop).toBeFocused();
    }
    for (const stop of [...stops].reverse()) {
      await page.keyboard.press('Shift+Tab');
      await expect(stop).toBeFocused();
    }

    // The opened Categories list joins the cycle between its button and Blog.
    await categories.focus();
    await page.keyboard.press('Enter');
    const list = page.locator(`[id="${await categories.getAttribute('aria-controls')}"]`).getByRole('link');
    await page.keyboard.press('Tab');
    await expect(list.first()).toBeFocused();
    await list.last().focus();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Blog' })).toBeFocused();
  });
});
