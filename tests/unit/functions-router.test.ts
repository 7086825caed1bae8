/**
 * The local functions router answers a request with the function whose config names its path and
 * method, hands the function the request's method, headers and body, and keeps each function
 * loaded between requests, as a warm Netlify instance does. Like Netlify's edge it tells the
 * function the address the connection came from, whatever the client claims, and lets it go on
 * working after its answer (context.waitUntil).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadFunctions, type FunctionsRouter } from '../../scripts/lib/functions-router.ts';

let dir: string;
let server: Server;
let base: string;

const ECHO = `
let calls = 0;
export default async (request) => {
  calls += 1;
  return Response.json({ method: request.method, body: await request.text(), agent: request.headers.get('user-agent'), calls });
};
export const config = { path: '/api/echo', method: ['POST', 'PUT'] };
`;

const WHO = `
export default (request, context) => Response.json({
  header: request.headers.get('x-nf-client-connection-ip'),
  ip: context.ip,
  waitUntil: typeof context.waitUntil,
});
export const config = { path: '/api/who' };
`;

const ITEM = `
export default (request, context) => Response.json({ id: context.params.id });
export const config = { path: ['/api/items/:id'] };
`;

async function serve(router: FunctionsRouter): Promise<void> {
  server = createServer(async (req, res) => {
    const answer = await router.handle(req, new URL(req.url ?? '/', 'http://localhost'));
    if (!answer) return void res.writeHead(404).end('no function');
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'giftshop-functions-'));
  await writeFile(join(dir, 'echo.ts'), ECHO);
  await writeFile(join(dir, 'item.ts'), ITEM);
  await writeFile(join(dir, 'who.ts'), WHO);
  await writeFile(join(dir, 'echo.test.ts'), 'throw new Error("a test file is not a function");');
  await serve(await loadFunctions(dir));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

test('a request on the function\'s path and method gets its answer, with the method, headers and body', async () => {
  const response = await fetch(`${base}/api/echo`, { method: 'PUT', headers: { 'user-agent': 'tester' }, body: '{"a":1}' });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ method: 'PUT', body: '{"a":1}', agent: 'tester' });
});

test('the function stays loaded between requests', async () => {
  const calls = async () => ((await (await fetch(`${base}/api/echo`, { method: 'POST', body: '' })).json()) as { calls: number }).calls;
  const first = await calls();
  expect(await calls()).toBe(first + 1);
});

test('a method the config does not name, or a path no function names, is left to the site', async () => {
  expect((await fetch(`${base}/api/echo`)).status).toBe(404);
  expect((await fetch(`${base}/api/other`, { method: 'POST' })).status).toBe(404);
});

test('a path with a parameter hands it to the function in the context', async () => {
  expect(await (await fetch(`${base}/api/items/42`)).json()).toEqual({ id: '42' });
});

test('a function file without a config.path is refused when the functions load', async () => {
  const broken = await mkdtemp(join(tmpdir(), 'giftshop-functions-'));
  try {
    await writeFile(join(broken, 'no-config.ts'), 'export default () => new Response("hi");');
    await expect(loadFunctions(broken)).rejects.toThrow('functions/no-config.ts: the local router serves functions with a default export and a config.path only');
  } finally {
    await rm(broken, { recursive: true, force: true });
  }
});

test('the function is told the address the connection came from, whatever the client put in the header', async () => {
  const response = await fetch(`${base}/api/who`, { headers: { 'x-nf-client-connection-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.1' } });
  expect(await response.json()).toEqual({ header: '127.0.0.1', ip: '127.0.0.1', waitUntil: 'function' });
});
