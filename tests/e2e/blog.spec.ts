import { expect, test, type Page } from '@playwright/test';
import { blogHref } from '../../src/lib/links.ts';
import { serviceClient } from './support/shopper.ts';

const LONG_US_DATE = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

/** The large item of the featured carousel on the blog landing page. */
const carousel = (page: Page) => page.getByRole('group', { name: 'Featured blogs' });

/** Opens the article shown large in the carousel and returns its path. */
async function openFeaturedArticle(page: Page): Promise<string> {
  await page.goto('/blog');
  const title = carousel(page).getByRole('heading', { level: 3 }).getByRole('link');
  const href = await title.getAttribute('href');
  await title.click();
  await expect(page).toHaveURL(href!);
  return href!;
}

test('the blog landing page shows the featured carousel, Top Blogs, Newest Blogs and View All Blogs', async ({ page }) => {
  await page.goto('/blog');
  await expect(page).toHaveTitle(/\| Giftshop Blog$/);
  await expect(carousel(page).getByRole('heading', { level: 3 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'More featured blogs' }).getByRole('link')).not.toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top Blogs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Newest Blogs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Blogs' })).toHaveAttribute('href', '/blogs?gender=for_both&sortBy=newest&page=1');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/blog\/rss\.xml$/);
});

test('the carousel switches on hover and wraps with its arrows', async ({ page }) => {
  await page.goto('/blog');
  const large = () => carousel(page).getByRole('heading', { level: 3 });
  const first = await large().textContent();
  const side = page.getByRole('list', { name: 'More featured blogs' }).getByRole('link');
  const third = side.nth(2);
  await third.hover();
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(third).toContainText((await large().textContent())!);
  await page.mouse.move(0, 0);

  await side.first().hover();
  await expect(large()).toHaveText(first!);
  await carousel(page).hover();
  await carousel(page).getByRole('button', { name: 'Previous featured blog' }).click();
  await expect(large()).not.toHaveText(first!);
  await carousel(page).getByRole('button', { name: 'Next featured blog' }).click();
  await expect(large()).toHaveText(first!);
});

test('the carousel advances every 5 seconds and waits while the pointer is over the large blog', async ({ page }) => {
  await page.clock.install();
  await page.goto('/blog');
  const large = carousel(page).getByRole('heading', { level: 3 });
  const side = page.getByRole('list', { name: 'More featured blogs' }).getByRole('link');
  await expect(side.first()).toHaveAttribute('aria-current', 'true');

  await page.clock.runFor(5_000);
  await expect(side.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(side.nth(1)).toContainText((await large.textContent())!);

  await carousel(page).hover();
  await page.clock.runFor(15_000);
  await expect(side.nth(1)).toHaveAttribute('aria-current', 'true');
});

test('an article shows its date, read time, product embeds, Recommended Blogs and products to explore', async ({ page }) => {
  await openFeaturedArticle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('article time').first()).toHaveText(LONG_US_DATE);
  await expect(page.getByText(/^\d+ min read$/)).toBeVisible();

  const embed = page.getByRole('complementary', { name: /^Featured product: / }).first();
  await expect(embed.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(embed.getByRole('link')).toHaveAttribute('href', /^\/products\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { name: 'Recommended Blogs' })).toBeVisible();
  await expect(page.getByText('Or explore popular products')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Explore / })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
});

test('a blog category listing shows up to 9 cards with Previous, numbered and Next controls', async ({ page }) => {
  await openFeaturedArticle(page);
  await page.locator('article header').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/blog\/categories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();

  const cards = page.getByRole('main').getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(9);

  const pages = page.getByRole('navigation', { name: /blog pages$/ });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('Page 1');
  if (count < 9 || (await pages.getByRole('link', { name: 'Next' }).count()) === 0) {
    // The demo catalogue's categories fit on one page: Next is disabled on the last page.
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    return;
  }
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', /\/blog\/categories\/[0-9a-f-]{36}$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('Page 2');
});

/** Opens the featured article's category listing by its link: the category's name and the listing's address. */
async function openFeaturedArticlesCategory(page: Page): Promise<{ name: string; listing: string }> {
  await openFeaturedArticle(page);
  const category = page.locator('article header').getByRole('link').first();
  const name = (await category.textContent())!.trim();
  await category.click();
  await expect(page).toHaveURL(/\/blog\/categories\/[0-9a-f-]{36}$/);
  return { name, listing: page.url() };
}

test('an older blog category link that carries the category name opens its listing', async ({ page }) => {
  const { name, listing } = await openFeaturedArticlesCategory(page);

  await page.goto(`/blog/categories/${encodeURIComponent(name)}/for_him`);
  await expect(page).toHaveURL(`${listing}/for_him`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.goto(`/blog/categories/${encodeURIComponent(name.toLowerCase())}`);
  await expect(page).toHaveURL(listing);

});

test("an audience a blog listing does not know opens its For Both form", async ({ page }) => {
  const { name, listing } = await openFeaturedArticlesCategory(page);

  await page.goto(`${listing}/for_nobody`);
  await expect(page).toHaveURL(listing);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.goto(`/blog/categories/${encodeURIComponent(name)}/for_nobody`);
  await expect(page).toHaveURL(listing);

  const landing = await page.goto('/blog/for_nobody');
  expect(landing?.status()).toBe(200);
  await expect(page).toHaveURL(/\/blog$/);
});

test('an unknown blog category shows the id its address carries, with status 404', async ({ page }) => {
  const unknown = await page.goto('/blog/categories/00000000-0000-4000-8000-000000000000/for_her');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No blogs available')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.goto('/blog/categories/No%20Such%20Category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Such Category');
});

test('an unknown article answers Blog Not Found with status 404', async ({ page }) => {
  const response = await page.goto('/blog-detail/00000000-0000-4000-8000-000000000000/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, the blog post you're looking for doesn't seem to exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Blogs' })).toHaveAttribute('href', '/blog');
});

test('a wrong slug redirects to the canonical article address', async ({ page }) => {
  const canonical = await openFeaturedArticle(page);
  const id = canonical.split('/')[2];
  await page.goto(`/blog-detail/${id}/not-the-right-slug`);
  await expect(page).toHaveURL(canonical);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("an article's address with its slug's punctuation percent-encoded (as mail and share tools send it) opens the article", async ({ page }) => {
  const { data: blogs } = await serviceClient().from('blogs').select('id, title');
  const blog = blogs!.find(({ id, title }) => /[,$']/.test(blogHref(id, title)));
  expect(blog, 'a demo article whose slug holds a comma, a dollar or an apostrophe').toBeDefined();
  const canonical = blogHref(blog!.id, blog!.title);
  const encoded = canonical.replace(/[,$']/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  expect(encoded).not.toBe(canonical);

  const response = await page.goto(encoded);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog!.title);
});

test('/blog/categories with no category in its place answers 404, headed as its title says', async ({ page }) => {
  const response = await page.goto('/blog/categories');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog category not found');
  await expect(page.getByRole('link', { name: 'Return to Blogs' })).toBeVisible();
});

test('the RSS feed lists the newest articles with absolute links', async ({ request }) => {
  const response = await request.get('/blog/rss.xml');
  expect(response.ok()).toBe(true);
  const feed = await response.text();
  expect(feed).toContain('<rss version="2.0"');
  const links = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(0);
  expect(links.length).toBeLessThanOrEqual(30);
  for (const link of links) {
    expect(link).toMatch(/^https?:\/\/[^/]+\/blog-detail\/[0-9a-f-]{36}\/[^/\s]+$/);
    expect(new URL(link!).href).toBe(link);
  }
});

test('the blog landing page of an audience has sections only for its own categories and those for both', async ({ page }) => {
  const { data: categories } = await serviceClient().from('categories').select('name, gender_category, type, visible');
  const genderOf = new Map(categories!.filter((c) => c.visible && c.type?.includes('blog')).map((c) => [c.name, c.gender_category]));
  const sectionGenders = async (path: string) => {
    await page.goto(path);
    const headings = await page.getByRole('main').locator('section[aria-labelledby^="blog-category-"]').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.length, path).toBeGreaterThan(0);
    return headings.map((name) => genderOf.get(name.trim()));
  };
  for (const gender of await sectionGenders('/blog/for_him')) expect(['for_him', 'for_both']).toContain(gender);
  for (const gender of await sectionGenders('/blog/for_her')) expect(['for_her', 'for_both']).toContain(gender);
  for (const gender of await sectionGenders('/blog')) expect(gender).toBe('for_both');
});

test("the writers block shows each writer's first article beside the list of writers, on home and on the blog", async ({ page }) => {
  for (const path of ['/', '/blog']) {
    await page.goto(path);
    const block = page.getByRole('region', { name: 'Our writers' });
    const writers = await block.getByRole('complementary').getByRole('listitem').count();
    expect(writers, path).toBeGreaterThan(4);
    await expect(block.getByRole('article'), path).toHaveCount(writers);
  }
});

test("a blog category page lists its 9 articles in its structured data, then the next page's first: 10 (spec)", async ({ page }) => {
  const { data: categories, error } = await serviceClient().from('categories').select('id').contains('type', ['blog']).eq('visible', true);
  expect(error).toBeNull();
  const itemList = async () => {
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const list = scripts.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'ItemList');
    return (list.itemListElement as { name: string }[]).map((item) => item.name);
  };
  const titles = () => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  let checked = 0;
  for (const { id } of categories ?? []) {
    await page.goto(`/blog/categories/${id}`);
    const next = page.getByRole('navigation', { name: /blog pages$/ }).getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) continue;
    const listed = await itemList();
    const shown = (await titles()).map((title) => title.trim());
    expect(shown).toHaveLength(9);
    expect(listed).toHaveLength(10);
    expect(listed.slice(0, 9)).toEqual(shown);
    await next.click();
    await expect(page).toHaveURL(/page=2$/);
    expect((await titles())[0]?.trim()).toBe(listed[9]);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});
