import { expect, test, type Page } from '@playwright/test';

const footerPages = [
  { link: 'Contact', path: '/contact', heading: 'Contact Us' },
  { link: 'FAQ', path: '/faq', heading: 'Frequently Asked Questions' },
  { link: 'Privacy Policy', path: '/privacy', heading: 'Privacy Policy' },
  { link: 'Terms of Service', path: '/terms', heading: 'Terms of Service' },
];

/** Collects the browser's Content-Security-Policy complaints while a page is used. */
function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

for (const { link, path, heading } of footerPages) {
  test(`the footer's ${link} link opens the page titled '${heading}'`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
}

test('the privacy policy tells a shopper what price-drop emails and a shared wishlist keep and show', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText('Price-drop emails are off until you turn them on')).toBeVisible();
  await expect(page.getByText('A wishlist you share shows its title and gifts to anyone with the link, never your name or email address.')).toBeVisible();
  await expect(page.getByText(/^Price-drop emails, if you turn them on\./)).toBeVisible();
  await expect(page.getByText(/^A shared wishlist, if you share one\./)).toBeVisible();
});

test('FAQ answers open from their question', async ({ page }) => {
  await page.goto('/faq');
  const answer = page.getByText('The quiz asks 12 quick questions');
  await expect(answer).toBeHidden();
  await page.getByText('How does the gift quiz work?').click();
  await expect(answer).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wishlists and accounts' })).toBeVisible();
});

test('the contact page gives the address, the reply time and a form with labelled fields', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'hello@giftshop.example' })).toHaveAttribute('href', 'mailto:hello@giftshop.example');
  await expect(page.getByText('within two business days')).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toHaveAttribute('data-netlify', 'true');
  await expect(form).toHaveAttribute('data-netlify-honeypot', 'bot-field');
  await expect(form.getByLabel('Leave this field empty')).toBeHidden();
  await expect(form).toHaveAttribute('name', 'contact');
  for (const label of ['Your name', 'Your email', 'Topic', 'Message']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();

  await form.getByLabel('Your name').fill('Ada');
  await form.getByLabel('Your email').fill('ada@example.com');
  await form.getByLabel('Message', { exact: true }).fill('Do you have gifts for people who love maps?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/thanks\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your message');
});

test('the contact form refuses a name or a message of spaces alone, saying why, and sends nothing', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const name = form.getByLabel('Your name');
  const message = form.getByLabel('Message', { exact: true });
  await name.fill('   ');
  await form.getByLabel('Your email').fill('ada@example.com');
  await message.fill('            ');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/?$/);
  expect(await name.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('Please enter your name, not just spaces.');
  expect(await message.evaluate((input: HTMLTextAreaElement) => input.validationMessage)).toBe('Please write at least 10 characters, not counting spaces.');

  await name.fill('Ada');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/?$/);
  await message.fill('  Maps, please!  ');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/thanks\/?$/);
});

test('/favicon.ico, which feed readers ask for, leads to the site icon', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(new URL(icon.url()).pathname).toBe('/favicon.svg');
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('an unknown path answers 404 with Go Home and Go Back', async ({ page }) => {
  await page.goto('/faq');
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/faq\/?$/);
});

test('an address whose percent-encoding is malformed answers the 404 page, not a server error', async ({ page }) => {
  for (const path of ['/%E0%A4%A', '/products/%E0%A4%A']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  }
});

test('the 404 page is kept out of search engines', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the 404 page offers Go Home and hides the Go Back button that needs a script', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeHidden();
  });
});

test('pages carry the security headers and a Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/faq');
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).toMatch(/connect-src 'self' https?:\/\/\S+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toContain('max-age=63072000');
});

test('bundled assets are cached for a year', async ({ page, request }) => {
  await page.goto('/faq');
  const asset = await page.locator('script[src^="/_astro/"], link[rel="stylesheet"][href^="/_astro/"]').first().evaluate((el) => el.getAttribute('src') ?? el.getAttribute('href'));
  const response = await request.get(asset!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('pages with islands run under the policy without a violation', async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ['/', '/quiz-detail/for_both', '/faq']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('robots.txt points at the sitemap, which lists the information pages but no noindex pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/.+\/sitemap-index\.xml$/);
  const index = await (await request.get(new URL(sitemapUrl!).pathname)).text();
  const firstSitemap = index.match(/<loc>([^<]+)<\/loc>/)?.[1];
  const sitemap = await (await request.get(new URL(firstSitemap!).pathname)).text();
  for (const path of ['/contact/', '/faq/', '/privacy/', '/terms/']) expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toMatch(/\/products\/[0-9a-f-]{36}/);
  expect(sitemap).not.toContain('/wishlist');
  expect(sitemap).not.toContain('/contact/thanks');
  // A blog category's listing once, at its canonical address.
  expect(sitemap).toMatch(/\/blog\/categories\/[0-9a-f-]{36}\/<\/loc>/);
  expect(sitemap).not.toMatch(/\/blog\/categories\/[0-9a-f-]{36}\/for_both\/<\/loc>/);
});

test('no page the sitemap lists is marked noindex', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths.length).toBeGreaterThan(10);
  const noindex: string[] = [];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    if (/<meta name="robots" content="[^"]*noindex/.test(html)) noindex.push(path);
  }
  expect(noindex).toEqual([]);
});
