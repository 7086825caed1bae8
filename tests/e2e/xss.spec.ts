/**
 * Hostile admin input renders inert on the public pages: a product and a blog article whose every
 * text field, and whose markdown, carry script payloads are saved through the admin functions; after
 * the rebuild, their pages, the search page and the header suggestions show the text as text, no
 * script of theirs runs, and the markdown's dangerous links and attributes are gone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blogHref } from '../../src/lib/links.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/jwt.ts';
import { adminToken, REBUILD_TIMEOUT_MS, rebuiltSince, supabaseUrl } from './support/admin-api.ts';

const supabase = supabaseUrl();

// Each payload, if it ever ran, would set window.__xss or open a dialog.
const TAG = '<img src=x onerror="window.__xss=1;alert(1)">';
const SCRIPT = '<script>window.__xss=1;alert(1)</script>';
const run = Date.now().toString(36);
const WORD = `Quokkaxss${run}`;
const productName = `${WORD} ${TAG}`;
const blogTitle = `${WORD} guide ${SCRIPT}`;
const markdown = [
  `## Heading ${TAG}`,
  '',
  `Plain words ${SCRIPT} and <iframe src="javascript:alert(1)"></iframe>.`,
  '',
  '[a javascript link](javascript:window.__xss=1) and [a data link](data:text/html,<script>alert(1)</script>)',
  '',
  '<a href="javascript:window.__xss=1" onclick="window.__xss=1">raw anchor</a>',
  '',
  '<svg onload="window.__xss=1"><circle r="4"></circle></svg>',
  '',
  '<product-embed productId="x&quot; onmouseover=&quot;window.__xss=1"></product-embed>',
].join('\n');


async function anyCategoryId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${supabase}/rest/v1/categories?select=id&type=cs.{product,blog}&limit=1`, {
    headers: { apikey: LOCAL_ANON_KEY },
  });
  const [row] = (await response.json()) as { id: string }[];
  return row!.id;
}

/** Fails the test if any payload ran on the page: a dialog, or the marker it sets. */
function watchForScripts(page: Page): () => Promise<void> {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  };
}

test.describe.configure({ mode: 'serial', timeout: REBUILD_TIMEOUT_MS + 60_000 });

let token = '';
let productId = '';
let blogId = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const categoryId = await anyCategoryId(request);
  const headers = { authorization: `Bearer ${token}` };
  const since = Date.now();
  const product = await request.post('/api/admin/products', {
    headers,
    data: {
      name: productName,
      description: `Described ${SCRIPT} with ${TAG} inside.`,
      price: 12.5,
      image_url: '/media/gift-box.svg',
      category_ids: [categoryId],
      tagline: `Tagline ${TAG}`,
      variants: [{ name: `Variant ${TAG}` }],
      affiliate_links: [{ platform: 'Amazon', title: `Buy ${TAG}`, url: `https://www.amazon.com/dp/XSS${run}` }],
      seo_title: `${WORD} ${SCRIPT}`,
      seo_description: `SEO ${TAG}`,
      seo_keywords: `${WORD}, <script>`,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  productId = String(((await product.json()) as { id: string }).id);
  const blog = await request.post('/api/admin/blogs', {
    headers,
    data: { title: blogTitle, excerpt: `Excerpt ${TAG}`, content: markdown, category_id: categoryId, gender_category: 'for_both' },
  });
  expect(blog.status(), await blog.text()).toBe(201);
  blogId = String(((await blog.json()) as { id: string }).id);

  // Both saves asked for a rebuild; wait for a successful one that started after them.
  await rebuiltSince(request, since);
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${token}` };
  if (productId) await request.delete('/api/admin/products', { headers, data: { id: productId } });
  if (blogId) await request.delete('/api/admin/blogs', { headers, data: { id: blogId } });
});

test('the product page shows the hostile name and description as text', async ({ page }) => {
  const noScriptRan = watchForScripts(page);
  await expect(async () => {
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(`Described ${SCRIPT} with ${TAG} inside.`).first()).toBeVisible();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await page.mouse.move(10, 10);
  await noScriptRan();
});

test('the article renders its markdown without scripts, event handlers or javascript: links', async ({ page }) => {
  const noScriptRan = watchForScripts(page);
  await page.goto(blogHref(blogId, blogTitle));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blogTitle);
  const body = page.locator('.blog-body');
  await expect(body).toContainText('Plain words');
  expect(await body.locator('script, iframe, svg[onload], [onerror], [onclick], [onmouseover], [onload]').count()).toBe(0);
  const hrefs = await body.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).not.toMatch(/^\s*(javascript|data):/i);
  await body.hover();
  await noScriptRan();
});

test('search results and the header suggestions show the hostile name as text', async ({ page }) => {
  const noScriptRan = watchForScripts(page);
  await page.goto(`/search?q=${WORD}`);
  await expect(page.getByRole('link', { name: productName }).first()).toBeVisible();
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await box.fill(WORD.toLowerCase());
  await expect(page.getByRole('option', { name: new RegExp(WORD) }).first()).toBeVisible();
  await noScriptRan();
});
