import { describe, expect, test } from 'vitest';
import { PRODUCT_MESSAGES, productCreateSchema, productIdSchema, productUpdateSchema } from './schemas.ts';
import { firstProblemOf as problem } from '../fields.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';
const OTHER_ID = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';

describe('products', () => {
  const product = {
    name: 'Desk Lamp',
    description: 'A warm light.',
    price: 24.99,
    image_url: '/media/products/lamp-1.svg',
    category_ids: [ID],
  };

  test.each<[string, unknown]>([
    ['subcategory_ids', []],
    ['media_urls', []],
    ['variants', []],
    ['affiliate_links', []],
    ['gender_category', 'for_both'],
    ['tagline', null],
    ['seo_title', null],
    ['seo_description', null],
    ['seo_keywords', []],
  ])('a new product without %s gets %j', (field, value) => {
    expect(productCreateSchema.parse(product)).toMatchObject({ ...product, [field]: value });
  });

  test('texts are trimmed, blank optional texts become null, keywords are parsed', () => {
    const parsed = productCreateSchema.parse({ ...product, name: '  Desk Lamp ', tagline: '   ', seo_keywords: 'lamp, , desk' });
    expect(parsed).toMatchObject({ name: 'Desk Lamp', tagline: null, seo_keywords: ['lamp', 'desk'] });
  });

  test('categories and subcategories are de-duplicated (spec), in order', () => {
    const parsed = productCreateSchema.parse({ ...product, category_ids: [ID, OTHER_ID, ID], subcategory_ids: [OTHER_ID, ID, OTHER_ID] });
    expect(parsed.category_ids).toEqual([ID, OTHER_ID]);
    expect(parsed.subcategory_ids).toEqual([OTHER_ID, ID]);
  });

  test('media, variants and affiliate links in their shapes are accepted', () => {
    const parsed = productCreateSchema.parse({
      ...product,
      media_urls: [{ type: 'image', url: '/media/a.svg' }, { type: 'video', url: 'https://v.example.com/a.mp4' }],
      variants: [{ name: 'Red', image_url: '/media/red.svg' }, { name: 'Blue' }],
      affiliate_links: [{ platform: 'Amazon', url: 'https://www.amazon.com/dp/1' }],
    });
    expect(parsed.affiliate_links).toEqual([{ platform: 'Amazon', title: '', url: 'https://www.amazon.com/dp/1' }]);
    expect(parsed.variants).toEqual([{ name: 'Red', image_url: '/media/red.svg' }, { name: 'Blue' }]);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: undefined }, 'name', 'Name is required'],
    ['a blank name', { name: '  ' }, 'name', 'Name is required'],
    ['a name that is not text', { name: 5 }, 'name', 'Name must be text'],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    ['no description', { description: undefined }, 'description', 'Description is required'],
    ['no price', { price: undefined }, 'price', 'Price is required'],
    ['a price as text', { price: '24.99' }, 'price', 'Price must be a number'],
    ['a price of NaN', { price: Number.NaN }, 'price', 'Price must be a number'],
    ['an infinite price', { price: Number.POSITIVE_INFINITY }, 'price', 'Price must be a number'],
    ['a negative price', { price: -1 }, 'price', 'Price cannot be negative'],
    ['a price with 3 decimals', { price: 24.999 }, 'price', 'Price can have at most 2 decimals'],
    ['a price of 100,000,000', { price: 100_000_000 }, 'price', 'Price must be less than 100,000,000'],
    ['no image URL', { image_url: undefined }, 'image_url', 'Image URL is required'],
    ['an image URL that is not a URL', { image_url: 'lamp.png' }, 'image_url', 'Image URL must be an http(s) URL or a path starting with /'],
    ['no categories', { category_ids: undefined }, 'category_ids', PRODUCT_MESSAGES.noCategoryChosen],
    ['an empty category list', { category_ids: [] }, 'category_ids', 'Please select at least one category'],
    ['a category id that is not a UUID', { category_ids: ['lamps'] }, 'category_ids.0', 'Category ID must be a UUID'],
    ['subcategories that are not a list', { subcategory_ids: ID }, 'subcategory_ids', 'Subcategories must be a list of IDs'],
    ['media that are not a list', { media_urls: { type: 'image', url: '/a.svg' } }, 'media_urls', 'Media must be a list'],
    ['a media entry with an empty url', { media_urls: [{ type: 'image', url: '' }] }, 'media_urls.0.url', 'Media URL is required'],
    ['a media entry without a url', { media_urls: [{ type: 'image' }] }, 'media_urls.0.url', 'Media URL is required'],
    ['a media entry of another type', { media_urls: [{ type: 'audio', url: '/a.mp3' }] }, 'media_urls.0.type', 'Media type must be image or video'],
    ['a media entry with a bad url', { media_urls: [{ type: 'video', url: 'vid.mp4' }] }, 'media_urls.0.url', 'Media URL must be an http(s) URL or a path starting with /'],
    ['a media entry that is text', { media_urls: ['/a.svg'] }, 'media_urls.0', 'Each media entry must be an object with a type and a url'],
    ['a media entry with another field', { media_urls: [{ type: 'image', url: '/a.svg', alt: 'A' }] }, 'media_urls.0.alt', 'Unknown media field: alt'],
    ['a variant without a name', { variants: [{ image_url: '/red.svg' }] }, 'variants.0.name', 'Variant name is required'],
    ['a variant with a bad image URL', { variants: [{ name: 'Red', image_url: 'red' }] }, 'variants.0.image_url', 'Variant image URL must be an http(s) URL or a path starting with /'],
    ['an affiliate link without a platform', { affiliate_links: [{ url: 'https://a.example.com' }] }, 'affiliate_links.0.platform', 'Affiliate link platform is required'],
    ['an affiliate link without a url', { affiliate_links: [{ platform: 'Etsy' }] }, 'affiliate_links.0.url', 'URL for the Etsy link is required'],
    ['an affiliate link with a blank url', { affiliate_links: [{ platform: 'Etsy', url: '  ' }] }, 'affiliate_links.0.url', 'URL for the Etsy link is required'],
    ['an affiliate link to a site path', { affiliate_links: [{ platform: 'Etsy', url: '/go/etsy' }] }, 'affiliate_links.0.url', 'URL for the Etsy link must be a web address starting with https:// or http://'],
    ['a second affiliate link without its scheme', { affiliate_links: [{ platform: 'Etsy', url: 'https://etsy.example.com' }, { platform: 'Amazon', url: 'www.amazon.com/dp/B0' }] }, 'affiliate_links.1.url', 'URL for the Amazon link must be a web address starting with https:// or http://'],
    ['an affiliate link title of 201 characters', { affiliate_links: [{ platform: 'Etsy', title: 'x'.repeat(201), url: 'https://etsy.example.com' }] }, 'affiliate_links.0.title', 'Title for the Etsy link must be at most 200 characters'],
    ['an affiliate link title that is not text', { affiliate_links: [{ platform: 'Etsy', title: 1, url: 'https://etsy.example.com' }] }, 'affiliate_links.0.title', 'Affiliate link title must be text'],
    ['an audience that does not exist', { gender_category: 'for_kids' }, 'gender_category', 'Target audience must be for_him, for_her or for_both'],
    ['an SEO description of 156 characters', { seo_description: 'x'.repeat(156) }, 'seo_description', 'SEO description must be at most 155 characters'],
    ['SEO keywords as a number', { seo_keywords: 3 }, 'seo_keywords', 'SEO keywords must be a list or comma-separated text'],
    ['a tagline of 201 characters', { tagline: 'x'.repeat(201) }, 'tagline', 'Tagline must be at most 200 characters'],
    ['a field products do not have', { category: 'Lamps' }, 'category', 'Unknown field: category'],
  ])('%s: %s → %s', (_, change, field, message) => {
    expect(problem(productCreateSchema, { ...product, ...change })).toEqual({ field, message });
  });

  test('an SEO description of exactly 155 characters is accepted', () => {
    expect(problem(productCreateSchema, { ...product, seo_description: 'x'.repeat(155) })).toBeNull();
  });

  test('a body that is not an object', () => {
    expect(problem(productCreateSchema, 'Desk Lamp')).toEqual({ field: '', message: 'The product must be a JSON object' });
  });

  test("an update needs the id: 'No product ID provided' (spec)", () => {
    expect(problem(productUpdateSchema, product)).toEqual({ field: 'id', message: 'No product ID provided' });
    expect(problem(productUpdateSchema, { ...product, id: '' })).toEqual({ field: 'id', message: 'No product ID provided' });
    expect(problem(productUpdateSchema, { ...product, id: 'lamp' })).toEqual({ field: 'id', message: 'Product ID must be a UUID' });
    expect(problem(productIdSchema, undefined)).toEqual({ field: '', message: 'No product ID provided' });
  });

  test('an update keeps what it leaves out: no defaults are filled in', () => {
    expect(productUpdateSchema.parse({ ...product, id: ID })).toEqual({ ...product, id: ID });
  });

  test('an update still needs the form\'s required fields and at least one category', () => {
    expect(problem(productUpdateSchema, { ...product, id: ID, category_ids: [] })).toEqual({ field: 'category_ids', message: 'Please select at least one category' });
  });
});

describe('prices by hand', () => {
  const product = { name: 'Desk Lamp', description: 'A warm light.', price: 24.99, image_url: '/media/products/lamp-1.svg', category_ids: [ID] };
  const link = (price: unknown) => ({ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://amazon.example/lamp', price });

  test("a retailer link takes an optional current price: a number above 0 with at most 2 decimals", () => {
    expect(productCreateSchema.parse({ ...product, affiliate_links: [link(19.99)] }).affiliate_links[0]).toMatchObject({ price: 19.99 });
    expect(productCreateSchema.parse({ ...product, affiliate_links: [link(0.01)] }).affiliate_links[0]).toMatchObject({ price: 0.01 });
    expect(productCreateSchema.parse({ ...product, affiliate_links: [link(undefined)] }).affiliate_links[0]).not.toHaveProperty('price');
    expect(productCreateSchema.parse({ ...product, affiliate_links: [link(null)] }).affiliate_links[0]).not.toHaveProperty('price');
  });

  test.each<[unknown, string]>([
    [-1, 'Price for the Amazon link cannot be negative'],
    [0, 'Price for the Amazon link must be more than 0'],
    [1.999, 'Price for the Amazon link can have at most 2 decimals'],
    ['12', 'Price for the Amazon link must be a number'],
    [Number.NaN, 'Price for the Amazon link must be a number'],
    [100_000_000, 'Price for the Amazon link must be less than 100,000,000'],
  ])('a link price of %j is refused with an error naming the link', (price, message) => {
    const result = productCreateSchema.safeParse({ ...product, affiliate_links: [link(price)] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['affiliate_links.0.price', message]]);
  });
});
