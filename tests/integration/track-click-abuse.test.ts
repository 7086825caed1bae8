/**
 * POST /api/track-click against the demo shop's stand-in, as Netlify calls it: bots and repeated
 * clicks are not counted, a client past its allowance is told to slow down (429 with
 * Retry-After) and records nothing, concurrent clicks are written in batches without one bad click
 * failing the others, and the function never redirects or echoes a URL from the request.
 *
 * Who a client is cannot be talked around: only the address the platform saw counts (never
 * X-Forwarded-For), a loopback address is limited like any other outside local development, and
 * the allowance is kept in the database, so two function instances (two copies of the module, each
 * with its own in-process state) share it. The analytics count exactly the clicks let through.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { CLICK_WINDOW_MS, CLICKS_PER_CLIENT } from '../../functions/_shared/click-guard.ts';
import trackClick from '../../functions/track-click.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

type Handler = (request: Request) => Promise<Response>;

const SHOPPER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const GHOST = '00000000-0000-4000-8000-00000000beef';

let shop: DemoShop;
let products: string[];
let categories: string[];
/** Every product, category, blog and quiz as a click on it: more than one client may count. */
let items: { type: string; id: string }[];

beforeAll(async () => {
  shop = await openDemoShop();
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  products = (await shop.sql<{ id: string }>('select id from public.products order by id')).map((r) => r.id);
  categories = (await shop.sql<{ id: string }>('select id from public.categories order by id')).map((r) => r.id);
  items = await shop.sql<{ type: string; id: string }>(
    `select 'product' as type, id from public.products union all select 'category', id from public.categories
     union all select 'blog', id from public.blogs union all select 'quiz', id from public.quizzes order by 1, 2`,
  );
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  await shop.sql('truncate public.click_events, public.clicks_daily, public.click_admissions');
});

/** Another instance of the function: the module loaded afresh, with its own in-process state. */
async function anotherInstance(): Promise<Handler> {
  vi.resetModules();
  return (await import('../../functions/track-click.ts')).default;
}

/** Clicks counted in the admin's analytics (today's, plain and affiliate), after the rollup. */
async function analyticsTotal(): Promise<number> {
  const rollup = await shop.service.rpc('rollup_clicks');
  if (rollup.error) throw new Error('rollup_clicks', { cause: rollup.error });
  const { data, error } = await shop.service.from('analytics').select('today_clicks, today_affiliate_links');
  if (error) throw new Error('analytics', { cause: error });
  return data.reduce((sum, row) => sum + Number(row.today_clicks) + Number(row.today_affiliate_links), 0);
}

const recorded = (answers: Answer[]) => answers.filter((a) => a.status === 202 && a.body.recorded === true).length;

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

  test(`past ${CLICKS_PER_CLIENT} clicks a minute gets 429 with Retry-After and records nothing more; a minute later it counts again`, async () => {
    const address = freshAddress();
    const clickOn = (id: string) => click(id, address);
    for (let i = 0; i < CLICKS_PER_CLIENT; i++) expect((await clickOn(products[i]!)).body).toEqual({ recorded: true });
    const refused = await clickOn(products[CLICKS_PER_CLIENT]!);
    expect(refused.status).toBe(429);
    // The first click leaves the window 60 s after it was made, a few seconds ago at most.
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(CLICK_WINDOW_MS / 1000 - 10);
    expect(wait).toBeLessThanOrEqual(CLICK_WINDOW_MS / 1000);
    expect(refused.body.error).toBe(
      `Too many clicks: at most ${CLICKS_PER_CLIENT} in ${CLICK_WINDOW_MS / 1000} s count from one client. Try again in ${wait} s.`,
    );
    expect(await events()).toHaveLength(CLICKS_PER_CLIENT);

    // Another client is not held back by this one.
    expect((await click(products[CLICKS_PER_CLIENT]!, freshAddress())).status).toBe(202);

    // A minute on (the counted clicks made a minute older): the client counts again.
    await shop.sql(`update public.click_admissions set counted_at = counted_at - interval '${CLICK_WINDOW_MS / 1000} seconds'`);
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

describe('who a click is from', () => {
  const rotating = (n: number) => `203.0.113.${n % 250}, 10.0.${n >> 8}.${n & 255}`;
  const spread = (n: number) => items[n % items.length]!;

  test('X-Forwarded-For is never read: 2,000 clicks, each naming a new one, count as one client\'s', async () => {
    expect(items.length).toBeGreaterThan(CLICKS_PER_CLIENT);
    // Without the platform's address: one client, whatever the requests say.
    const bare = await Promise.all(Array.from({ length: 1_000 }, (_, n) =>
      send(trackClick, { body: spread(n), headers: { 'x-forwarded-for': rotating(n) } })));
    expect(recorded(bare)).toBe(CLICKS_PER_CLIENT);
    // With it: that address's client, whatever the requests say.
    const address = freshAddress();
    const behind = await Promise.all(Array.from({ length: 1_000 }, (_, n) =>
      send(trackClick, { body: spread(n), headers: { 'x-forwarded-for': rotating(n), 'x-nf-client-connection-ip': address } })));
    expect(recorded(behind)).toBe(CLICKS_PER_CLIENT);
    expect(await events()).toHaveLength(2 * CLICKS_PER_CLIENT);
    expect(await analyticsTotal()).toBe(2 * CLICKS_PER_CLIENT);
  });

  test('a loopback address is limited like any other outside local development', async () => {
    for (const address of ['127.0.0.1', '::1']) {
      const answers = await Promise.all(Array.from({ length: CLICKS_PER_CLIENT + 10 }, (_, n) =>
        send(trackClick, { body: spread(n), headers: { 'x-nf-client-connection-ip': address } })));
      expect(recorded(answers), address).toBe(CLICKS_PER_CLIENT);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    }
  });

  test('in local development (NETLIFY_DEV=true) the machine itself is not limited; other addresses still are', async () => {
    vi.stubEnv('NETLIFY_DEV', 'true');
    const local = await Promise.all(Array.from({ length: CLICKS_PER_CLIENT + 10 }, (_, n) =>
      send(trackClick, { body: spread(n), headers: { 'x-nf-client-connection-ip': '127.0.0.1' } })));
    expect(recorded(local)).toBe(CLICKS_PER_CLIENT + 10);
    const address = freshAddress();
    const remote = await Promise.all(Array.from({ length: CLICKS_PER_CLIENT + 10 }, (_, n) =>
      send(trackClick, { body: spread(n), headers: { 'x-nf-client-connection-ip': address } })));
    expect(recorded(remote)).toBe(CLICKS_PER_CLIENT);
  });

  test('the addresses of one IPv6 /64 network are one client', async () => {
    const answers = await Promise.all(Array.from({ length: CLICKS_PER_CLIENT + 10 }, (_, n) =>
      send(trackClick, { body: spread(n), headers: { 'x-nf-client-connection-ip': `2001:db8:1:2:${n.toString(16)}::${n + 1}` } })));
    expect(recorded(answers)).toBe(CLICKS_PER_CLIENT);
  });

  test('the database keeps a hash of the address, never the address', async () => {
    const address = '203.0.113.77';
    await send(trackClick, { body: spread(0), headers: { 'x-nf-client-connection-ip': address } });
    const rows = await shop.sql<{ client: string; dump: string }>(
      `select encode(client, 'hex') as client, row_to_json(a)::text as dump from public.click_admissions a`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.dump).not.toContain(address);
    expect(Buffer.from(rows[0]!.client, 'hex').toString('latin1')).not.toContain(address);
  });
});

describe('two instances of the function', () => {
  test(`share one allowance: ${CLICKS_PER_CLIENT + 1} clicks taking turns between them count ${CLICKS_PER_CLIENT}`, async () => {
    const instances = [trackClick, await anotherInstance()];
    const address = freshAddress();
    const answers: Answer[] = [];
    for (let n = 0; n <= CLICKS_PER_CLIENT; n++) {
      answers.push(await send(instances[n % 2]!, { body: items[n], headers: { 'x-nf-client-connection-ip': address } }));
    }
    expect(answers.slice(0, CLICKS_PER_CLIENT).map((a) => a.body)).toEqual(Array(CLICKS_PER_CLIENT).fill({ recorded: true }));
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a repeat on one instance of a click counted on the other is a repeat', async () => {
    const other = await anotherInstance();
    const address = freshAddress();
    expect((await send(trackClick, { body: items[0], headers: { 'x-nf-client-connection-ip': address } })).body).toEqual({ recorded: true });
    expect((await send(other, { body: items[0], headers: { 'x-nf-client-connection-ip': address } })).body)
      .toEqual({ recorded: false, reason: 'repeat click' });
  });

  test('a burst from one address over both at once counts exactly its allowance, and the analytics count exactly those', async () => {
    const instances = [trackClick, await anotherInstance()];
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) =>
      send(instances[n % 2]!, { body: items[n % items.length], headers: { 'x-nf-client-connection-ip': address } })));
    expect(recorded(answers)).toBe(CLICKS_PER_CLIENT);
    expect(answers.filter((a) => a.status !== 202 && a.status !== 429)).toEqual([]);
    expect(await events()).toHaveLength(CLICKS_PER_CLIENT);
    expect(await analyticsTotal()).toBe(CLICKS_PER_CLIENT);
  });

  test('bursts from many addresses over both count each address\'s allowance, and the analytics count exactly what was let through', async () => {
    const instances = [trackClick, await anotherInstance()];
    const addresses = Array.from({ length: 8 }, freshAddress);
    const answers = await Promise.all(Array.from({ length: 8 * 50 }, (_, n) =>
      send(instances[(n >> 3) % 2]!, {
        body: items[(n * 7) % items.length],
        headers: { 'x-nf-client-connection-ip': addresses[n % 8]!, 'x-forwarded-for': freshAddress() },
      })));
    expect(recorded(answers)).toBe(8 * CLICKS_PER_CLIENT);
    expect(await analyticsTotal()).toBe(recorded(answers));
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
