import { expect, test } from 'vitest';
import { robotsTxt } from './robots.ts';

test('allows every crawler everywhere but the admin area and sign-in', () => {
  const lines = robotsTxt('https://giftshop.example').split('\n');
  expect(lines.slice(0, 4)).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /auth']);
});

test('points at the sitemap index by its absolute URL on the site', () => {
  expect(robotsTxt('https://giftshop.example/')).toContain('\nSitemap: https://giftshop.example/sitemap-index.xml\n');
  expect(robotsTxt(new URL('http://localhost:8888'))).toContain('Sitemap: http://localhost:8888/sitemap-index.xml');
});
