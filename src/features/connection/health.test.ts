import { expect, test } from 'vitest';
import { checkConnection } from './health.ts';

const answering = (status: number) => (async () => new Response('[]', { status })) as unknown as typeof fetch;

test('the connection is healthy when one product id can be read', async () => {
  const calls: string[] = [];
  const fetcher = (async (url: string) => {
    calls.push(url);
    return new Response('[{"id":"x"}]');
  }) as unknown as typeof fetch;
  expect(await checkConnection('http://db', 'key', fetcher)).toBe(true);
  expect(calls).toEqual(['http://db/rest/v1/products?select=id&limit=1']);
});

test('an error status or an unreachable server is a failed check', async () => {
  expect(await checkConnection('http://db', 'key', answering(503))).toBe(false);
  const unreachable = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof fetch;
  expect(await checkConnection('http://db', 'key', unreachable)).toBe(false);
});
