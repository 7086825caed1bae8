/**
 * Issue 13: deleting a product that a published article embeds. The delete dialog names the
 * articles; after the rebuild the article leaves the product out quietly, where the editor's
 * preview still says it is not found. A link to the product written into the article's text shows
 * as its words, not as a way to a 404.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { blogHref } from '../../src/lib/links.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/jwt.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/accounts.ts';
import { adminToken, REBUILD_TIMEOUT_MS, rebuiltSince, supabaseUrl } from './support/admin-api.ts';

const supabase = supabaseUrl();
const run = Date.now().toString(36);
const productName = `Embedded Quince ${run}`;
const blogTitle = `Quince Guide ${run}`;


async function anyProductCategoryId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${supabase}/rest/v1/categories?select=id&type=cs.{product}&limit=1`, { headers: { apikey: LOCAL_ANON_KEY } });
  const [row] = (await response.json()) as { id: string }[];
  return row!.id;
}


test.describe.configure({ mode: 'serial', timeout: 2 * REBUILD_TIMEOUT_MS + 60_000 });

let token = '';
let blogId = '';
let productId = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const since = Date.now();
  const product = await request.post('/api/admin/products', {
    headers,
    data: { name: productName, description: 'A fragrant fruit bowl.', price: 19.5, image_url: '/media/gift-box.svg', category_ids: [await anyProductCategoryId(request)] },
  });
  expect(product.status(), await product.text()).toBe(201);
  productId = String(((await product.json()) as { id: string }).id);
  const content = [
    `Our pick: [the quince bowl](/products/${productId}).`, '', `<product-embed productId="${productId}"></product-embed>`, '', 'And more words after it.',
  ].join('\n');
  const blog = await request.post('/api/admin/blogs', { headers, data: { title: blogTitle, content, gender_category: 'for_both' } });
  expect(blog.status(), await blog.text()).toBe(201);
  blogId = String(((await blog.json()) as { id: string }).id);
  await rebuiltSince(request, since);
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${token}` };
  if (blogId) await request.delete('/api/admin/blogs', { headers, data: { id: blogId } });
  if (productId) await request.delete('/api/admin/products', { headers, data: { id: productId } });
});

test('the delete dialog names the article, and the article then leaves the product out quietly', async ({ page, request }) => {
  const article = blogHref(blogId, blogTitle);
  await page.goto(article);
  await expect(page.getByRole('complementary', { name: `Featured product: ${productName}` })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'the quince bowl' })).toHaveAttribute('href', `/products/${productId}`);

  await page.goto('/admin/login');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const products = page.getByRole('tabpanel', { name: 'Products' });
  await products.getByRole('searchbox', { name: 'Search' }).fill(productName);
  const row = products.getByRole('row', { name: new RegExp(productName) });
  await row.getByRole('button', { name: `Delete ${productName}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this product?' });
  await expect(question).toContainText('This article embeds it');
  await expect(question.getByRole('listitem')).toHaveText([blogTitle]);
  const since = Date.now();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible({ timeout: 30_000 });
  const deleted = productId;
  productId = '';
  await rebuiltSince(request, since);

  await page.goto(article);
  await expect(page.getByText('And more words after it.')).toBeVisible();
  await expect(page.getByText(/Product not found/)).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: /Featured product/ })).toHaveCount(0);
  await expect(page.getByText('Our pick: the quince bowl.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'the quince bowl' })).toHaveCount(0);

  // The editor's preview still tells the admin.
  await page.goto(`/admin/blogs/${blogId}`);
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(`Product not found (ID: ${deleted})`)).toBeVisible();
});
