import { describe, expect, test } from 'vitest';
import { botReason, clientAddress, clientNetwork, isLocalDevelopment, limitedClient } from './click-guard.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SECRET = 'service-role-key-for-tests';
const PRODUCTION = {};
const NETLIFY_DEV = { NETLIFY_DEV: 'true' };

const requestFrom = (headers: Record<string, string>) => new Request('http://localhost/api/track-click', { method: 'POST', headers });

describe('clientAddress', () => {
  test('is the address Netlify saw: the context\'s ip, else the header its edge sets', () => {
    expect(clientAddress(requestFrom({ 'x-nf-client-connection-ip': '203.0.113.9' }), { ip: ' 203.0.113.7 ' })).toBe('203.0.113.7');
    expect(clientAddress(requestFrom({ 'X-NF-Client-Connection-IP': ' 203.0.113.9 ' }))).toBe('203.0.113.9');
  });

  test('never reads X-Forwarded-For, which a client writes as it likes', () => {
    expect(clientAddress(requestFrom({ 'x-forwarded-for': '198.51.100.1, 10.0.0.2' }))).toBeNull();
    expect(clientAddress(requestFrom({ 'x-forwarded-for': '198.51.100.1', 'x-nf-client-connection-ip': '203.0.113.9' }))).toBe('203.0.113.9');
  });

  test('is null when the request came without one', () => {
    expect(clientAddress(requestFrom({}), { ip: '' })).toBeNull();
    expect(clientAddress(requestFrom({ 'x-nf-client-connection-ip': ' ' }))).toBeNull();
  });
});

describe('clientNetwork', () => {
  test('an IPv4 address is itself, also when written as IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  test('an IPv6 address is its /64 network, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });
});

describe('limitedClient', () => {
  test('is a keyed hash of the address: the same address the same client, never the address itself', () => {
    const client = limitedClient('203.0.113.7', SECRET, PRODUCTION);
    expect(client).toMatch(/^[0-9a-f]{64}$/);
    expect(limitedClient(' 203.0.113.7', SECRET, PRODUCTION)).toBe(client);
    expect(limitedClient('203.0.113.8', SECRET, PRODUCTION)).not.toBe(client);
    // Keyed: without the secret, hashing every address does not find it.
    expect(limitedClient('203.0.113.7', 'another-secret-entirely', PRODUCTION)).not.toBe(client);
  });

  test('the addresses of one IPv6 /64 are one client', () => {
    expect(limitedClient('2001:db8:1:2::1', SECRET, PRODUCTION)).toBe(limitedClient('2001:db8:1:2:9f3c:12:aa:7', SECRET, PRODUCTION));
  });

  test('every request without an address is one client, limited like any other', () => {
    const none = limitedClient(null, SECRET, PRODUCTION);
    expect(none).toMatch(/^[0-9a-f]{64}$/);
    expect(limitedClient(null, SECRET, NETLIFY_DEV)).toBe(none);
  });

  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('in production the loopback address %s is limited like any other', (address) => {
    expect(limitedClient(address, SECRET, PRODUCTION)).toMatch(/^[0-9a-f]{64}$/);
  });

  test.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('in local development (NETLIFY_DEV=true) the machine itself (%s) is not limited', (address) => {
    expect(limitedClient(address, SECRET, NETLIFY_DEV)).toBeNull();
  });

  test.each(['203.0.113.7', '10.0.0.1', '1127.0.0.1', '::2', '2001:db8::1'])('in local development another address (%s) is still limited', (address) => {
    expect(limitedClient(address, SECRET, NETLIFY_DEV)).toMatch(/^[0-9a-f]{64}$/);
  });

  test('local development is NETLIFY_DEV=true exactly', () => {
    expect(isLocalDevelopment({ NETLIFY_DEV: 'true' })).toBe(true);
    expect(isLocalDevelopment({})).toBe(false);
    expect(isLocalDevelopment({ NETLIFY_DEV: 'false' })).toBe(false);
  });
});

describe('botReason', () => {
  test.each([
    ['Chrome on Windows', CHROME],
    ['Safari on an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'],
    ['Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'],
    ['headless Chrome (browser tests, assistive tooling)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'],
    ['a Cubot phone (a brand, not a bot)', 'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'],
  ])('lets %s through', (_, agent) => {
    expect(botReason(agent)).toBeNull();
  });

  test.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Playwright', 'Playwright/1.65.1 (x64; debian 12) node/24.21'],
    ['Lighthouse', `${CHROME} Chrome-Lighthouse`],
    ['curl', 'curl/8.5.0'],
    ['python-requests', 'python-requests/2.31.0'],
    ['Node\'s fetch', 'node'],
  ])('stops %s as a bot user agent', (_, agent) => {
    expect(botReason(agent)).toBe('bot user agent');
  });

  test('stops a request without a user agent: every browser sends one', () => {
    expect(botReason(null)).toBe('no user agent');
    expect(botReason('  ')).toBe('no user agent');
  });
});
