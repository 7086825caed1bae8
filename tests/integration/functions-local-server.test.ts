/**
 * The functions as the local shop serves them (scripts/lib/site-server.ts, what `npm start` and the
 * browser tests run): like Netlify's edge, the server tells the functions the address the
 * connection came from, overwriting whatever the client sent as x-nf-client-connection-ip or
 * X-Forwarded-For, and marks the environment as local development the way `netlify dev` does
 * (NETLIFY_DEV=true) — so this machine's own clicks are not limited here, and nothing a client
 * sends can make it look like this machine, or like anyone else. /health is served too. An idle
 * connection stays open past Node's default, as the edge keeps it, so a client reusing it
 * (Playwright's request context between a test's steps) is not reset.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startSiteServer, type SiteServer } from '../../scripts/lib/site-server.ts';
import { CLICKS_PER_CLIENT } from '../../functions/_shared/click-guard.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

const SHOPPER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let shop: DemoShop;
let site: SiteServer;
let work: string;
let items: { type: string; id: string }[];
let netlifyDevBefore: string | undefined;

beforeAll(async () => {
  shop = await openDemoShop();
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  items = await shop.sql<{ type: string; id: string }>(
    `select 'product' as type, id from public.products union all select 'category', id from public.categories order by 1, 2`,
  );
  work = await mkdtemp(join(tmpdir(), 'giftshop-local-server-'));
  const publishDir = join(work, 'site');
  await mkdir(publishDir);
  await writeFile(join(publishDir, 'index.html'), '<!doctype html><title>Shop</title>');
  netlifyDevBefore = process.env.NETLIFY_DEV;
  site = await startSiteServer({ port: 0, publishDir });
});

afterAll(async () => {
  await site?.close();
  await shop?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

beforeEach(async () => {
  await shop.sql('truncate public.click_events, public.clicks_daily, public.click_admissions');
});

const click = (item: { type: string; id: string }, headers: Record<string, string> = {}) =>
  fetch(`${site.url}/api/track-click`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': SHOPPER, ...headers },
    body: JSON.stringify(item),
  });

const recorded = async (responses: Response[]) =>
  (await Promise.all(responses.map(async (r) => r.status === 202 && ((await r.json()) as { recorded?: boolean }).recorded === true)))
    .filter(Boolean).length;

test('the server marks the functions\' environment as local development, as netlify dev does', () => {
  expect(process.env.NETLIFY_DEV).toBe('true');
  expect(netlifyDevBefore).not.toBe('true');
});

test('this machine\'s clicks are not limited, whatever address they claim to come from', async () => {
  const spoofed = await Promise.all(items.slice(0, CLICKS_PER_CLIENT + 10).map((item, n) =>
    click(item, { 'x-nf-client-connection-ip': '203.0.113.50', 'x-forwarded-for': `198.51.100.${n}` })));
  expect(await recorded(spoofed)).toBe(CLICKS_PER_CLIENT + 10);
  // Nothing was counted against the address claimed: it was never the client.
  expect((await shop.sql<{ n: number }>('select count(*)::int as n from public.click_admissions'))[0]!.n).toBe(0);
});

test('GET /health reaches the health function', async () => {
  const response = await fetch(`${site.url}/health`);
  expect([response.status, await response.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
});

// Node closes an idle connection after 6 s by default (its 5 s keep-alive timeout and 1 s of grace).
test('an idle connection is still open for the next request after 6.5 s', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const reused = () => new Promise<boolean>((resolve, reject) => {
    const request = get(`${site.url}/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(request.reusedSocket));
    }).on('error', reject);
  });
  try {
    expect(await reused()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await reused()).toBe(true);
  } finally {
    agent.destroy();
  }
}, 15_000);
