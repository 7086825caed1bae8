import { expect, test } from 'vitest';
import { checkConnection } from './health.ts';

const answering = (status: number) => (async () => new Response('{}', { status })) as unknown as typeof fetch;

test('the check asks the site\'s /health, and the connection is healthy when it answers 200', async () => {
  const calls: string[] = [];
  const fetcher = (async (url: string) => {
    calls.push(url);
    return new Response('{"status":"ok","database":"ok"}');
  }) as unknown as typeof fetch;
  expect(await checkConnection(fetcher)).toBe(true);
  expect(calls).toEqual(['/health']);
});

test('a 503 from /health (the database is not answering), another error or no answer is a failed check', async () => {
  expect(await checkConnection(answering(503))).toBe(false);
  expect(await checkConnection(answering(404))).toBe(false);
  const unreachable = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof fetch;
  expect(await checkConnection(unreachable)).toBe(false);
});
