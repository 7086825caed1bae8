/**
 * GET /health (functions/health.ts), the check the connection banner makes: 200 'ok' while the
 * spec's health read (one product id) succeeds through PostgREST, and 503 'unavailable' with
 * Retry-After, within 5 s, while the database refuses connections, does not answer, or holds the
 * products table locked. Against the demo shop's stand-in (PGlite, or PostgreSQL with
 * TEST_DB=postgres), or a server of the test's own.
 */
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

type Handler = (request: Request) => Promise<Response>;

const ANSWER_WITHIN_MS = 5_000;

let shop: DemoShop;

beforeAll(async () => {
  shop = await openDemoShop();
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await shop.standIn.resume().catch(() => undefined);
});

/** The health function as a fresh instance runs it, against `supabaseUrl`. */
async function healthAgainst(supabaseUrl: string): Promise<Handler> {
  vi.resetModules();
  vi.stubEnv('SUPABASE_URL', supabaseUrl);
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', shop.standIn.serviceKey);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return (await import('../../functions/health.ts')).default as Handler;
}

async function check(health: Handler) {
  const started = performance.now();
  const response = await health(new Request('http://localhost:8888/health'));
  return {
    status: response.status,
    body: (await response.json()) as { status: string; database: string },
    retryAfter: response.headers.get('retry-after'),
    cacheControl: response.headers.get('cache-control'),
    ms: performance.now() - started,
  };
}

test('while the database answers: 200 ok, never cached', async () => {
  const answer = await check(await healthAgainst(shop.standIn.url));
  expect([answer.status, answer.body]).toEqual([200, { status: 'ok', database: 'ok' }]);
  expect(answer.cacheControl).toBe('no-store');
});

test('while Supabase refuses connections: 503 unavailable with Retry-After, well within 5 s', async () => {
  const health = await healthAgainst(shop.standIn.url);
  await shop.standIn.suspend();
  const answer = await check(health);
  expect([answer.status, answer.body]).toEqual([503, { status: 'unavailable', database: 'could not be reached (ECONNREFUSED)' }]);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);

  await shop.standIn.resume();
  expect((await check(health)).status).toBe(200);
});

test('while the products table is locked: 503 within 5 s', async () => {
  const health = await healthAgainst(shop.standIn.url);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = shop.db.transaction(async (tx) => {
    await tx.query('lock table public.products in access exclusive mode');
    locked();
    await released;
  });
  await isLocked;
  try {
    const answer = await check(health);
    expect([answer.status, answer.body]).toEqual([503, { status: 'unavailable', database: 'did not answer within 3500 ms' }]);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  } finally {
    release();
    await holder;
  }
});

test('with a Supabase URL that accepts connections and never answers: 503 within 5 s', async () => {
  const sockets = new Set<Socket>();
  const silent = createTcpServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await check(await healthAgainst(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`));
    expect([answer.status, answer.body.status]).toEqual([503, 'unavailable']);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

test('with a key the database does not accept: 503, saying what it answered', async () => {
  vi.resetModules();
  vi.stubEnv('SUPABASE_URL', shop.standIn.url);
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'not-a-key-the-stand-in-signed');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const health = (await import('../../functions/health.ts')).default as Handler;
  const answer = await check(health);
  expect(answer.status).toBe(503);
  expect(answer.body.database).toMatch(/^answered with an error/);
});
