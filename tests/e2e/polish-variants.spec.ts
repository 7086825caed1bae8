/**
 * Issue 13, variants as a shopper met them: the admin gives each colour or style its own picture,
 * but the product page's chips were plain text and a colour the shop does not know showed a grey
 * dot. Now choosing a variant shows its picture in the gallery and names it in the address, a
 * swatch shows the variant's picture when its name is no colour, and on a phone the product cards'
 * swatches can be reached and lead to the product with that variant chosen.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { variantSwatch } from '../../src/features/catalog/cards/swatch.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/jwt.ts';
import { supabaseUrl } from './support/admin-api.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Target {
  id: string;
  name: string;
  price: number;
  /** A variant whose name is no colour, with its own picture. */
  variant: { name: string; picture: string };
}

/** A demo product with a variant whose name is no colour ('Oat') and that has its own picture. */
async function productWithPictureVariant(request: APIRequestContext): Promise<Target> {
  const response = await request.get(`${supabaseUrl()}/rest/v1/products?select=id,name,price,variants&order=name&limit=1000`, { headers: { apikey: LOCAL_ANON_KEY } });
  const rows = (await response.json()) as { id: string; name: string; price: number; variants: { name: string; image_url?: string | null }[] }[];
  for (const row of rows) {
    for (const v of row.variants) {
      const swatch = variantSwatch({ name: v.name, picture: v.image_url ?? null });
      if ('picture' in swatch) return { id: row.id, name: row.name, price: Number(row.price), variant: { name: v.name, picture: swatch.picture } };
    }
  }
  throw new Error('The demo catalogue has no product with a variant named by no colour and with its own picture');
}

/** The gallery's picture on show. */
const shownPicture = (page: Page): Locator => page.getByRole('group', { name: /pictures$/ }).locator('[data-slide]:not([hidden]) img');

test('on the product page, choosing a variant shows its picture, and the address shares it', async ({ page, request }) => {
  const target = await productWithPictureVariant(request);
  await page.goto(`/products/${target.id}`);
  const colors = page.getByRole('region', { name: /^Available in \d+ colors?$/ });
  const chip = colors.getByRole('link', { name: target.variant.name, exact: true });
  // The swatch of a name that is no colour is the variant's own picture, not a grey dot.
  await expect(chip.locator('img')).toHaveAttribute('src', target.variant.picture);
  await expect(shownPicture(page)).toHaveAttribute('alt', target.name);

  await chip.click();
  await expect(chip).toHaveAttribute('aria-current', 'true');
  await expect(shownPicture(page)).toHaveAttribute('src', target.variant.picture);
  await expect(shownPicture(page)).toHaveAttribute('alt', `${target.name} in ${target.variant.name}`);
  await expect(page).toHaveURL(new URL(`/products/${target.id}?variant=${encodeURIComponent(target.variant.name)}`, page.url()).href);

  // The address, shared, opens on the same variant.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByRole('link', { name: target.variant.name, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(shownPicture(shared)).toHaveAttribute('src', target.variant.picture);
  await shared.close();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test("a card's swatches are reached by keyboard and touch, show the variant's picture and open the product with it chosen", async ({ page, request }) => {
    const target = await productWithPictureVariant(request);
    // The product's price narrows /products to a card or two, drawn in the browser as any list's.
    await page.goto(`/products?priceMin=${target.price}&priceMax=${target.price}`);
    const card = page.getByRole('main').getByRole('article').filter({ has: page.getByRole('link', { name: target.name, exact: true }) });
    const swatch = card.getByRole('link', { name: `${target.name} in ${target.variant.name}` });
    await expect(swatch.locator('img')).toHaveAttribute('src', target.variant.picture);
    const box = (await swatch.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

    // By keyboard: the swatches follow the product's name; a focused swatch shows its variant's picture.
    const picture = card.locator('img[data-main]');
    const first = card.getByRole('link', { name: new RegExp(`^${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in `) }).first();
    await card.getByRole('link', { name: target.name, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await swatch.focus();
    await expect(picture).toHaveAttribute('src', target.variant.picture);

    // By touch: the product opens with that variant chosen and on show.
    await swatch.tap();
    await expect(page).toHaveURL(new RegExp(`/products/${target.id}\\?variant=${encodeURIComponent(target.variant.name)}$`));
    await expect(page.getByRole('link', { name: target.variant.name, exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(shownPicture(page)).toHaveAttribute('src', target.variant.picture);
  });
});
