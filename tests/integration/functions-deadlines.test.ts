/**
 * The functions answer in time when Supabase does not: with the table a call needs locked by
 * another transaction, with a Supabase URL that accepts connections and never answers, with one
 * that refuses them, and with one that answers 503 with a long Retry-After (which postgrest-js
 * would wait out, three times), POST /api/track-click and the admin endpoints answer 503 with
 * Retry-After and say the database is not answering — within 5 s, never after. No click is
 * acknowledged that was not written; and when too many clicks already wait for a database that
 * is not answering, the excess is answered 503 at once. A build hook that does not answer does
 * not hold an admin's answer either: the call goes on after it (context.waitUntil).
 *
 * The functions read their environment once per module instance, so each test imports them
 * afresh (vi.resetModules) against the Supabase it means: the demo shop's stand-in (PGlite, or
 * PostgreSQL with TEST_DB=postgres), or a server of the test's own.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { openAdminHarness, type AdminHarness } from '../support/admin-functions.ts';

type Handler = (request: Request) => Promise<Response>;

const SHOPPER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const NOT_ANSWERING = { error: "The shop's database is not answering. Please try again in a few seconds." };
/** What a caller may wait for an answer. */
const ANSWER_WITHIN_MS = 5_000;
/** How long a test waits before it calls a request unanswered. */
const GIVE_UP_MS = 12_000;

let h: AdminHarness;
let productId: string;
let categoryId: string;

beforeAll(async () => {
  h = await openAdminHarness();
  [productId] = (await h.ids('select id from public.products order by name limit 1')) as [string];
  [categoryId] = (await h.ids(`select id from public.categories where name = 'Tech Savvy'`)) as [string];
});

afterAll(async () => {
  await h?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

interface Timed {
  status: number | 'no answer';
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

/** The answer and how long it took; 'no answer' when none came within GIVE_UP_MS. */
async function timed(answer: Promise<Response>): Promise<Timed> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const given = await Promise.race([
    answer.then(async (response) => ({ response, text: await response.text() })),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), GIVE_UP_MS))),
  ]);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - started);
  if (!given) return { status: 'no answer', ms, retryAfter: null, body: null };
  const { response, text } = given;
  return { status: response.status, ms, retryAfter: response.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
}

/** 503, Retry-After, the message, and in time. */
function expectNotAnsweringInTime(answer: Timed): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: NOT_ANSWERING });
  expect(answer.ms, 'milliseconds to the answer').toBeLessThan(ANSWER_WITHIN_MS);
  expect(Number(answer.retryAfter), `Retry-After ${answer.retryAfter}`).toBeGreaterThan(0);
}

/** The functions as a fresh Netlify instance of each would run them, against `supabaseUrl`. */
async function functionsAgainst(supabaseUrl: string, buildHookUrl = h.hook.url) {
  vi.resetModules();
  vi.stubEnv('SUPABASE_URL', supabaseUrl);
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', h.shop.standIn.serviceKey);
  vi.stubEnv('BUILD_HOOK_URL', buildHookUrl);
  return {
    trackClick: (await import('../../functions/track-click.ts')).default as Handler,
    adminProducts: (await import('../../functions/admin-products.ts')).default as AdminHandler,
  };
}

let nextAddress = 1;
const click = (handler: Handler, id = productId) =>
  handler(new Request('http://localhost:8888/api/track-click', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': SHOPPER,
      'x-nf-client-connection-ip': `198.18.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
    },
    body: JSON.stringify({ type: 'product', id }),
  }));

type AdminHandler = (request: Request, context?: { waitUntil(promise: Promise<unknown>): void }) => Promise<Response>;

const renameProduct = (handler: AdminHandler, token: string, name: string, context?: Parameters<AdminHandler>[1]) =>
  handler(new Request('http://localhost:8888/api/admin/products', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      id: productId, name, description: 'A lamp.', price: 10, image_url: '/media/lamp.svg',
      category_ids: [categoryId],
    }),
  }), context);

/** Runs `work` while another transaction holds an exclusive lock on `table`; releases it after. */
async function whileLocked<T>(table: string, work: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = h.shop.db.transaction(async (tx) => {
    await tx.query(`lock table ${table} in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  try {
    return await work();
  } finally {
    release();
    await holder;
  }
}

/** A TCP server that accepts every connection and never says a word. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: connections are refused. */
async function refusingUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('a locked table', () => {
  test('a click is answered 503 in time, and none is acknowledged', async () => {
    const { trackClick } = await functionsAgainst(h.shop.standIn.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = await whileLocked('public.click_events', () => Promise.all(Array.from({ length: 5 }, () => timed(click(trackClick)))));
    for (const answer of answers) expectNotAnsweringInTime(answer);
  });

  test('an admin save is answered 503 in time', async () => {
    const { adminProducts } = await functionsAgainst(h.shop.standIn.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await whileLocked('public.products', () => timed(renameProduct(adminProducts, h.adminToken, 'Locked Lamp')));
    expectNotAnsweringInTime(answer);
  });

  test('past the clicks that may wait for the database, the rest are answered 503 at once', async () => {
    const { trackClick } = await functionsAgainst(h.shop.standIn.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // At most two writes of 250 under way and 1,000 waiting: at least 500 of 2,000 are turned
    // away at once (more when the writes under way took fewer).
    const answers = await whileLocked('public.click_events', () => Promise.all(Array.from({ length: 2_000 }, () => timed(click(trackClick)))));
    expect(answers.filter((a) => a.status !== 503)).toEqual([]);
    const turnedAway = answers.filter((a) => a.retryAfter === '1');
    expect(turnedAway.length).toBeGreaterThanOrEqual(500);
    expect(answers.length - turnedAway.length).toBeGreaterThanOrEqual(1_000);
    for (const answer of turnedAway) {
      expect(answer.body).toEqual({ error: 'The shop is receiving more clicks than its database is taking. Please try again in a second.' });
      // At once: not held until the deadline, as the clicks that were let in to wait are.
      expect(answer.ms).toBeLessThan(2_000);
    }
    for (const answer of answers.filter((a) => a.retryAfter !== '1')) expectNotAnsweringInTime(answer);
  });
});

describe('a Supabase URL that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(async () => {
    await silent?.close();
  });

  test('a click is answered 503 in time', async () => {
    const { trackClick } = await functionsAgainst(silent.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectNotAnsweringInTime(await timed(click(trackClick)));
  });

  test('an admin save is answered 503 in time', async () => {
    const { adminProducts } = await functionsAgainst(silent.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectNotAnsweringInTime(await timed(renameProduct(adminProducts, h.adminToken, 'Silent Lamp')));
  });
});

describe('a Supabase URL that refuses connections', () => {
  test('a click and an admin save are answered 503 in time', async () => {
    const { trackClick, adminProducts } = await functionsAgainst(await refusingUrl());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectNotAnsweringInTime(await timed(click(trackClick)));
    expectNotAnsweringInTime(await timed(renameProduct(adminProducts, h.adminToken, 'Refused Lamp')));
  });
});

describe('a Supabase that answers reads 503 with a long Retry-After', () => {
  let server: HttpServer;
  let url: string;
  let profileReads = 0;

  beforeAll(async () => {
    // Auth accepts the token; PostgREST answers every read as it does while its schema cache
    // cannot be loaded. postgrest-js retries such a GET three times, waiting Retry-After each time.
    server = createHttpServer((req, res) => {
      req.resume();
      const path = (req.url ?? '').split('?')[0];
      if (path === '/auth/v1/user') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: '00000000-0000-4000-8000-0000000000ad', aud: 'authenticated', role: 'authenticated', email: 'admin@example.com',
          app_metadata: {}, user_metadata: {}, created_at: '2026-11-01T00:00:00Z',
        }));
        return;
      }
      if (path === '/rest/v1/profiles') profileReads += 1;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' })
        .end('{"code":"PGRST002","message":"Could not query the database for the schema cache. Retrying."}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  test('an admin save is answered 503 in time, without waiting out the Retry-After', async () => {
    const { adminProducts } = await functionsAgainst(url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expectNotAnsweringInTime(await timed(renameProduct(adminProducts, 'any.admin.token', 'Retried Lamp')));
    expect(profileReads).toBe(1);
  });
});

describe('a build hook that does not answer', () => {
  test('an admin save is answered at once, and the call to the hook goes on after the answer', async () => {
    const silent = await silentServer();
    try {
      const { adminProducts } = await functionsAgainst(h.shop.standIn.url, `${silent.url}/build-hook`);
      const failed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const after: Promise<unknown>[] = [];
      const answer = await timed(renameProduct(adminProducts, h.adminToken, 'Patient Lamp', { waitUntil: (work) => void after.push(work) }));
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(2_000);
      expect(after).toHaveLength(1);
      await after[0];
      expect(failed).toHaveBeenCalledWith('rebuild request failed (product "Patient Lamp" updated):', expect.anything());
    } finally {
      await silent.close();
    }
  });
});
