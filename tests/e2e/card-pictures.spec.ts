/**
 * A product card's pictures on hover (spec: the second picture at once, then a new one every 2 s
 * after 700 ms; hovering a dot picks its picture and stops the cycle; leaving goes back to the
 * first). The dots are made while the page is idle after load, or at once for a card the pointer
 * comes to before that (issue 14: making all of them at load was one long task on the home page).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

/** The first card of the home page's curated grid with three pictures or more. */
async function cardWithPictures(page: Page): Promise<Locator> {
  const cards = page.getByRole('region', { name: 'Picks from our Curated List' }).locator('article');
  const index = await cards.evaluateAll((articles) => articles.findIndex((card) => {
    const media = card.querySelector<HTMLElement>('product-media');
    return JSON.parse(media?.dataset.pictures ?? '[]').length >= 2;
  }));
  expect(index).toBeGreaterThanOrEqual(0);
  return cards.nth(index);
}

/** The card's pictures, its first shown first. */
async function picturesOf(card: Locator): Promise<[string, string, string, ...string[]]> {
  const pictures = await card.locator('product-media').evaluate((media: HTMLElement) => [
    media.querySelector('img[data-main]')!.getAttribute('src')!,
    ...JSON.parse(media.dataset.pictures ?? '[]') as string[],
  ]);
  expect(pictures.length).toBeGreaterThanOrEqual(3);
  return pictures as [string, string, string, ...string[]];
}

test('hovering a card shows its second picture, then cycles; a dot picks its picture and stops the cycle; leaving goes back to the first', async ({ page }) => {
  await page.goto('/');
  const card = await cardWithPictures(page);
  const pictures = await picturesOf(card);
  const picture = card.locator('img[data-main]');
  // Made while the page was idle, before the pointer came near a card; not shown until it does.
  const dots = card.locator('[data-dot]');
  await expect(dots).toHaveCount(pictures.length);
  await expect(dots.first()).toBeHidden();

  await card.hover();
  await expect(picture).toHaveAttribute('src', pictures[1]);
  await expect(picture).toHaveAttribute('src', pictures[2], { timeout: 4_000 });

  await card.getByRole('button', { name: `Show picture 1 of ${pictures.length}` }).hover();
  await expect(picture).toHaveAttribute('src', pictures[0]);
  await page.waitForTimeout(3_000);
  await expect(picture).toHaveAttribute('src', pictures[0]);

  await card.getByRole('button', { name: `Show picture 2 of ${pictures.length}` }).hover();
  await expect(picture).toHaveAttribute('src', pictures[1]);
  await page.mouse.move(0, 0);
  await expect(picture).toHaveAttribute('src', pictures[0]);
});

test('a card hovered before the page has been idle gets its dots at once, and they pick pictures', async ({ page }) => {
  // A page that is never idle: no card gets its dots but the one the pointer comes to.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto('/');
  await page.waitForFunction(() => customElements.get('product-media') !== undefined);
  const card = await cardWithPictures(page);
  const pictures = await picturesOf(card);
  await expect(page.locator('[data-dots]')).toHaveCount(0);

  await card.hover();
  const dots = card.getByRole('button', { name: /^Show picture \d+ of \d+$/ });
  await expect(dots).toHaveCount(pictures.length);
  await expect(page.locator('[data-dots]')).toHaveCount(1);
  await dots.last().hover();
  await expect(card.locator('img[data-main]')).toHaveAttribute('src', pictures[pictures.length - 1]!);
});
