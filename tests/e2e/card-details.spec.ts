/**
 * A product card's Details popup by pointer (spec: 256 px wide, at most 200 px high, close delay
 * 150 ms): the delay lets the pointer cross the gap between the Details button and the popup. The
 * page's clock is paused while the pointer moves, so the test does not depend on how fast the
 * browser answers.
 */
import { expect, test } from '@playwright/test';

test('the pointer can cross from Details to its popup, which goes 150 ms after the pointer has left it', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.waitForFunction(() => customElements.get('product-media') !== undefined);
  const details = page.getByRole('region', { name: 'Picks from our Curated List' }).getByRole('button', { name: 'Details' }).nth(1);
  await details.scrollIntoViewIfNeeded();
  const popup = page.locator(`[id="${await details.getAttribute('aria-describedby')}"]`);

  await details.hover();
  await expect(popup).toBeVisible();
  const button = (await details.boundingBox())!;
  const shown = (await popup.boundingBox())!;
  expect(shown.width).toBe(256);
  expect(shown.y + shown.height).toBeLessThan(button.y - 4);
  await page.clock.pauseAt(new Date(await page.evaluate(() => Date.now()) + 1000));

  // Up into the gap above the button, where the pointer is over neither, then into the popup.
  const x = button.x + button.width - 8;
  await page.mouse.move(x, (button.y + shown.y + shown.height) / 2);
  await page.clock.runFor(100);
  await expect(popup).toBeVisible();
  await page.mouse.move(x, shown.y + shown.height / 2);
  await page.clock.runFor(1000);
  await expect(popup).toBeVisible();

  await page.mouse.move(5, 5);
  await page.clock.runFor(100);
  await expect(popup).toBeVisible();
  await page.clock.runFor(60);
  await expect(popup).toBeHidden();
});
