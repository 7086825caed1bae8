/**
 * Price intelligence on the demo (issue 11): a product page's 'Price history' (the chart's
 * accessible name, the table, the lowest and highest price, the badges), the 'Price drops' filter
 * on /products, and a product without history. The demo seed cuts the latest prices of about one
 * product in five by 15% and leaves about one in twenty-five without history (supabase/seed/write.ts).
 */
import { expect, test, type Page } from '@playwright/test';

const SHOTS = process.env.PRICE_SHOTS_DIR;
const productCards = (page: Page) => page.getByRole('main').getByRole('article');
const filterPanel = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const DROP = /^Price dropped \d+%$/;
const MONEY = /^\$\d[\d,]*\.\d{2}$/;

async function cardsLoaded(page: Page) {
  await expect(page.getByText(/^Showing \d+–\d+ of \d+ products?$/)).toBeVisible();
}

/** The newest product with a drop badge on /products: its card, name and badge. */
async function newestDroppedProduct(page: Page) {
  await page.goto('/products?priceDrops=true&sortBy=newest');
  await cardsLoaded(page);
  const card = productCards(page).first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  const badge = (await card.getByText(DROP).textContent())!.trim();
  return { card, name, badge };
}

test("'Price drops' lists only products with a drop badge, as a filter in the address; Back returns", async ({ page }) => {
  await page.goto('/products');
  await cardsLoaded(page);
  const choice = filterPanel(page).getByRole('link', { name: 'Price drops' });
  await expect(choice).toHaveAttribute('href', '/products?priceDrops=true');
  await choice.click();
  await expect(page).toHaveURL(/\/products\?priceDrops=true$/);
  await cardsLoaded(page);
  await expect(choice).toHaveAttribute('aria-current', 'true');
  const cards = productCards(page);
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card.getByText(DROP)).toBeVisible();
  if (SHOTS) await cards.first().screenshot({ path: `${SHOTS}/card-with-badge.png` });

  // With another filter and the next page.
  await page.goto('/products?priceDrops=true&sortBy=lowToHigh&page=2');
  await cardsLoaded(page);
  for (const card of await productCards(page).all()) await expect(card.getByText(DROP)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?priceDrops=true$/);
});

test('a product with a price drop found by search shows its badge on the search result card too', async ({ page }) => {
  const { name, badge } = await newestDroppedProduct(page);
  await page.goto(`/search?q=${encodeURIComponent(name)}&tab=products`);
  const found = productCards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  await expect(found.getByText(badge, { exact: true })).toBeVisible();
});

test('a product with a price drop shows its price history: chart, table, lowest and highest, and the badge', async ({ page }) => {
  const { card, name, badge } = await newestDroppedProduct(page);
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);

  await expect(page.locator('main [data-price-badges]:not(article *)').getByText(badge, { exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: 'Price history' });
  await expect(section.getByRole('img', { name: `Price history of ${name} over the last 90 days, by retailer` })).toBeVisible();
  const table = section.getByRole('table', { name: `Price history of ${name} over the last 90 days, by retailer` });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Retailer', 'Price']);
  expect(await table.getByRole('row').count()).toBeGreaterThan(10);
  const lowest = (await section.locator('[data-price-lowest]').textContent())!;
  const highest = (await section.locator('[data-price-highest]').textContent())!;
  expect(lowest).toMatch(MONEY);
  expect(highest).toMatch(MONEY);
  const amount = (text: string) => Number(text.replace(/[$,]/g, ''));
  expect(amount(lowest)).toBeLessThan(amount(highest));
  // The table's prices span exactly the lowest and the highest.
  const cells = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map(amount);
  expect(Math.min(...cells)).toBe(amount(lowest));
  expect(Math.max(...cells)).toBe(amount(highest));

  if (SHOTS) {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/product-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/product-phone.png`, fullPage: true });
  }
});

test("the chart's labels are the page's small text on a phone and on a wide screen alike, and beside what they name", async ({ page }) => {
  const { card } = await newestDroppedProduct(page);
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const figure = page.getByRole('region', { name: 'Price history' }).locator('figure');
  const chart = figure.getByRole('img');
  const lowest = (await page.getByRole('region', { name: 'Price history' }).locator('[data-price-lowest]').textContent())!;

  const measured = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const [today, low, plot] = await Promise.all([figure.getByText('Today', { exact: true }).boundingBox(), figure.getByText(lowest, { exact: true }).filter({ visible: true }).boundingBox(), chart.boundingBox()]);
    // The lowest price's label sits left of the chart, level with its bottom gridline (near the chart's bottom).
    expect(low!.x + low!.width).toBeLessThanOrEqual(plot!.x);
    expect(Math.abs(low!.y + low!.height / 2 - (plot!.y + plot!.height * 0.95))).toBeLessThan(3);
    measured.push({ today: today!.height, low: low!.height });
  }
  // SVG text would grow and shrink with the chart (11 px high on the phone, 24 px on the wide screen).
  expect(measured).toEqual([
    { today: 16, low: 16 },
    { today: 16, low: 16 },
  ]);
});

test("a product without price history says 'No price history yet' and lists its retailers without a price", async ({ page, request }) => {
  const supabase = process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';
  const key = process.env.E2E_SERVICE_KEY ?? '';
  const headers = { apikey: key, authorization: `Bearer ${key}` };
  const tracked = new Set(((await (await request.get(`${supabase}/rest/v1/price_history_90_days?select=product_id`, { headers })).json()) as { product_id: string }[]).map((r) => r.product_id));
  const products = (await (await request.get(`${supabase}/rest/v1/products?select=id,name&order=name`, { headers })).json()) as { id: string; name: string }[];
  const untracked = products.find((p) => !tracked.has(p.id));
  expect(untracked, 'the demo has products without price history').toBeDefined();

  await page.goto(`/products/${untracked!.id}`);
  const section = page.getByRole('region', { name: 'Price history' });
  await expect(section.getByText('No price history yet')).toBeVisible();
  await expect(section.getByRole('img')).toHaveCount(0);
  const retailers = page.getByRole('region', { name: 'Available at' }).getByRole('link');
  expect(await retailers.count()).toBeGreaterThan(0);
  for (const retailer of await retailers.all()) await expect(retailer).toHaveAccessibleName(/^[^$]+ \(opens in a new tab\)$/);
  // Its own badges (related products' cards may carry theirs).
  await expect(page.locator('main [data-price-badges]:not(article *)')).toHaveCount(0);
});
