import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FeedAddressError, feedHostProblem, fetchFeed, isPublicAddress } from './feed-fetch.ts';

describe('isPublicAddress', () => {
  test('the public internet', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });
  test('loopback, private, link-local, shared, documentation, multicast and reserved ranges, in both families', () => {
    for (const address of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '192.0.2.1', '198.18.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });
  test('what is not an address at all is not public', () => expect(isPublicAddress('localhost')).toBe(false));
});

describe('feedHostProblem, as an admin saves a feed URL', () => {
  test('an address off the public internet or a name for this machine is refused, naming it', () => {
    expect(feedHostProblem('http://169.254.169.254/latest/meta-data')).toBe('Feed URL must be on the public internet (169.254.169.254 is not)');
    expect(feedHostProblem('http://127.0.0.1:8888/feed.csv')).toBe('Feed URL must be on the public internet (127.0.0.1 is not)');
    expect(feedHostProblem('https://[::1]/feed.csv')).toBe('Feed URL must be on the public internet (::1 is not)');
    expect(feedHostProblem('https://10.0.0.5/feed.csv')).toBe('Feed URL must be on the public internet (10.0.0.5 is not)');
    expect(feedHostProblem('http://LocalHost/feed.csv')).toBe('Feed URL must be on the public internet (localhost is not)');
    expect(feedHostProblem('http://feeds.localhost/feed.csv')).toBe('Feed URL must be on the public internet (feeds.localhost is not)');
  });
  test('a public address or a name is left to the fetch, which checks where the name leads', () => {
    expect(feedHostProblem('https://feeds.example.com/a.csv')).toBeNull();
    expect(feedHostProblem('https://93.184.215.14/a.csv')).toBeNull();
    expect(feedHostProblem('https://localhost.example.com/a.csv')).toBeNull();
  });
});

describe('fetchFeed', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') return void res.writeHead(302, { location: '/feed.csv' }).end();
      if (req.url === '/to-ftp') return void res.writeHead(302, { location: 'ftp://127.0.0.1/feed.csv' }).end();
      res.writeHead(200, { 'content-type': 'text/csv' }).end('product_id,platform,price,scraped_at\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const signal = () => AbortSignal.timeout(5_000);

  test('refuses an address off the public internet, given as a number or as a name', async () => {
    await expect(fetchFeed(`${base}/feed.csv`, { signal: signal(), allowPrivate: false })).rejects.toThrow(FeedAddressError);
    const byName = fetchFeed(`${base.replace('127.0.0.1', 'localhost')}/feed.csv`, { signal: signal(), allowPrivate: false });
    await expect(byName.catch((error: Error) => error.cause ?? error)).resolves.toBeInstanceOf(FeedAddressError);
    await expect(fetchFeed('http://[::1]:9/feed.csv', { signal: signal(), allowPrivate: false })).rejects.toThrow(FeedAddressError);
  });

  test('where private addresses are allowed (local development) it fetches, following redirects, but no redirect leaves http(s)', async () => {
    const response = await fetchFeed(`${base}/moved`, { signal: signal(), allowPrivate: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('product_id,platform,price,scraped_at\n');
    await expect(fetchFeed(`${base}/to-ftp`, { signal: signal(), allowPrivate: true })).rejects.toThrow('the feed redirected to a ftp: address');
  });
});
