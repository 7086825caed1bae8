import { describe, expect, test } from 'vitest';
import { namePreview, previewDescription } from './shared-list-preview.ts';

/** The head the shared page is built with (SeoHead.astro), around a body the preview leaves alone. */
const BUILT = [
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
  '<title>Shared gift list | Giftshop</title>',
  '<meta name="description" content="Gift ideas someone picked on Giftshop and shared with you: see each gift and where to buy it.">',
  '<meta name="robots" content="noindex,follow">',
  '<meta property="og:title" content="Shared gift list | Giftshop">',
  '<meta property="og:description" content="Gift ideas someone picked on Giftshop and shared with you: see each gift and where to buy it.">',
  '<meta name="twitter:title" content="Shared gift list | Giftshop">',
  '<meta name="twitter:description" content="Gift ideas someone picked on Giftshop and shared with you: see each gift and where to buy it.">',
  '</head><body><h1>Shared gift list</h1><script type="module" src="/_astro/page.js"></script></body></html>',
].join('\n');

const meta = (html: string, key: string) => html.match(new RegExp(`<meta ${key} content="([^"]*)"`))?.[1];
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('a shared list\'s link preview', () => {
  test('names the list in the page title and the Open Graph and Twitter titles', () => {
    const named = namePreview(BUILT, { title: 'Gifts for Sam', giftCount: 3 });
    expect(title(named)).toBe('Gifts for Sam | Giftshop');
    expect(meta(named, 'property="og:title"')).toBe('Gifts for Sam | Giftshop');
    expect(meta(named, 'name="twitter:title"')).toBe('Gifts for Sam | Giftshop');
  });

  test('says how many gifts the list holds in every description', () => {
    const named = namePreview(BUILT, { title: 'Gifts for Sam', giftCount: 3 });
    const description = '3 gift ideas picked on Giftshop and shared with you: see each gift and where to buy it.';
    for (const key of ['name="description"', 'property="og:description"', 'name="twitter:description"']) {
      expect(meta(named, key), key).toBe(description);
    }
    expect(previewDescription(1)).toMatch(/^1 gift idea picked/);
  });

  test('keeps the page\'s own description for a list with no gifts yet', () => {
    const named = namePreview(BUILT, { title: 'Empty', giftCount: 0 });
    expect(meta(named, 'property="og:description"')).toBe(meta(BUILT, 'property="og:description"'));
    expect(meta(named, 'property="og:title"')).toBe('Empty | Giftshop');
  });

  test('changes nothing but the head\'s titles and descriptions', () => {
    const named = namePreview(BUILT, { title: 'Gifts for Sam', giftCount: 2 });
    const changed = named.split('\n').filter((line, i) => line !== BUILT.split('\n')[i]);
    expect(changed).toHaveLength(6);
    expect(named).toContain('<meta name="robots" content="noindex,follow">');
    expect(named).toContain('<h1>Shared gift list</h1><script type="module" src="/_astro/page.js"></script>');
  });

  test('writes a title with markup or quotes as text, never as markup', () => {
    const named = namePreview(BUILT, { title: '"><script>alert(1)</script> & $& friends', giftCount: 1 });
    expect(named).not.toContain('<script>alert');
    expect(title(named)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; friends | Giftshop');
    expect(meta(named, 'property="og:title"')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; friends | Giftshop');
  });

  test('refuses a page whose head lacks a tag it names, rather than leave the generic one', () => {
    const withoutTwitter = BUILT.replace(/<meta name="twitter:title"[^>]*>/, '');
    expect(() => namePreview(withoutTwitter, { title: 'Gifts', giftCount: 1 })).toThrow('expected one <meta name="twitter:title">');
  });
});
