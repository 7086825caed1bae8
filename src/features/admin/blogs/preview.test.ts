import { describe, expect, test } from 'vitest';
import type { EmbedProduct } from '../../blog/embeds.ts';
import { blogSegments } from '../../blog/markdown.ts';
import { idsToLookUp, NO_PREVIEW_PRODUCTS, previewSegments, withFailedLookup, withLookup } from './preview.ts';

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
