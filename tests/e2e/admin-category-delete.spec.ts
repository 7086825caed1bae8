/**
 * Deleting a category that articles are filed under: the delete dialog names the articles, which
 * would be left without a category, as the product delete dialog names the articles embedding it.
 */
import { expect, test } from '@playwright/test';
import { adminToken, signInAsAdmin } from './support/admin-api.ts';

const run = Date.now().toString(36);
const categoryName = `Lamp Lovers ${run}`;
const blogTitle = `Lamps for Every Desk ${run}`;
let token = '';
let categoryId = '';
let blogId = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const category = await request.post('/api/admin/categories', { headers, data: { name: categoryName, type: ['blog'] } });
  expect(category.status(), await category.text()).toBe(201);
  categoryId = String(((await category.json()) as { id: string }).id);
  const blog = await request.post('/api/admin/blogs', { headers, data: { title: blogTitle, content: 'Light for reading.', category_id: categoryId, gender_category: 'for_both' } });
  expect(blog.status(), await blog.text()).toBe(201);
  blogId = String(((await blog.json()) as { id: string }).id);
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${token}` };
  if (blogId) await request.delete('/api/admin/blogs', { headers, data: { id: blogId } });
  if (categoryId) await request.delete('/api/admin/categories', { headers, data: { id: categoryId } });
});

test('the category delete dialog names the articles filed under it; No keeps everything', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Categories' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Categories' });
  await panel.getByRole('button', { name: `Delete ${categoryName}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this category?' });
  await expect(question).toContainText('This article is filed under it and will have no category:');
  await expect(question.getByRole('listitem')).toHaveText([blogTitle]);
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(panel.getByRole('button', { name: `Delete ${categoryName}` })).toBeVisible();
});
