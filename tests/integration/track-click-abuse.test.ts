/**
 * POST /api/track-click against the demo shop's stand-in, as Netlify calls it: bots and repeated
 * clicks are not counted, a client past its allowance is told to slow down (429 with
 * Retry-After) and records nothing, concurrent clicks are written in batches without one bad click
 * failing the others, and the function never redirects or echoes a URL from the request.
 *
 * The module's own handler keeps one limiter for the whole file, so each test clicks from
 * addresses of its own; the tests about time build a handler with a clock they move.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLICK_WINDOW_MS, CLICKS_PER_CLIENT, createClickLimiter } from '../../functions/_shared/click-guard.ts';
import trackClick, { recordClicks, trackClick as trackClickWith } from '../../functions/track-click.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

type Handler = (request: Request) => Promise<Response>;

const SHOPPER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const GHOST = '00000000-0000-4000-8000-00000000beef';

let shop: DemoShop;
let products: string[];
let categories: string[];

beforeAll(async () => {
  shop = await openDemoShop();
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  products = (await shop.sql<{ id: string }>('select id from public.products order by id')).map((r) => r.id);
  categories = (await shop.sql<{ id: string }>('select id from public.categories order by id')).map((r) => r.id);
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  await shop.sql('truncate public.click_events, public.clicks_daily');
});

let nextAddress = 1;
/** An address no other test clicks from. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

interface Sent {
  body?: unknown;
  headers?: Record<string, string>;
  query?: string;
  method?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

async function send(handler: Handler, { body, headers = {}, query = '', method = 'POST' }: Sent): Promise<Answer> {
  const response = await handler(new Request(`http://localhost:8888/api/track-click${query}`, {
    method,
    headers: { 'content-type': 'application/json', 'user-agent': SHOPPER, ...headers },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const click = (id: string, address: string, extra: Partial<Sent> = {}) =>
  send(trackClick, { body: { type: 'product', id }, headers: { 'x-nf-client-connection-ip': address }, ...extra });

const events = async (): Promise<{ item_id: string; click_type: string; affiliate: boolean }[]> =>
  shop.sql('select item_id, click_type, affiliate from public.click_events order by id');

describe('a shopper\'s click', () => {
  test('is recorded: 202 { recorded: true } and one event', async () => {
    const answer = await click(products[0]!, freshAddress());
    expect([answer.status, answer.body]).toEqual([202, { recorded: true }]);
    expect(await events()).toEqual([{ item_id: products[0], click_type: 'product', affiliate: false }]);
  });

  test('on an item that does not exist is a 400 naming it, and records nothing', async () => {
    const answer = await click(GHOST, freshAddress());
    expect([answer.status, answer.body]).toEqual([400, { error: `No product has the id ${GHOST}` }]);
    expect(await events()).toEqual([]);
  });
});

describe('bots', () => {
  test.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot user agent'],
    ['Playwright\'s HTTP client', 'Playwright/1.65.1 (x64; debian 12) node/24.21', 'bot user agent'],
    ['curl', 'curl/8.5.0', 'bot user agent'],
    ['a request without a user agent', '', 'no user agent'],
  ])('%s: 202 { recorded: false, reason } and nothing recorded', async (_, agent, reason) => {
    const answer = await click(products[0]!, freshAddress(), { headers: { 'user-agent': agent, 'x-nf-client-connection-ip': freshAddress() } });
    expect([answer.status, answer.body]).toEqual([202, { recorded: false, reason }]);
    expect(await events()).toEqual([]);
  });

  test('a bot\'s malformed click is still told what was wrong', async () => {
    const answer = await send(trackClick, { body: { type: 'product', id: 'nope' }, headers: { 'user-agent': 'curl/8.5.0' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^id: /);
  });
});

describe('one client', () => {
  test('clicking one product again and again counts once, however its id is cased', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await click(i % 2 ? products[1]!.toUpperCase() : products[1]!, address)).body);
    expect(answers[0]).toEqual({ recorded: true });
    expect(answers.slice(1)).toEqual(Array(9).fill({ recorded: false, reason: 'repeat click' }));
    expect(await events()).toHaveLength(1);
  });

  test('is told by the address Netlify saw, else by the first x-forwarded-for address whatever the proxies', async () => {
    const address = freshAddress();
    const viaProxies = (proxy: string) =>
      send(trackClick, { body: { type: 'category', id: categories[0] }, headers: { 'x-forwarded-for': `${address}, ${proxy}` } });
    expect((await viaProxies('10.0.0.1')).body).toEqual({ recorded: true });
    expect((await viaProxies('10.0.0.2')).body).toEqual({ recorded: false, reason: 'repeat click' });
    expect(await events()).toHaveLength(1);
  });

  test(`past ${CLICKS_PER_CLIENT} clicks a minute gets 429 with Retry-After and records nothing more; a minute later it counts again`, async () => {
    let now = Date.parse('2026-11-18T10:00:00Z');
    const handler = trackClickWith({ limiter: createClickLimiter(), record: async (c) => (await recordClicks([c]))[0]!, now: () => now });
    const address = freshAddress();
    const clickOn = (id: string) =>
      send(handler, { body: { type: 'product', id }, headers: { 'x-nf-client-connection-ip': address } });

    for (let i = 0; i < CLICKS_PER_CLIENT; i++) {
      now += 1000;
      expect((await clickOn(products[i]!)).status).toBe(202);
    }
    now += 1000;
    const refused = await clickOn(products[CLICKS_PER_CLIENT]!);
    expect(refused.status).toBe(429);
    // The first click leaves the window 60 s after it was made, 31 s after the first second.
    expect(refused.headers.get('retry-after')).toBe(String(CLICK_WINDOW_MS / 1000 - CLICKS_PER_CLIENT));
    expect(refused.body.error).toBe(
      `Too many clicks: at most ${CLICKS_PER_CLIENT} in ${CLICK_WINDOW_MS / 1000} s count from one client. Try again in ${CLICK_WINDOW_MS / 1000 - CLICKS_PER_CLIENT} s.`,
    );
    expect(await events()).toHaveLength(CLICKS_PER_CLIENT);

    // Another client is not held back by this one.
    expect((await send(handler, { body: { type: 'product', id: products[CLICKS_PER_CLIENT] }, headers: { 'x-nf-client-connection-ip': freshAddress() } })).status).toBe(202);

    now += CLICK_WINDOW_MS;
    expect((await clickOn(products[CLICKS_PER_CLIENT + 1]!)).body).toEqual({ recorded: true });
    expect(await events()).toHaveLength(CLICKS_PER_CLIENT + 2);
  });

  test(`cannot move the rankings: ${CLICKS_PER_CLIENT * 4} clicks on one product from one address add one click`, async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: CLICKS_PER_CLIENT * 4 }, () => click(products[2]!, address)));
    expect(answers.filter((a) => a.body.recorded === true)).toHaveLength(1);
    const [row] = await shop.sql<{ n: number }>(`select count(*)::int as n from public.click_events where item_id = $1`, [products[2]]);
    expect(row!.n).toBe(1);
  });
});

describe('concurrent clicks', () => {
  test('are each answered after being stored, and a bad one in the same batch fails only itself', async () => {
    const sent = Array.from({ length: 60 }, (_, i) => (i % 10 === 9 ? GHOST : products[i % products.length]!));
    const answers = await Promise.all(sent.map((id) => click(id, freshAddress())));
    expect(answers.map((a) => a.status)).toEqual(sent.map((id) => (id === GHOST ? 400 : 202)));
    const stored = await events();
    expect(stored).toHaveLength(54);
    expect(stored.map((e) => e.item_id).sort()).toEqual(sent.filter((id) => id !== GHOST).sort());
    // Written together: an event's time is its transaction's start, shared by its whole batch.
    const [writes] = await shop.sql<{ n: number }>('select count(distinct occurred_at)::int as n from public.click_events');
    expect(writes!.n).toBeLessThan(54);
  });
});

describe('affiliate links', () => {
  const EVIL = 'https://evil.example.com/steal';

  /** No 3xx, no Location, and nothing of the URL anywhere in the answer. */
  function expectNoRedirect(answer: Answer) {
    expect(answer.status < 300 || answer.status >= 400, `status ${answer.status}`).toBe(true);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.text).not.toContain('evil.example.com');
    answer.headers.forEach((value) => expect(value).not.toContain('evil.example.com'));
  }

  test.each([
    ['a url beside the click', { type: 'affiliate', id: 'PRODUCT', platform: 'Amazon', url: EVIL }],
    ['a redirect beside the click', { type: 'product', id: 'PRODUCT', redirect: EVIL }],
    ['a url instead of a platform', { type: 'affiliate', id: 'PRODUCT', url: EVIL }],
  ])('a body with %s is refused 400 by the strict schema, records nothing and echoes no URL', async (_, body) => {
    const answer = await send(trackClick, {
      body: JSON.parse(JSON.stringify(body).replace('PRODUCT', products[0]!)),
      headers: { 'x-nf-client-connection-ip': freshAddress() },
    });
    expectNoRedirect(answer);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^(Unrecognized key|platform: )/);
    expect(await events()).toEqual([]);
  });

  test('a click never redirects, whatever the query, referrer or platform text carries', async () => {
    const attempts: Sent[] = [
      { body: { type: 'affiliate', id: products[0], platform: 'Amazon' }, query: `?url=${encodeURIComponent(EVIL)}` },
      { body: { type: 'affiliate', id: products[1], platform: 'Etsy' }, query: `?redirect_to=${encodeURIComponent(EVIL)}&next=${EVIL}` },
      { body: { type: 'affiliate', id: products[2], platform: EVIL } },
      { body: { type: 'product', id: products[3] }, headers: { referer: EVIL, origin: 'https://evil.example.com' } },
      { body: { type: 'affiliate', id: GHOST, platform: EVIL } },
      { method: 'GET', query: `?url=${encodeURIComponent(EVIL)}` },
    ];
    for (const attempt of attempts) {
      const answer = await send(trackClick, { ...attempt, headers: { 'x-nf-client-connection-ip': freshAddress(), ...attempt.headers } });
      expectNoRedirect(answer);
    }
    // The platform text is stored as the label it is, never followed.
    expect((await events()).filter((e) => e.affiliate)).toHaveLength(3);
  });
});
