import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { supabaseFetch, withDeadline } from './deadline.ts';
import { HttpError, ServiceUnavailable } from './http.ts';

const DEADLINE_MS = 400;

/** A server whose answers the test scripts, one per request, counting what it was asked. */
let server: Server;
let base: string;
let script: ((req: IncomingMessage, res: ServerResponse) => void)[] = [];
let asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.method ?? '');
    req.resume();
    const next = script.shift();
    if (next) next(req, res);
    else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  script = [];
  asked = [];
});

const unavailable = (retryAfter?: string) => (_: IncomingMessage, res: ServerResponse) =>
  res.writeHead(503, retryAfter ? { 'retry-after': retryAfter } : {}).end('{"code":"PGRST002"}');

/** How a piece of work ended, and after how long. */
async function outcome<T>(work: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe('withDeadline with supabaseFetch', () => {
  test('a server that accepts and never answers: the call is aborted at the deadline and the work is a 503', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/rest/v1/products`;
      const ended = await outcome(() => withDeadline(DEADLINE_MS, () => supabaseFetch(url)));
      expect(ended.error).toBeInstanceOf(ServiceUnavailable);
      expect((ended.error as ServiceUnavailable).problem).toBe(`did not answer within ${DEADLINE_MS} ms`);
      expect((ended.error as ServiceUnavailable).headers).toEqual({ 'retry-after': '5' });
      expect(ended.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(ended.ms).toBeLessThan(DEADLINE_MS + 300);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('a read answered 503 is retried, as postgrest-js would, and its later answer is the answer', async () => {
    script = [unavailable(), unavailable()];
    const ended = await outcome(() => withDeadline(DEADLINE_MS, async () => (await supabaseFetch(`${base}/rest/v1/products`)).status));
    expect(ended.value).toBe(200);
    expect(asked).toEqual(['GET', 'GET', 'GET']);
  });

  test('a read answered 503 with a Retry-After past the deadline is not waited for: the work is a 503 at once', async () => {
    script = [unavailable('30')];
    const ended = await outcome(() => withDeadline(DEADLINE_MS, async () => {
      const response = await supabaseFetch(`${base}/rest/v1/products`);
      if (!response.ok) throw new Error(`products: ${response.status}`);
    }));
    expect((ended.error as ServiceUnavailable).problem).toBe('answered 503');
    expect(ended.ms).toBeLessThan(DEADLINE_MS);
    expect(asked).toEqual(['GET']);
  });

  test('retries never outlast the deadline: a read answered 503 every time ends by it', async () => {
    script = Array.from({ length: 10 }, () => unavailable('0'));
    const ended = await outcome(() => withDeadline(150, async () => {
      const response = await supabaseFetch(`${base}/rest/v1/products`);
      if (!response.ok) throw new Error(`products: ${response.status}`);
    }));
    expect(ended.error).toBeInstanceOf(ServiceUnavailable);
    expect(ended.ms).toBeLessThan(150 + 100);
    expect(asked.length).toBeLessThanOrEqual(4);
  });

  test('a write answered 503 is not retried (it may have been done)', async () => {
    script = [unavailable()];
    const ended = await outcome(() => withDeadline(DEADLINE_MS, async () => {
      const response = await supabaseFetch(`${base}/rest/v1/rpc/record_clicks`, { method: 'POST', body: '{}' });
      if (!response.ok) throw new Error(`rpc: ${response.status}`);
    }));
    expect((ended.error as ServiceUnavailable).problem).toBe('answered 503');
    expect(asked).toEqual(['POST']);
  });

  test('a server that refuses connections: the work is a 503 saying so, within the deadline', async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ended = await outcome(() => withDeadline(DEADLINE_MS, () => supabaseFetch(`http://127.0.0.1:${port}/rest/v1/products`)));
    expect((ended.error as ServiceUnavailable).problem).toBe('could not be reached (ECONNREFUSED)');
    expect(ended.ms).toBeLessThan(DEADLINE_MS + 100);
  });

  test('a statement or lock timeout from the database is a 503 too', async () => {
    for (const code of ['57014', '55P03']) {
      const ended = await outcome(() => withDeadline(DEADLINE_MS, async () => {
        throw new Error('products.select failed', { cause: { code, message: 'canceling statement due to statement timeout' } });
      }));
      expect((ended.error as ServiceUnavailable).problem).toMatch(new RegExp(`^answered ${code}: `));
    }
  });

  test('other failures stay what they are: the caller\'s mistakes and the shop\'s own faults', async () => {
    const mistake = new HttpError(400, 'price: Expected number');
    expect((await outcome(() => withDeadline(DEADLINE_MS, async () => { throw mistake; }))).error).toBe(mistake);
    const fault = new Error('products.select failed', { cause: { code: '42501', message: 'permission denied' } });
    expect((await outcome(() => withDeadline(DEADLINE_MS, async () => { throw fault; }))).error).toBe(fault);
  });

  test('each piece of work has its own deadline, and a later one is not cut short by an earlier one', async () => {
    const first = await outcome(() => withDeadline(50, async () => (await supabaseFetch(`${base}/x`)).status));
    await new Promise((resolve) => setTimeout(resolve, 80));
    const second = await outcome(() => withDeadline(DEADLINE_MS, async () => (await supabaseFetch(`${base}/y`)).status));
    expect([first.value, second.value]).toEqual([200, 200]);
  });
});
