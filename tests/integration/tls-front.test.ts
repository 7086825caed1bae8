/**
 * The bench's HTTPS front (scripts/lib/tls-front.ts): a browser's HTTP/2 request reaches the site
 * as it was made, and the site's answer comes back whole, its compression untouched. With its edge
 * cache, a file served once is answered again without the site, as the CDN answers it; what a
 * function marks uncacheable, and whatever is not a GET, still reaches the site every time. The
 * key hash it gives browsers to trust is its certificate's.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTlsFront, type TlsFront } from '../../scripts/lib/tls-front.ts';

let site: Server;
let front: TlsFront;
let edgeFront: TlsFront;
const seen: { method?: string; url?: string; host?: string }[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, host: req.headers.host });
    const path = req.url ?? '';
    const headers: Record<string, string> = { 'content-type': 'text/html', 'content-encoding': 'br', connection: 'keep-alive' };
    if (path.startsWith('/api/')) headers['cache-control'] = 'no-store';
    if (path.startsWith('/signed-in')) headers['set-cookie'] = 'session=1';
    if (path.startsWith('/cdn-no-store')) {
      headers['cache-control'] = 'public, max-age=0, must-revalidate';
      headers['netlify-cdn-cache-control'] = 'no-store';
    }
    res.writeHead(path.startsWith('/missing') ? 404 : 200, headers);
    res.end(`answer ${seen.length} to ${path} (${req.headers['accept-encoding'] ?? 'identity'})`);
  });
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  const origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  front = await startTlsFront(origin);
  edgeFront = await startTlsFront(origin, { edgeCache: true });
}, 30_000);

afterAll(async () => {
  await front.stop();
  await edgeFront.stop();
  await new Promise((resolve) => site.close(resolve));
});

async function get(
  path: string,
  { through = front, method = 'GET', encoding = 'br' }: { through?: TlsFront; method?: string; encoding?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const session = connect(through.url, { rejectUnauthorized: false });
  try {
    return await new Promise((resolve, reject) => {
      const stream = session.request({ ':path': path, ':method': method, 'accept-encoding': encoding });
      stream.end();
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
  expect(answer.body).toMatch(/^answer \d+ to \/products\?category=a%2Cb&page=2 \(br\)$/);
  expect(answer.headers['content-encoding']).toBe('br');
  // HTTP/1.1's connection header has no place in HTTP/2.
  expect(answer.headers.connection).toBeUndefined();
  expect(seen.at(-1)).toEqual({ method: 'GET', url: '/products?category=a%2Cb&page=2', host: new URL(`http://localhost:${(site.address() as AddressInfo).port}`).host });
});

test("the site's status comes through", async () => {
  expect((await get('/missing')).status).toBe(404);
});

test('without the edge cache, every request reaches the site', async () => {
  const before = seen.length;
  const first = await get('/plain-page');
  const second = await get('/plain-page');
  expect(seen.length).toBe(before + 2);
  expect(second.body).not.toBe(first.body);
});

test('with the edge cache, a page served once is answered again, headers and all, without the site', async () => {
  const first = await get('/kept-page', { through: edgeFront });
  const before = seen.length;
  const again = await get('/kept-page', { through: edgeFront });
  expect(seen.length).toBe(before);
  expect(again.status).toBe(200);
  expect(again.body).toBe(first.body);
  expect(again.headers['content-encoding']).toBe('br');
  expect(again.headers['content-type']).toBe('text/html');
});

test('the edge keeps one answer per accepted encoding, as the answers vary by it', async () => {
  const brotli = await get('/varied-page', { through: edgeFront, encoding: 'br' });
  const gzip = await get('/varied-page', { through: edgeFront, encoding: 'gzip' });
  expect(brotli.body).toContain('(br)');
  expect(gzip.body).toContain('(gzip)');
  expect((await get('/varied-page', { through: edgeFront, encoding: 'gzip' })).body).toBe(gzip.body);
});

test.each([
  ['a function answer marked no-store', '/api/health'],
  ['an answer that sets a cookie', '/signed-in'],
  ["an answer Netlify's own cache header keeps from the CDN", '/cdn-no-store'],
  ['an error', '/missing'],
])('the edge does not keep %s', async (_what, path) => {
  await get(path, { through: edgeFront });
  const before = seen.length;
  await get(path, { through: edgeFront });
  expect(seen.length).toBe(before + 1);
});

test('the edge keeps no answer to a request that is not a GET', async () => {
  await get('/posted', { through: edgeFront, method: 'POST' });
  await get('/posted', { through: edgeFront, method: 'POST' });
  const before = seen.length;
  await get('/posted', { through: edgeFront });
  expect(seen.length).toBe(before + 1);
  expect(seen.at(-1)?.method).toBe('GET');
});

test("the key hash a browser is told to trust is that of the certificate the front presents", async () => {
  const { port } = new URL(front.url);
  const presented = await new Promise<Buffer>((resolve, reject) => {
    const socket = connectTls({ host: 'localhost', port: Number(port), rejectUnauthorized: false }, () => {
      resolve(socket.getPeerX509Certificate()?.publicKey.export({ type: 'spki', format: 'der' }) ?? Buffer.alloc(0));
      socket.end();
    });
    socket.on('error', reject);
  });
  expect(front.spki).toBe(createHash('sha256').update(presented).digest('base64'));
  expect(edgeFront.spki).not.toBe(front.spki);
});
