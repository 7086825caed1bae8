/**
 * The bench's HTTPS front (scripts/lib/tls-front.ts): a browser's HTTP/2 request reaches the site
 * as it was made, and the site's answer comes back whole, its compression untouched.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTlsFront, type TlsFront } from '../../scripts/lib/tls-front.ts';

let site: Server;
let front: TlsFront;
const seen: { method?: string; url?: string; host?: string }[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, host: req.headers.host });
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/html', 'content-encoding': 'br', connection: 'keep-alive' });
    res.end(`answer to ${req.url}`);
  });
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  front = await startTlsFront(`http://localhost:${(site.address() as AddressInfo).port}`);
}, 30_000);

afterAll(async () => {
  await front.stop();
  await new Promise((resolve) => site.close(resolve));
});

async function get(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const session = connect(front.url, { rejectUnauthorized: false });
  try {
    return await new Promise((resolve, reject) => {
      const stream = session.request({ ':path': path });
      let headers: Record<string, unknown> = {};
      let body = '';
      stream.on('response', (h) => (headers = h));
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
      stream.on('error', reject);
    });
  } finally {
    session.close();
  }
}

test('an HTTP/2 request over TLS reaches the site with its path and query, and the answer comes back as the site gave it', async () => {
  expect(front.url).toMatch(/^https:\/\/localhost:\d+$/);
  const answer = await get('/products?category=a%2Cb&page=2');
  expect(answer.status).toBe(200);
  expect(answer.body).toBe('answer to /products?category=a%2Cb&page=2');
  expect(answer.headers['content-encoding']).toBe('br');
  // HTTP/1.1's connection header has no place in HTTP/2.
  expect(answer.headers.connection).toBeUndefined();
  expect(seen.at(-1)).toEqual({ method: 'GET', url: '/products?category=a%2Cb&page=2', host: new URL(`http://localhost:${(site.address() as AddressInfo).port}`).host });
});

test("the site's status comes through", async () => {
  expect((await get('/missing')).status).toBe(404);
});
