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
