/**
 * Issue 13, the product form as an admin met it on a desktop: a retailer link with a bad URL was
 * taken into the list and the error at Save did not say which link; renaming a product kept its
 * old SEO title without a word. Now a bad link is refused where it is typed, a problem found at
 * Save or by the server shows under its own link and names it, and a rename says what became of
 * the SEO title, offering the new name where the admin's title still has the old one.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../supabase/local/jwt.ts';
import { adminToken, signInAsAdmin, supabaseUrl } from './support/admin-api.ts';
import { WRITE_TIMEOUT_MS } from './support/timeouts.ts';

const run = Date.now().toString(36);
const BAD_URL = (platform: string) => `URL for the ${platform} link must be a web address starting with https:// or http://`;
// A write may wait behind a running rebuild's reads of the same database.

let token = '';
const created: { products: string[]; platforms: string[] } = { products: [], platforms: [] };
const auth = () => ({ authorization: `Bearer ${token}` });

async function anyProductCategoryId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${supabaseUrl()}/rest/v1/categories?select=id&type=cs.{product}&limit=1`, { headers: { apikey: LOCAL_ANON_KEY } });
  const [row] = (await response.json()) as { id: string }[];
  return row!.id;
}

async function createProduct(request: APIRequestContext, fields: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/admin/products', {
    headers: auth(),
    data: { description: 'A gift for the journey.', price: 25, image_url: '/media/gift-box.svg', category_ids: [await anyProductCategoryId(request)], ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = String(((await response.json()) as { id: string }).id);
  created.products.push(id);
  return id;
}

async function createPlatform(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/admin/platforms', { headers: auth(), data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  const id = String(((await response.json()) as { id: string }).id);
  created.platforms.push(id);
  return id;
}

/** Opens the Edit Product dialog of the product named `name` from the Products tab. */
async function editProduct(page: Page, name: string) {
  const products = page.getByRole('tabpanel', { name: 'Products' });
  await products.getByRole('searchbox', { name: 'Search' }).fill(name);
  await products.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Edit ${name}` }).click({ timeout: WRITE_TIMEOUT_MS });
  return page.getByRole('dialog', { name: 'Edit Product' });
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
});

test.afterAll(async ({ request }) => {
  for (const id of created.products) await request.delete('/api/admin/products', { headers: auth(), data: { id } });
  for (const id of created.platforms) await request.delete('/api/admin/platforms', { headers: auth(), data: { id } });
});

test('a retailer link with a bad URL is refused where it is typed, and every problem names its link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Link Checked Lantern ${run}`;
  await createProduct(request, { name, affiliate_links: [{ platform: 'Etsy', title: 'Buy on Etsy', url: `https://www.etsy.com/listing/${run}` }] });
  await signInAsAdmin(page);
  const dialog = await editProduct(page, name);
  const links = dialog.getByRole('region', { name: 'Affiliate links' });
  const listed = links.getByRole('listitem');
  await expect(listed).toHaveCount(1);

  // Adding: the bad link stays out of the list, its URL field marked and focused.
  await links.getByLabel('Platform').selectOption('Amazon');
  const newUrl = links.getByLabel('Link URL');
  await newUrl.fill('www.amazon.com/dp/B0LANTERN');
  await links.getByRole('button', { name: 'Add Link' }).click();
  await expect(newUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(newUrl).toBeFocused();
  await expect(links.getByText(BAD_URL('Amazon'))).toBeVisible();
  await expect(listed).toHaveCount(1);
  await newUrl.fill('https://www.amazon.com/dp/B0LANTERN');
  await expect(links.getByText(BAD_URL('Amazon'))).toHaveCount(0);
  await links.getByRole('button', { name: 'Add Link' }).click();
  await expect(listed).toHaveCount(2);

  // Editing a listed link's URL: leaving the field says what is wrong, under that link.
  const etsyUrl = links.getByLabel('URL of the Etsy link');
  await etsyUrl.fill(`etsy.com/listing/${run}`);
  await etsyUrl.press('Tab');
  await expect(etsyUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(listed.nth(0)).toContainText(BAD_URL('Etsy'));

  // Save sends nothing while a link is wrong, and takes the admin to it.
  let sent = 0;
  await page.route('**/api/admin/products', async (route) => {
    sent += 1;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(etsyUrl).toBeFocused();
  await expect(listed.nth(0)).toContainText(BAD_URL('Etsy'));
  expect(sent).toBe(0);
  await etsyUrl.fill(`https://www.etsy.com/listing/${run}`);
  await expect(listed.nth(0)).not.toContainText(BAD_URL('Etsy'));

  // The server still refuses a link whose platform was deleted meanwhile: the error names that link.
  const gone = `Gone Mart ${run}`;
  const goneId = await createPlatform(request, gone);
  await page.reload();
  const again = await editProduct(page, name);
  const linksAgain = again.getByRole('region', { name: 'Affiliate links' });
  await linksAgain.getByLabel('Platform').selectOption(gone);
  await linksAgain.getByLabel('Link URL').fill('https://gone.example.com/lantern');
  await linksAgain.getByRole('button', { name: 'Add Link' }).click();
  await expect(linksAgain.getByRole('listitem')).toHaveCount(2);
  const deleted = await request.delete('/api/admin/platforms', { headers: auth(), data: { id: goneId } });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await again.getByRole('button', { name: 'Save' }).click();
  const refusal = `Platform for the ${gone} link is not in the platform list: add it under Platforms or choose another`;
  await expect(page.getByText(`Failed to update product: ${refusal}`)).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  const goneLink = linksAgain.getByRole('listitem').nth(1);
  await expect(goneLink).toContainText(refusal);
  await expect(goneLink).toBeFocused();
});

test('a link typed in the add row and never added is named at Save, not dropped', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Pending Link Lantern ${run}`;
  const id = await createProduct(request, { name, affiliate_links: [{ platform: 'Etsy', title: 'Buy on Etsy', url: `https://www.etsy.com/listing/${run}` }] });
  await signInAsAdmin(page);
  const dialog = await editProduct(page, name);
  const links = dialog.getByRole('region', { name: 'Affiliate links' });
  await links.getByLabel('Platform').selectOption('Amazon');
  const newUrl = links.getByLabel('Link URL');
  await newUrl.fill('www.amazon.com/dp/B0PENDING');

  // Save without Add Link: nothing is sent, and the row is named and focused.
  let sent = 0;
  await page.route('**/api/admin/products', async (route) => {
    sent += 1;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(links.getByText('Press Add Link to add the Amazon link, or clear its URL, before saving')).toBeVisible();
  await expect(newUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(newUrl).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(sent).toBe(0);

  // Added once its URL is right, it is saved with the link that was there.
  await newUrl.fill('https://www.amazon.com/dp/B0PENDING');
  await expect(links.getByText('Press Add Link to add the Amazon link, or clear its URL, before saving')).toHaveCount(0);
  await links.getByRole('button', { name: 'Add Link' }).click();
  await expect(links.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  const saved = await request.get(`${supabaseUrl()}/rest/v1/products?select=affiliate_links&id=eq.${id}`, { headers: { apikey: LOCAL_ANON_KEY } });
  const [row] = (await saved.json()) as { affiliate_links: { platform: string; url: string }[] }[];
  expect(row!.affiliate_links.map((link) => [link.platform, link.url])).toEqual([
    ['Etsy', `https://www.etsy.com/listing/${run}`],
    ['Amazon', 'https://www.amazon.com/dp/B0PENDING'],
  ]);
});

test('renaming a product says what became of its SEO title and offers the new name', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Renamed Kettle ${run}`;
  const newName = `Whistling Kettle ${run}`;
  await createProduct(request, { name, seo_title: `${name} | Kitchen Gifts` });
  await signInAsAdmin(page);
  const dialog = await editProduct(page, name);
  const seoTitle = dialog.getByLabel('SEO Title');
  await dialog.getByLabel('Name', { exact: true }).fill(newName);
  // A title the admin wrote is kept, and the new name offered.
  await expect(seoTitle).toHaveValue(`${name} | Kitchen Gifts`);
  await expect(dialog.getByRole('status')).toContainText(`The SEO title still has the old name. Use “${newName} | Kitchen Gifts”?`);
  await dialog.getByRole('button', { name: 'Update SEO title' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`SEO title updated to “${newName} | Kitchen Gifts”. You can change it under Search engines.`);
  await expect(seoTitle).toHaveValue(`${newName} | Kitchen Gifts`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible({ timeout: WRITE_TIMEOUT_MS });
  const saved = await request.get(`${supabaseUrl()}/rest/v1/products?select=name,seo_title&name=eq.${encodeURIComponent(newName)}`, { headers: { apikey: LOCAL_ANON_KEY } });
  expect(await saved.json()).toEqual([{ name: newName, seo_title: `${newName} | Kitchen Gifts` }]);

  // A title that is just the name follows a rename, and the admin is told.
  const plain = `Plain Teapot ${run}`;
  await createProduct(request, { name: plain, seo_title: plain });
  const teapot = await editProduct(page, plain);
  await teapot.getByLabel('Name', { exact: true }).fill(`Glass Teapot ${run}`);
  await expect(teapot.getByLabel('SEO Title')).toHaveValue(`Glass Teapot ${run}`);
  await expect(teapot.getByRole('status')).toHaveText(`SEO title updated to “Glass Teapot ${run}”. You can change it under Search engines.`);
});

test("a Save the form refuses keeps the dialog's title and buttons in place and shows the problem", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Categories' }).click();
  await page.getByRole('tabpanel', { name: 'Categories' }).getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Unsaved ${run}`);
  await dialog.getByRole('checkbox', { name: 'Product' }).check();
  await dialog.getByRole('button', { name: 'Add Subcategory' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog.getByText('Subcategory name is required')).toBeVisible();
  await expect(dialog.getByLabel('Subcategory name 1')).toBeFocused();
  // Only the form's own area scrolls: the dialog itself stays where it was.
  expect(await dialog.evaluate((element) => element.scrollTop)).toBe(0);
  await expect(dialog.getByRole('heading', { name: 'Add Category' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
});

/** A picture field's own row in `dialog`: the innermost flex box holding it, beside which its preview stands. */
const pictureRow = (page: Page, dialog: Locator, label: string) =>
  dialog.locator('div.flex').filter({ has: page.getByRole('textbox', { name: label, exact: true }) }).last();

test("a picture address that loads nothing says 'Not found' beside it, in the category form and the product form", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Categories' }).click();
  await page.getByRole('tabpanel', { name: 'Categories' }).getByRole('button', { name: 'Add Category' }).click();
  const category = page.getByRole('dialog', { name: 'Add Category' });
  for (const label of ['Image URL', 'Banner URL', 'Small banner URL']) {
    const field = category.getByRole('textbox', { name: label, exact: true });
    const row = pictureRow(page, category, label);
    await expect(row.getByText('No image', { exact: true })).toBeVisible();
    await field.fill(`/media/demo/no-such-picture-${run}.svg`);
    await expect(row.getByText('Not found', { exact: true })).toBeVisible();
    // A picture that exists is shown instead.
    await field.fill('/media/gift-box.svg');
    await expect(row.getByText('Not found', { exact: true })).toHaveCount(0);
    await expect(row.locator('img')).toHaveJSProperty('complete', true);
    expect(await row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await category.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  const product = page.getByRole('dialog', { name: 'Add Product' });
  await product.getByRole('textbox', { name: 'Image URL', exact: true }).fill(`https://localhost:1/no-such-picture-${run}.png`);
  await expect(pictureRow(page, product, 'Image URL').getByText('Not found', { exact: true })).toBeVisible();
});
