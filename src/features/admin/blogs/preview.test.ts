import { describe, expect, test } from 'vitest';
import type { EmbedProduct } from '../../blog/text/embeds.ts';
import { blogSegments } from '../../blog/text/markdown.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { emptyBlogForm } from './editor.ts';
import { idsToLookUp, NO_PREVIEW_PRODUCTS, previewHeader, previewSegments, withFailedLookup, withLookup } from './preview.ts';
import type { EditorWriter } from './queries.ts';

const A = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';
const B = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';
const C = '3c1d8e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const lamp: EmbedProduct = { id: A, name: 'Desk Lamp', price: 24.5, imageUrl: '/media/lamp.svg', tagline: 'Warm light' };
const mug: EmbedProduct = { id: B, name: 'Mug', price: 9, imageUrl: '/media/mug.svg', tagline: null };

const body = [
  'Intro',
  '',
  `<product-embed productId="${A}" excerpt="Bright"></product-embed>`,
  '',
  `<three-products title="Picks" excerpt="Three" productid='["${A}","${B}","${C}"]'></three-products>`,
  '',
  '<product-embed title="no id"></product-embed>',
].join('\n');
const segments = blogSegments(body);
const embeds = (products = NO_PREVIEW_PRODUCTS) => previewSegments(segments, products).flatMap((s) => (s.embed ? [s.embed] : []));

describe('the editor preview renders what the public article will', () => {
  test('every embedded id is looked up once', () => {
    expect(idsToLookUp(segments, NO_PREVIEW_PRODUCTS, false)).toEqual([A, B, C]);
    expect(idsToLookUp(segments, withLookup(NO_PREVIEW_PRODUCTS, [A], [lamp]), false)).toEqual([B, C]);
  });

  test('embeds show their skeleton while their products load; a tag without an id says so at once', () => {
    expect(embeds()).toEqual([
      { kind: 'loading', layout: 'product' },
      { kind: 'loading', layout: 'three-products' },
      { kind: 'message', tone: 'error', message: 'Error: No product ID specified' },
    ]);
  });

  test('each embed waits only for its own products', () => {
    const [single, three] = embeds(withLookup(NO_PREVIEW_PRODUCTS, [A], [lamp]));
    expect(single).toMatchObject({ kind: 'product', product: { name: 'Desk Lamp', price: '$24.50' }, excerpt: 'Bright' });
    expect(three).toEqual({ kind: 'loading', layout: 'three-products' });
  });

  test('absent products are not found, like on the built page', () => {
    const products = withLookup(NO_PREVIEW_PRODUCTS, [A, B, C], [mug]);
    const [single, three] = embeds(products);
    expect(single).toEqual({ kind: 'message', tone: 'error', message: `Product not found (ID: ${A})` });
    expect(three).toMatchObject({ kind: 'three-products', columns: 1, title: 'Picks', products: [{ name: 'Mug' }] });
  });

  test('a failed lookup shows the failure texts, and is retried only when asked', () => {
    const products = withFailedLookup(NO_PREVIEW_PRODUCTS, [A, B, C]);
    const [single, three] = embeds(products);
    expect(single).toEqual({ kind: 'message', tone: 'error', message: `Failed to load product (ID: ${A})` });
    expect(three).toEqual({ kind: 'message', tone: 'error', message: 'Failed to load products' });
    expect(idsToLookUp(segments, products, false)).toEqual([]);
    expect(idsToLookUp(segments, products, true)).toEqual([A, B, C]);
    expect(embeds(withLookup(products, [A, B, C], [lamp, mug]))[1]).toMatchObject({ kind: 'three-products', columns: 2 });
  });
});

describe('previewHeader: the article header the form would publish', () => {
  const form = { ...emptyBlogForm(new Date('2026-11-02T12:00:00Z')), title: 'Gifts for Cooks', content: 'A few words.' };
  const now = new Date('2026-11-22T09:15:00Z');
  const cooking = { id: C, name: 'Culinary Crew' } as AdminCategory;
  const ann: EditorWriter = { id: A, name: 'Ann Writer', imageUrl: '/media/ann.svg', description: 'Cooks a lot.' };

  test('the chosen category and writer, the day at midnight UTC and the read time', () => {
    expect(previewHeader({ ...form, categoryId: C, writerId: A, author: 'Ignored' }, [cooking], [ann], now)).toEqual({
      title: 'Gifts for Cooks', excerpt: '', imageUrl: '', publishDate: '2026-11-02T00:00:00Z', readTime: '1 min read',
      category: 'Culinary Crew', author: { name: 'Ann Writer', imageUrl: '/media/ann.svg', description: 'Cooks a lot.' },
    });
  });

  test('without a writer the typed author shows, without either nobody does', () => {
    expect(previewHeader({ ...form, author: ' Sam ' }, [], [], now).author).toEqual({ name: 'Sam', imageUrl: null, description: null });
    expect(previewHeader({ ...form, author: '  ' }, [], [], now).author).toBeNull();
  });

  test('an untitled blog, with no day chosen, is dated today', () => {
    const header = previewHeader({ ...form, title: '', publishDate: '' }, [], [], now);
    expect(header).toMatchObject({ title: 'Untitled blog', publishDate: '2026-11-22T09:15:00.000Z', category: null });
  });

  test('only a picture the server would accept is shown', () => {
    expect(previewHeader({ ...form, imageUrl: ' /media/cooks.svg ' }, [], [], now).imageUrl).toBe('/media/cooks.svg');
    expect(previewHeader({ ...form, imageUrl: 'javascript:alert(1)' }, [], [], now).imageUrl).toBe('');
  });
});
