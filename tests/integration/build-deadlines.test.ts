/**
 * The build's reads have deadlines: against a Supabase URL that accepts connections and never
 * answers (a silent socket), the content loaders fail within a bounded time, naming the request
 * that got no answer, instead of holding `astro build` forever. Driven through the build's own
 * client (lib/build-client.ts, what buildDb() makes) with a short deadline; the build uses 30 s.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Loader } from 'astro/loaders';
import { writers } from '../../src/features/blog/core/queries.ts';
import { productIds, productsChangedSince, visibleCategories } from '../../src/features/catalog/core/queries.ts';
import { BUILD_REQUEST_TIMEOUT_MS, createBuildClient } from '../../src/lib/build-client.ts';
import { fetchWithDeadline, NoAnswerError } from '../../src/lib/deadline-fetch.ts';
import { syncLoader } from '../../src/lib/sync-loader.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/jwt.ts';

const DEADLINE_MS = 400;
/** Four attempts (supabase-js retries a failed read three times, after 1 s, 2 s and 4 s) and some slack. */
const BOUND_MS = 4 * DEADLINE_MS + 7_000 + 3_000;

let silent: Server;
let silentUrl: string;
const sockets = new Set<Socket>();

/** Accepts every connection, reads whatever comes, answers nothing. */
function silentSocket(): Promise<Server> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  silent = await silentSocket();
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
});

/** The error and its causes, as one text: what a build log shows. */
function explained(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e !== undefined && e !== null; e = (e as { cause?: unknown }).cause) {
    parts.push(e instanceof Error ? e.message : JSON.stringify(e));
    if (parts.length > 5) break;
  }
  return parts.join(' ← ');
}

async function failureOf(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('expected the read to fail');
}

describe('the build against a Supabase that never answers', () => {
  test('the products loader fails within a bounded time, naming the request that got no answer', async () => {
    const db = createBuildClient(silentUrl, LOCAL_ANON_KEY, DEADLINE_MS);
    const loader = syncLoader('products', {
      changedSince: (cursor, after, limit) => productsChangedSince(db, cursor, after, limit),
      allIds: () => productIds(db),
    });
    const context = {
      store: { keys: () => [], get: () => undefined, set: () => undefined, delete: () => undefined, clear: () => undefined },
      meta: { get: () => undefined, set: () => undefined, delete: () => undefined },
      parseData: async ({ data }: { data: unknown }) => data,
      generateDigest: () => '',
      logger: { info: () => undefined },
    };
    const { error, ms } = await failureOf(() => loader.load(context as unknown as Parameters<Loader['load']>[0]));
    expect(ms).toBeLessThan(BOUND_MS);
    const text = explained(error);
    expect(text).toContain('catalog.productsChangedSince(start)');
    expect(text).toContain(`Supabase did not answer GET ${silentUrl}/rest/v1/products?select=`);
    expect(text).toContain(`within ${DEADLINE_MS / 1000} s`);
  }, 30_000);

  test('the small collections fail the same way', async () => {
    const db = createBuildClient(silentUrl, LOCAL_ANON_KEY, DEADLINE_MS);
    const [categories, writerList] = await Promise.all([failureOf(() => visibleCategories(db)), failureOf(() => writers(db))]);
    expect(categories.ms).toBeLessThan(BOUND_MS);
    expect(explained(categories.error)).toContain(`Supabase did not answer GET ${silentUrl}/rest/v1/categories?`);
    expect(explained(writerList.error)).toContain(`Supabase did not answer GET ${silentUrl}/rest/v1/writers?`);
  }, 30_000);

  test('the build gives each request 30 s', () => {
    expect(BUILD_REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});

describe('fetchWithDeadline', () => {
  test('headers alone are not an answer: a body that never ends misses the deadline too', async () => {
    const open = new Set<Socket>();
    const trickle = createServer((socket) => {
      open.add(socket);
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n['));
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/rest/v1/blogs`;
    try {
      const started = Date.now();
      await expect(fetchWithDeadline(DEADLINE_MS)(url)).rejects.toThrow(new NoAnswerError(`Supabase did not answer GET ${url} within 0.4 s`));
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1_000);
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => trickle.close(resolve));
    }
  });

  test('an unreachable server is named too', async () => {
    const closed = await silentSocket();
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchWithDeadline(DEADLINE_MS)(`http://127.0.0.1:${port}/rest/v1/quizzes`)).rejects.toThrow(
      `Supabase could not be reached: GET http://127.0.0.1:${port}/rest/v1/quizzes`,
    );
  });

  test('an answer in time is passed on whole', async () => {
    const answer = await fetchWithDeadline(DEADLINE_MS, async () => new Response('[1,2]', { status: 206, headers: { 'content-range': '0-1/5' } }))(
      'http://localhost/rest/v1/products',
    );
    expect([answer.status, answer.headers.get('content-range'), await answer.json()]).toEqual([206, '0-1/5', [1, 2]]);
  });
});
