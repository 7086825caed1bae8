import { describe, expect, test } from 'vitest';
import { blogSegments } from './markdown.ts';
import { EMBED_RENDER_FAILURE, embedHeadingLevel, embedView, shopperEmbedView, type EmbedProduct, type EmbedProducts } from './embeds.ts';

const mug: EmbedProduct = { id: 'p1', name: 'Stoneware Mug', price: 24.5, imageUrl: '/m/mug.svg', tagline: 'Hand-thrown' };
const kettle: EmbedProduct = { id: 'p2', name: 'Gooseneck Kettle', price: 1250, imageUrl: '/m/kettle.svg', tagline: '  ' };
const lamp: EmbedProduct = { id: 'p3', name: 'Desk Lamp', price: 80, imageUrl: '/m/lamp.svg', tagline: null };
const shelf = new Map([mug, kettle, lamp].map((p) => [p.id, p]));
const ready: EmbedProducts = { status: 'ready', product: (id) => shelf.get(id) };

const single = { kind: 'product', productId: 'p1', title: 'Mug', excerpt: 'A daily joy', description: '' } as const;
const three = (productIds: string[]) => ({ kind: 'three-products', productIds, title: 'Trio', excerpt: '' }) as const;

describe('single-product embed', () => {
  test('shows image, name, price as $ plus the price, the link and the optional texts', () => {
    expect(embedView(single, ready)).toEqual({
      kind: 'product',
      product: { id: 'p1', name: 'Stoneware Mug', price: '$24.50', imageUrl: '/m/mug.svg', tagline: 'Hand-thrown', href: '/products/p1' },
      excerpt: 'A daily joy',
      description: null,
    });
  });

  test('says \'Product not found (ID: …)\' when the product is absent', () => {
    expect(embedView({ ...single, productId: 'gone' }, ready)).toEqual({ kind: 'message', tone: 'error', message: 'Product not found (ID: gone)' });
  });

  test('shows the tag error \'Error: No product ID specified\' without looking anything up', () => {
    const view = embedView({ kind: 'error', message: 'Error: No product ID specified' }, { status: 'loading' });
    expect(view).toEqual({ kind: 'message', tone: 'error', message: 'Error: No product ID specified' });
  });

  test('is a skeleton while loading and says \'Failed to load product (ID: …)\' when loading failed', () => {
    expect(embedView(single, { status: 'loading' })).toEqual({ kind: 'loading', layout: 'product' });
    expect(embedView(single, { status: 'error' })).toMatchObject({ message: 'Failed to load product (ID: p1)' });
  });
});

describe('three-product embed', () => {
  test('lays the found products out in as many columns as there are, up to 3', () => {
    const view = embedView(three(['p1', 'p2', 'p3']), ready);
    expect(view).toMatchObject({ kind: 'three-products', title: 'Trio', excerpt: null, columns: 3 });
    expect(view.kind === 'three-products' && view.products.map((p) => [p.name, p.price, p.tagline])).toEqual([
      ['Stoneware Mug', '$24.50', 'Hand-thrown'], ['Gooseneck Kettle', '$1,250.00', null], ['Desk Lamp', '$80.00', null],
    ]);
    expect(embedView(three(['p2', 'missing', 'p2']), ready)).toMatchObject({ columns: 1 });
    expect(embedView(three(['p1', 'p3']), ready)).toMatchObject({ columns: 2 });
  });

  test('says \'No products found\' when none is found, \'Failed to load products\' when loading failed', () => {
    expect(embedView(three([]), ready)).toEqual({ kind: 'message', tone: 'empty', message: 'No products found' });
    expect(embedView(three(['missing']), ready)).toMatchObject({ message: 'No products found' });
    expect(embedView(three(['p1']), { status: 'error' })).toEqual({ kind: 'message', tone: 'error', message: 'Failed to load products' });
    expect(embedView(three(['p1']), { status: 'loading' })).toEqual({ kind: 'loading', layout: 'three-products' });
  });
});

describe('on the article page, for shoppers', () => {
  test('a product deleted since the article was written is left out quietly, not shown as an error', () => {
    expect(shopperEmbedView({ ...single, productId: 'gone' }, ready)).toBeNull();
    expect(shopperEmbedView(three(['gone', 'also-gone']), ready)).toBeNull();
  });

  test('a three-product block shows the products that are left', () => {
    expect(shopperEmbedView(three(['p1', 'gone', 'p3']), ready)).toMatchObject({ kind: 'three-products', columns: 2 });
  });

  test('found products and tag errors show as in the editor', () => {
    expect(shopperEmbedView(single, ready)).toEqual(embedView(single, ready));
    expect(shopperEmbedView({ kind: 'error', message: 'Error: No product ID specified' }, ready)).toMatchObject({ tone: 'error' });
  });
});

test('a failed embed render offers \'Refresh Page\'', () => {
  expect(EMBED_RENDER_FAILURE).toEqual({
    title: 'Something went wrong',
    message: "We're having trouble loading this content. Please try refreshing the page.",
    action: 'Refresh Page',
  });
});

describe('embedHeadingLevel', () => {
  test('puts an embed one level below the last heading before it, h2 under the article title', () => {
    const segments = blogSegments([
      '<product-embed productId="p1"></product-embed>',
      '## Our picks',
      '### The mug',
      '<product-embed productId="p1"></product-embed>',
      '## More',
      '<three-products productid=\'["p1"]\'></three-products>',
    ].join('\n\n'));
    const embeds = segments.flatMap((s, i) => (s.kind === 'html' ? [] : [embedHeadingLevel(segments, i)]));
    expect(embeds).toEqual([2, 4, 3]);
  });
});
