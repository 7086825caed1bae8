import { describe, expect, test } from 'vitest';
import {
  botReason, CLICK_LIMITS, CLICK_WINDOW_MS, CLICKS_PER_CLIENT, clientHeaders, clientKey, createClickLimiter, isLocalClient,
  REPEAT_CLICK_WINDOW_MS, type ClickLimits,
} from './click-guard.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const T0 = Date.parse('2026-11-18T10:00:00Z');
const SECOND = 1000;

describe('clientKey', () => {
  test('is the address Netlify saw when there is one', () => {
    expect(clientKey({ connectionIp: ' 203.0.113.7 ', forwardedFor: '198.51.100.1', userAgent: CHROME })).toBe('ip:203.0.113.7');
  });

  test('else is the first address of x-forwarded-for (the client; later ones are proxies)', () => {
    expect(clientKey({ connectionIp: '', forwardedFor: '198.51.100.1, 10.0.0.2, 10.0.0.3', userAgent: CHROME })).toBe('ip:198.51.100.1');
    expect(clientKey({ connectionIp: null, forwardedFor: '2001:db8::1', userAgent: CHROME })).toBe('ip:2001:db8::1');
  });

  test('without an address is a hash of the user agent: the same agent is the same client, another is another', () => {
    const key = clientKey({ connectionIp: null, forwardedFor: ' ', userAgent: CHROME });
    expect(key).toMatch(/^ua:[0-9a-f]{16}$/);
    expect(key).not.toContain('Chrome');
    expect(clientKey({ connectionIp: null, forwardedFor: null, userAgent: CHROME })).toBe(key);
    expect(clientKey({ connectionIp: null, forwardedFor: null, userAgent: `${CHROME} Edg/140` })).not.toBe(key);
  });

  test('reads the headers case-insensitively from a request', () => {
    const headers = new Headers({ 'X-NF-Client-Connection-IP': '203.0.113.9', 'User-Agent': CHROME });
    expect(clientHeaders(headers)).toEqual({ connectionIp: '203.0.113.9', forwardedFor: null, userAgent: CHROME });
  });
});

describe('isLocalClient', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', ' 127.0.0.1 '])('is true for the loopback address %s', (ip) => {
    expect(isLocalClient({ connectionIp: ip, forwardedFor: null, userAgent: CHROME })).toBe(true);
  });

  test.each([['203.0.113.7'], ['10.0.0.1'], ['::ffff:203.0.113.7'], ['1127.0.0.1'], [''], [null]])('is false for %s', (ip) => {
    expect(isLocalClient({ connectionIp: ip, forwardedFor: null, userAgent: CHROME })).toBe(false);
  });

  test('reads only the address the edge saw, never the x-forwarded-for a client can write', () => {
    expect(isLocalClient({ connectionIp: '203.0.113.7', forwardedFor: '127.0.0.1', userAgent: CHROME })).toBe(false);
    expect(isLocalClient({ connectionIp: null, forwardedFor: '127.0.0.1', userAgent: CHROME })).toBe(false);
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

describe('createClickLimiter', () => {
  const small: ClickLimits = { clicks: 3, windowMs: 60 * SECOND, repeatWindowMs: 30 * 60 * SECOND, maxClients: 100 };

  test('counts a client\'s first clicks on different items', () => {
    const limiter = createClickLimiter(small);
    expect(['a', 'b', 'c'].map((item, i) => limiter.admit('ip:1', item, T0 + i).verdict)).toEqual(['count', 'count', 'count']);
  });

  test(`the default allows ${CLICKS_PER_CLIENT} clicks per client in ${CLICK_WINDOW_MS / 1000} s`, () => {
    const limiter = createClickLimiter();
    const verdicts = Array.from({ length: CLICKS_PER_CLIENT + 1 }, (_, i) => limiter.admit('ip:1', `item-${i}`, T0 + i).verdict);
    expect(verdicts.filter((v) => v === 'count')).toHaveLength(CLICKS_PER_CLIENT);
    expect(verdicts.at(-1)).toBe('limited');
    expect(CLICK_LIMITS.repeatWindowMs).toBe(REPEAT_CLICK_WINDOW_MS);
  });

  test('past the allowance a click is limited, with the seconds until the oldest click leaves the window', () => {
    const limiter = createClickLimiter(small);
    limiter.admit('ip:1', 'a', T0);
    limiter.admit('ip:1', 'b', T0 + 10 * SECOND);
    limiter.admit('ip:1', 'c', T0 + 20 * SECOND);
    expect(limiter.admit('ip:1', 'd', T0 + 30 * SECOND)).toEqual({ verdict: 'limited', retryAfterSeconds: 30 });
    expect(limiter.admit('ip:1', 'd', T0 + 59_500)).toEqual({ verdict: 'limited', retryAfterSeconds: 1 });
  });

  test('the window slides: once the oldest click is a window old, one more counts', () => {
    const limiter = createClickLimiter(small);
    limiter.admit('ip:1', 'a', T0);
    limiter.admit('ip:1', 'b', T0 + 10 * SECOND);
    limiter.admit('ip:1', 'c', T0 + 20 * SECOND);
    expect(limiter.admit('ip:1', 'd', T0 + 60 * SECOND).verdict).toBe('count');
    expect(limiter.admit('ip:1', 'e', T0 + 60 * SECOND).verdict).toBe('limited');
    expect(limiter.admit('ip:1', 'e', T0 + 70 * SECOND).verdict).toBe('count');
  });

  test('limited clicks do not count, so a client hammering away is free again a window after its last counted click', () => {
    const limiter = createClickLimiter(small);
    for (const [i, item] of ['a', 'b', 'c'].entries()) limiter.admit('ip:1', item, T0 + i);
    for (let s = 1; s < 60; s++) expect(limiter.admit('ip:1', `x${s}`, T0 + s * SECOND).verdict).toBe('limited');
    expect(limiter.admit('ip:1', 'x', T0 + 60 * SECOND).verdict).toBe('count');
  });

  test('a client\'s repeated click on one item counts once in the repeat window, and does not use up the allowance', () => {
    const limiter = createClickLimiter(small);
    expect(limiter.admit('ip:1', 'a', T0).verdict).toBe('count');
    for (let i = 1; i <= 10; i++) expect(limiter.admit('ip:1', 'a', T0 + i * SECOND).verdict).toBe('repeat');
    expect(limiter.admit('ip:1', 'b', T0 + 11 * SECOND).verdict).toBe('count');
    expect(limiter.admit('ip:1', 'c', T0 + 12 * SECOND).verdict).toBe('count');
  });

  test('a repeat counts again once the repeat window has passed since it last counted', () => {
    const limiter = createClickLimiter(small);
    limiter.admit('ip:1', 'a', T0);
    expect(limiter.admit('ip:1', 'a', T0 + small.repeatWindowMs - 1).verdict).toBe('repeat');
    expect(limiter.admit('ip:1', 'a', T0 + small.repeatWindowMs).verdict).toBe('count');
  });

  test('clients are limited separately, and so are items', () => {
    const limiter = createClickLimiter(small);
    for (const item of ['a', 'b', 'c']) limiter.admit('ip:1', item, T0);
    expect(limiter.admit('ip:1', 'd', T0).verdict).toBe('limited');
    expect(limiter.admit('ip:2', 'a', T0).verdict).toBe('count');
  });

  test(`remembers at most maxClients clients, forgetting the least recently seen`, () => {
    const limiter = createClickLimiter({ ...small, maxClients: 2 });
    limiter.admit('ip:1', 'a', T0);
    limiter.admit('ip:2', 'a', T0);
    limiter.admit('ip:1', 'b', T0 + 1); // ip:1 seen again: ip:2 is now the least recent
    limiter.admit('ip:3', 'a', T0 + 2);
    expect(limiter.size()).toBe(2);
    expect(limiter.admit('ip:1', 'a', T0 + 3).verdict).toBe('repeat'); // still remembered
    expect(limiter.admit('ip:2', 'a', T0 + 4).verdict).toBe('count'); // forgotten: a fresh window
  });
});
