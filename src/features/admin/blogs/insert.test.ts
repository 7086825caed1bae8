import { describe, expect, test } from 'vitest';
import { blogSegments, embeddedProductIds } from '../../blog/text/markdown.ts';
import {
  canChoose, escapeAttribute, insertBlock, insertProblem, insertTags, productEmbedTag, selectionForMode, shouldSearchProducts,
  threeProductsTag, toggleProduct, type InsertChoice,
} from './insert.ts';

const A = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';
const B = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';
const C = '3c1d8e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const D = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

const choice = (over: Partial<InsertChoice>): InsertChoice => ({ mode: 'single', productIds: [], title: '', excerpt: '', description: '', ...over });

describe('shouldSearchProducts (spec: 2 or more characters, or empty)', () => {
  test('an empty query searches (the newest products)', () => expect(shouldSearchProducts('')).toBe(true));
  test('one character does not', () => expect(shouldSearchProducts('l')).toBe(false));
  test('two characters do', () => expect(shouldSearchProducts('la')).toBe(true));
  test('spaces alone are not characters to search for', () => expect(shouldSearchProducts('  ')).toBe(false));
});

describe('choosing products', () => {
  test('the single tab swaps its one choice', () => expect(toggleProduct([A], B, 'single')).toEqual([B]));
  test('choosing a chosen product unchooses it', () => expect(toggleProduct([A, B], A, 'multiple')).toEqual([B]));
  test('the multiple tab keeps every choice in order', () => expect(toggleProduct([A, B, C], D, 'multiple')).toEqual([A, B, C, D]));
  test('the three tab refuses a fourth product', () => {
    expect(toggleProduct([A, B, C], D, 'three')).toEqual([A, B, C]);
    expect(canChoose([A, B, C], D, 'three')).toBe(false);
    expect(canChoose([A, B, C], A, 'three')).toBe(true);
  });
  test('switching tabs keeps what the new tab can hold', () => {
    expect(selectionForMode([A, B, C, D], 'three')).toEqual([A, B, C]);
    expect(selectionForMode([A, B], 'single')).toEqual([A]);
    expect(selectionForMode([A, B], 'multiple')).toEqual([A, B]);
  });
});

describe('insertProblem (spec: single 1, multiple at least 1, three exactly 3 with a title and an excerpt)', () => {
  test('single needs a product; its texts are optional', () => {
    expect(insertProblem(choice({ mode: 'single' }))).toBe('Choose a product');
    expect(insertProblem(choice({ mode: 'single', productIds: [A] }))).toBeNull();
  });
  test('multiple needs at least 1 product', () => {
    expect(insertProblem(choice({ mode: 'multiple' }))).toBe('Choose at least 1 product');
    expect(insertProblem(choice({ mode: 'multiple', productIds: [A] }))).toBeNull();
  });
  test('three needs exactly 3 products', () => {
    expect(insertProblem(choice({ mode: 'three', productIds: [A, B], title: 'T', excerpt: 'E' }))).toBe('Choose exactly 3 products (2 chosen)');
  });
  test('three needs a title and an excerpt', () => {
    expect(insertProblem(choice({ mode: 'three', productIds: [A, B, C], excerpt: 'E' }))).toBe('Enter a title');
    expect(insertProblem(choice({ mode: 'three', productIds: [A, B, C], title: 'T', excerpt: '  ' }))).toBe('Enter an excerpt');
    expect(insertProblem(choice({ mode: 'three', productIds: [A, B, C], title: 'T', excerpt: 'E' }))).toBeNull();
  });
});

describe('tags', () => {
  test('escapeAttribute writes the enclosing quote, angle brackets, ampersands and line breaks as references', () => {
    expect(escapeAttribute(`Mum's "best" <gift> & more\nsecond line`)).toBe('Mum\'s &quot;best&quot; &lt;gift&gt; &amp; more&#10;second line');
    expect(escapeAttribute(`["a"] it's`, "'")).toBe('["a"] it&#39;s');
  });

  test('the single-product tag leaves out empty texts', () => {
    expect(productEmbedTag({ productId: A })).toBe(`<product-embed productId="${A}"></product-embed>`);
  });

  test('a single-product tag reads back as the same embed, quotes and ">" included', () => {
    const tag = productEmbedTag({ productId: A, title: 'The "one" > all', excerpt: "It's <great>", description: 'Warm & bright' });
    expect(blogSegments(tag)).toEqual([{ kind: 'product', productId: A, title: 'The "one" > all', excerpt: "It's <great>", description: 'Warm & bright' }]);
    expect(embeddedProductIds(tag)).toEqual([A]);
  });

  test('a three-product tag reads back with its three ids in order', () => {
    const tag = threeProductsTag({ productIds: [A, B, C], title: 'Top > "three"', excerpt: "Editors' picks" });
    expect(tag).toBe(`<three-products title="Top &gt; &quot;three&quot;" excerpt="Editors' picks" productid='["${A}","${B}","${C}"]'></three-products>`);
    expect(blogSegments(tag)).toEqual([{ kind: 'three-products', productIds: [A, B, C], title: 'Top > "three"', excerpt: "Editors' picks" }]);
    // The database derives products_id from the tag up to its first '>'.
    expect(embeddedProductIds(tag)).toEqual([A, B, C]);
  });

  test('the multiple tab writes one single-product tag per product, each on its own line', () => {
    const tags = insertTags(choice({ mode: 'multiple', productIds: [A, B], title: 'ignored' }));
    expect(tags).toBe(`<product-embed productId="${A}"></product-embed>\n<product-embed productId="${B}"></product-embed>`);
    expect(blogSegments(tags!).map((s) => s.kind)).toEqual(['product', 'product']);
  });

  test('nothing is written while the choice has a problem', () => {
    expect(insertTags(choice({ mode: 'three', productIds: [A, B, C] }))).toBeNull();
  });
});

describe('insertBlock (spec: tags go in at the cursor on their own lines)', () => {
  const tag = `<product-embed productId="${A}"></product-embed>`;

  test('into an empty body', () => {
    expect(insertBlock('', 0, 0, tag)).toEqual({ content: `${tag}\n`, cursor: tag.length + 1 });
  });

  test('in the middle of a paragraph, the paragraph is split around the tag', () => {
    const { content, cursor } = insertBlock('Before after', 7, 7, tag);
    expect(content).toBe(`Before \n\n${tag}\n\nafter`);
    expect(content.slice(cursor)).toBe('after');
    expect(blogSegments(content).map((s) => s.kind)).toEqual(['html', 'product', 'html']);
  });

  test('at the start of a line, only the missing line breaks are added', () => {
    expect(insertBlock('One\n\nTwo', 5, 5, tag).content).toBe(`One\n\n${tag}\n\nTwo`);
    expect(insertBlock('One\nTwo', 4, 4, tag).content).toBe(`One\n\n${tag}\n\nTwo`);
  });

  test('replaces the selected text', () => {
    expect(insertBlock('Keep DROP keep', 5, 9, tag).content).toBe(`Keep \n\n${tag}\n\n keep`);
  });

  test('at the end, the cursor lands on the line after the tag', () => {
    const { content, cursor } = insertBlock('Intro', 5, 5, tag);
    expect(content).toBe(`Intro\n\n${tag}\n`);
    expect(cursor).toBe(content.length);
  });

  test('a selection outside the text is clamped to it', () => {
    expect(insertBlock('Intro', 99, 120, tag).content).toBe(`Intro\n\n${tag}\n`);
  });
});
