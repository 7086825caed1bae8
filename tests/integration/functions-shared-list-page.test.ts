/**
 * GET /wishlist/shared/?list=<token> (functions/shared-list-page.ts): the built page with the
 * list's title in its head, for link previews that run no script. Against the demo shop's
 * stand-in, with the built page served by a site of the test's own (its head as SeoHead.astro
 * writes it, and a Content-Security-Policy as the CDN adds it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { shareWishlist, stopSharingWishlist } from '../../src/features/wishlist/queries.ts';
import { openDemoShop, type DemoShop, type SignedIn } from '../support/demo-stand-in.ts';

type Handler = (request: Request) => Promise<Response>;

const GENERIC = 'Gift ideas someone picked on Giftshop and shared with you: see each gift and where to buy it.';
const BUILT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Shared gift list | Giftshop</title>
<meta name="description" content="${GENERIC}">
<meta name="robots" content="noindex,follow">
<meta property="og:title" content="Shared gift list | Giftshop">
<meta property="og:description" content="${GENERIC}">
<meta name="twitter:title" content="Shared gift list | Giftshop">
<meta name="twitter:description" content="${GENERIC}">
</head><body><main id="list"></main></body></html>`;
const CSP = "default-src 'self'; script-src 'self' 'sha256-abc='";

let shop: DemoShop;
let owner: SignedIn;
let site: Server;
let siteUrl: string;
let pageRequests: string[] = [];
let pageStatus = 200;

beforeAll(async () => {
  shop = await openDemoShop();
  owner = await shop.newUser();
  const products = (await shop.sql<{ id: string }>('select id from public.products order by id limit 2')).map((r) => r.id);
  for (const product of products) expect((await owner.client.rpc('like_product', { product })).error).toBeNull();
  site = createServer((req, res) => {
    pageRequests.push(req.url ?? '');
    if (req.url !== '/wishlist/shared/index.html' || pageStatus !== 200) return void res.writeHead(pageStatus === 200 ? 404 : pageStatus).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'x-frame-options': 'DENY', etag: '"built"' });
    res.end(BUILT_PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await shop?.close();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  pageRequests = [];
  pageStatus = 200;
  await shop.standIn.resume().catch(() => undefined);
  await stopSharingWishlist(owner.client);
});

/** The function as a fresh instance runs it, against the stand-in. */
async function sharedListPage(): Promise<Handler> {
  vi.resetModules();
  vi.stubEnv('SUPABASE_URL', shop.standIn.url);
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', shop.standIn.serviceKey);
  vi.stubEnv('PUBLIC_SUPABASE_ANON_KEY', shop.standIn.anonKey);
  for (const level of ['warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
  return (await import('../../functions/shared-list-page.ts')).default as Handler;
}

const open = async (search: string) => {
  const started = performance.now();
  const response = await (await sharedListPage())(new Request(`${siteUrl}/wishlist/shared/${search}`));
  return { response, html: await response.text(), ms: performance.now() - started };
};
const meta = (html: string, key: string) => html.match(new RegExp(`<meta ${key} content="([^"]*)"`))?.[1];

test('a shared list\'s page names the list in its title and preview tags, with the page\'s own headers', async () => {
  const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
  const { response, html } = await open(`?list=${token}`);
  expect(response.status).toBe(200);
  expect(html).toContain('<title>Gifts for Sam | Giftshop</title>');
  expect(meta(html, 'property="og:title"')).toBe('Gifts for Sam | Giftshop');
  expect(meta(html, 'name="twitter:title"')).toBe('Gifts for Sam | Giftshop');
  expect(meta(html, 'property="og:description"')).toBe('2 gift ideas picked on Giftshop and shared with you: see each gift and where to buy it.');
  expect(html).toContain('<body><main id="list"></main></body>');
  expect(html).not.toContain(owner.email);
  expect(response.headers.get('content-security-policy')).toBe(CSP);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('etag')).toBeNull();
  expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60');
  expect(response.headers.get('netlify-vary')).toBe('query=list');
});

test('a renamed list\'s page has the new title; once it is no longer shared, the page is as built', async () => {
  const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
  await shareWishlist(owner.client, 'Birthday ideas');
  expect(meta((await open(`?list=${token}`)).html, 'property="og:title"')).toBe('Birthday ideas | Giftshop');
  await stopSharingWishlist(owner.client);
  expect((await open(`?list=${token}`)).html).toBe(BUILT_PAGE);
});

test('a link without a list, or a malformed one, gets the page as built', async () => {
  for (const search of ['', '?list=abc123', `?list=${'x'.repeat(43)}`]) {
    const { response, html } = await open(search);
    expect([response.status, html], search).toEqual([200, BUILT_PAGE]);
  }
});

test('when the database does not answer, the page is served as built within 2 s and the CDN does not keep it', async () => {
  const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
  await shop.standIn.suspend();
  const { response, html, ms } = await open(`?list=${token}`);
  expect([response.status, html]).toEqual([200, BUILT_PAGE]);
  expect(ms).toBeLessThan(2_000);
  expect(response.headers.get('netlify-cdn-cache-control')).toBe('no-store');
});

test('when the site does not serve the built page, the visitor is sent to its file\'s address with the same list', async () => {
  pageStatus = 503;
  const { response } = await open('?list=abc');
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/wishlist/shared/index.html?list=abc');
  expect(pageRequests).toEqual(['/wishlist/shared/index.html']);
});
