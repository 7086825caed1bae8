import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parseRedirects, rewriteStatus } from '../../scripts/lib/rewrite-status.ts';

const dist = mkdtempSync(join(tmpdir(), 'rewrite-status-'));
mkdirSync(join(dist, 'products', 'known'), { recursive: true });
writeFileSync(join(dist, 'products', 'known', 'index.html'), '<h1>Known</h1>');

const rules = parseRedirects([
  '# generated',
  '/category/c1/gifts gender=for_him /category/c1/gifts/for_him 200!',
  '/blog-detail/b1/* /blog-detail/b1/right-slug 301',
  '/products/* /products/not-found 404',
  '/blog-detail/* /blog-detail/not-found 404',
  '',
].join('\n'));
const status = (path: string) => rewriteStatus(rules, new URL(path, 'http://localhost'), dist);

test('an unknown product answers with the 404 of its rewrite rule', () => {
  expect(status('/products/00000000-0000-4000-8000-000000000000')).toBe(404);
  expect(status('/products/unknown/')).toBe(404);
});

test("a splat at a rule's end takes the path without it too, as Netlify's matcher does", () => {
  expect(status('/blog-detail')).toBe(404);
  expect(status('/blog-detail/')).toBe(404);
  expect(status('/blog-details')).toBeUndefined();
});

test('a page that exists shadows a rule that is not forced', () => {
  expect(status('/products/known')).toBeUndefined();
  expect(status('/products/known/')).toBeUndefined();
});

test('the first matching rule decides, and redirects keep the status the emulation gave them', () => {
  expect(status('/blog-detail/b1/wrong-slug')).toBeUndefined();
  expect(status('/blog-detail/b2/any')).toBe(404);
});

test('query conditions must match, and forced rewrites answer with their status', () => {
  expect(status('/category/c1/gifts?gender=for_him')).toBe(200);
  expect(status('/category/c1/gifts?gender=for_her')).toBeUndefined();
});
