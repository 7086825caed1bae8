/**
 * On a 390 px phone no page family is wider than the screen: a page that scrolls sideways is
 * zoomed out by the phone's browser and pushes the header's menu and account control out of view
 * (a product page's screen-reader table of its price history once did).
 */
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('home, a product with price history, a category, an article and /products fit a 390 px phone', async ({ page, request }) => {
  const home = await (await request.get('/')).text();
  const blog = await (await request.get('/blog')).text();
  const pages = [
    '/',
    '/products',
    home.match(/href="(\/category\/[0-9a-f-]{36}\/[^"]+)"/)![1]!,
    blog.match(/href="(\/blog-detail\/[^"]+)"/)![1]!,
    // Products of the home page; nearly every demo product has a price history.
    ...[...home.matchAll(/href="(\/products\/[0-9a-f-]{36})"/g)].slice(0, 3).map((m) => m[1]!),
  ];
  for (const path of pages) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: 390 });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
  }
});

test("a card's Details popup at the left of a carousel or a grid shows whole, 256 px wide, over the next card", async ({ page }) => {
  // The scroller that would cut the popup off: the carousel's track on home, the screen on /products.
  for (const [path, carousel] of [['/', 'Most popular products'], ['/products', null]] as const) {
    await page.goto(path);
    const scope = carousel ? page.getByRole('group', { name: carousel }) : page.getByRole('main');
    const details = scope.getByRole('button', { name: 'Details' }).first();
    await details.scrollIntoViewIfNeeded();
    await details.focus();
    const popupId = (await details.getAttribute('aria-describedby'))!;
    const popup = page.locator(`[id="${popupId}"]`);
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    const clip = carousel ? (await scope.boundingBox())! : { x: 0, width: 390 };
    expect({ path, width: Math.round(box.width) }).toEqual({ path, width: 256 });
    expect(box.x, path).toBeGreaterThanOrEqual(clip.x);
    expect(box.x + box.width, path).toBeLessThanOrEqual(clip.x + clip.width);
    // Nothing of the neighbouring card paints over its right end.
    const onTop = await page.evaluate(({ x, y, id }) => document.elementFromPoint(x, y)?.closest(`[id="${id}"]`) != null,
      { x: box.x + box.width - 12, y: box.y + box.height / 2, id: popupId });
    expect(onTop, path).toBe(true);
  }
});
