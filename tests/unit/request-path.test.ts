import { expect, test } from 'vitest';
import { normalizedPath, normalizedTarget } from '../../scripts/lib/request-path.ts';

test('an encoded character a path may hold as it is is decoded, so the page named with it is found', () => {
  expect(normalizedPath('/blog-detail/b1/sketchbooks%2C-pens-and-tools')).toBe('/blog-detail/b1/sketchbooks,-pens-and-tools');
  expect(normalizedPath('/blog-detail/b1/gifts-under-%2450')).toBe('/blog-detail/b1/gifts-under-$50');
  expect(normalizedPath('/f%61q')).toBe('/faq');
  expect(normalizedPath("/blog-detail/b1/mom%27s-%3a-day")).toBe("/blog-detail/b1/mom's-:-day");
});

test('an encoded slash, question mark, space or non-ASCII character stays encoded', () => {
  expect(normalizedPath('/a%2Fb')).toBe('/a%2Fb');
  expect(normalizedPath('/a%3Fb%20c')).toBe('/a%3Fb%20c');
  expect(normalizedPath('/caf%C3%A9')).toBe('/caf%C3%A9');
  expect(normalizedPath('/products')).toBe('/products');
  // An encoded percent sign stays one: %252C is the text '%2C', not a comma.
  expect(normalizedPath('/a%252C')).toBe('/a%252C');
});

test("a request's query is kept as it came, only its path is normalized", () => {
  expect(normalizedTarget('/blog-detail/b1/a%2C-b?q=a%2Cb%252C&x=it\'s')).toBe("/blog-detail/b1/a,-b?q=a%2Cb%252C&x=it's");
  expect(normalizedTarget('/products?q=%E0%A4%A')).toBe('/products?q=%E0%A4%A');
  expect(normalizedTarget('/search?q=caf%C3%A9')).toBe('/search?q=caf%C3%A9');
  expect(normalizedTarget('/%E0%A4%A?page=2')).toBeNull();
});

test('a malformed encoding is no path at all', () => {
  expect(normalizedPath('/%E0%A4%A')).toBeNull();
  expect(normalizedPath('/products/%zz')).toBeNull();
  expect(normalizedPath('/%C3')).toBeNull();
});
