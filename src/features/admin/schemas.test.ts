import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES, blogCreateSchema, blogUpdateSchema, categoryCreateSchema, categoryUpdateSchema, firstProblem,
  formatQuizText, hasAtMostTwoDecimals, isHttpUrl, isImageUrl, parseQuizText, parseSeoKeywords, platformCreateSchema,
  productCreateSchema, productIdSchema, productUpdateSchema, quizCreateSchema, quizUpdateSchema, withQuestionIds,
} from './schemas.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';
const OTHER_ID = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';

/** The first problem a schema finds, or 'ok'. */
function problem(schema: z.ZodType, value: unknown): { field: string; message: string } | 'ok' {
  const parsed = schema.safeParse(value);
  return parsed.success ? 'ok' : firstProblem(parsed.error);
}

describe('isImageUrl', () => {
  test.each(['https://img.example.com/a.png', 'http://img.example.com/a.png?size=2', '/media/products/lamp-1.svg', '/'])(
    'accepts %s', (url) => expect(isImageUrl(url)).toBe(true),
  );
  test.each(['lamp.png', 'ftp://img.example.com/a.png', 'javascript:alert(1)', '//evil.example.com/a.png', '/media/a b.png', 'https://', 'HTTPS://img.example.com/a.png', ''])(
    'refuses %s', (url) => expect(isImageUrl(url)).toBe(false),
  );
});

describe('isHttpUrl', () => {
  test('accepts absolute http(s) URLs only', () => {
    expect(isHttpUrl('https://www.amazon.com/dp/B0TEST?tag=giftshop-20')).toBe(true);
    expect(isHttpUrl('/media/a.png')).toBe(false);
    expect(isHttpUrl('mailto:shop@example.com')).toBe(false);
  });
});

describe('hasAtMostTwoDecimals (spec: price step 0.01)', () => {
  test.each([0, 1, 12.5, 12.34, 0.29, 99_999_999.99])('%s has at most two', (price) => expect(hasAtMostTwoDecimals(price)).toBe(true));
  test.each([12.345, 0.001, 1e-7])('%s has more', (price) => expect(hasAtMostTwoDecimals(price)).toBe(false));
});

describe('parseSeoKeywords (spec: comma-separated, trimmed, empties dropped)', () => {
  test('splits a comma-separated text', () => expect(parseSeoKeywords(' lamp, desk ,, reading light ,')).toEqual(['lamp', 'desk', 'reading light']));
  test('trims a list and drops its empties', () => expect(parseSeoKeywords([' lamp ', '', '  ', 'desk'])).toEqual(['lamp', 'desk']));
  test('an empty text is no keywords', () => expect(parseSeoKeywords('')).toEqual([]));
});

describe('products', () => {
  const product = {
    name: 'Desk Lamp',
    description: 'A warm light.',
    price: 24.99,
    image_url: '/media/products/lamp-1.svg',
    category_ids: [ID],
  };

  test('a new product gets the defaults for what it leaves out', () => {
    expect(productCreateSchema.parse(product)).toEqual({
      ...product,
      subcategory_ids: [],
      media_urls: [],
      variants: [],
      affiliate_links: [],
      gender_category: 'for_both',
      tagline: null,
      seo_title: null,
      seo_description: null,
      seo_keywords: [],
    });
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
    ['no categories', { category_ids: undefined }, 'category_ids', ADMIN_MESSAGES.noCategoryChosen],
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
    ['an affiliate link without a url', { affiliate_links: [{ platform: 'Etsy' }] }, 'affiliate_links.0.url', 'Affiliate link URL is required'],
    ['an affiliate link to a site path', { affiliate_links: [{ platform: 'Etsy', url: '/go/etsy' }] }, 'affiliate_links.0.url', 'Affiliate link URL must be an http(s) URL'],
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
    expect(problem(productCreateSchema, { ...product, seo_description: 'x'.repeat(155) })).toBe('ok');
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

describe('categories', () => {
  const category = { name: 'Board Games', type: ['product'] };

  test('a new category gets the defaults for what it leaves out', () => {
    expect(categoryCreateSchema.parse(category)).toEqual({
      name: 'Board Games',
      type: ['product'],
      description: '',
      short_description: null,
      image_url: null,
      image_url_banner: null,
      image_url_banner_small: null,
      color: '#F5F5F5',
      visible: true,
      gender_category: 'for_both',
      subcategories: [],
    });
  });

  test('types are de-duplicated', () => {
    expect(categoryCreateSchema.parse({ ...category, type: ['blog', 'product', 'blog'] }).type).toEqual(['blog', 'product']);
  });

  test('subcategories need a name; description and audience are optional', () => {
    const parsed = categoryCreateSchema.parse({ ...category, subcategories: [{ name: ' Strategy ' }, { id: ID, name: 'Party', description: 'Loud', gender_category: 'for_her' }] });
    expect(parsed.subcategories).toEqual([
      { name: 'Strategy', description: null },
      { id: ID, name: 'Party', description: 'Loud', gender_category: 'for_her' },
    ]);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: undefined }, 'name', 'Name is required'],
    ['a name of 121 characters', { name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
    ['no types', { type: undefined }, 'type', ADMIN_MESSAGES.noType],
    ['an empty type list', { type: [] }, 'type', 'At least one type must be selected'],
    ['a type other than product, blog or quiz', { type: ['product', 'gift'] }, 'type.1', 'Types can only be product, blog or quiz'],
    ['a short description of 241 characters', { short_description: 'x'.repeat(241) }, 'short_description', 'Short description must be at most 240 characters'],
    ['an image URL that is not a URL', { image_url: 'games.png' }, 'image_url', 'Image URL must be an http(s) URL or a path starting with /'],
    ['a banner URL that is not a URL', { image_url_banner: 'wide.png' }, 'image_url_banner', 'Banner image URL must be an http(s) URL or a path starting with /'],
    ['a small banner URL that is not a URL', { image_url_banner_small: 'small.png' }, 'image_url_banner_small', 'Small banner image URL must be an http(s) URL or a path starting with /'],
    ['a colour by name', { color: 'teal' }, 'color', 'Color must be a hex color such as #F5F5F5'],
    ['visible as text', { visible: 'true' }, 'visible', 'Visible must be true or false'],
    ['an unknown audience', { gender_category: 'everyone' }, 'gender_category', 'Target audience must be for_him, for_her or for_both'],
    ['a subcategory without a name', { subcategories: [{ description: 'x' }] }, 'subcategories.0.name', 'Subcategory name is required'],
    ['a subcategory id that is not a UUID', { subcategories: [{ id: '12', name: 'A' }] }, 'subcategories.0.id', 'Subcategory ID must be a UUID'],
    ['two subcategories with one name, in any case', { subcategories: [{ name: 'Party' }, { name: 'PARTY' }] }, 'subcategories.1.name', 'Two subcategories are named PARTY'],
    ['one subcategory listed twice', { subcategories: [{ id: ID, name: 'A' }, { id: ID, name: 'B' }] }, 'subcategories.1.id', `Subcategory ${ID} is listed twice`],
    ['a subcategory with another field', { subcategories: [{ name: 'A', color: '#FFFFFF' }] }, 'subcategories.0.color', 'Unknown subcategory field: color'],
    ['a field categories may not set', { featured: true }, 'featured', 'Unknown field: featured'],
  ])('%s: %s → %s', (_, change, field, message) => {
    expect(problem(categoryCreateSchema, { ...category, ...change })).toEqual({ field, message });
  });

  test("an update needs a selected category: 'No category selected' (spec)", () => {
    expect(problem(categoryUpdateSchema, category)).toEqual({ field: 'id', message: 'No category selected' });
  });

  test('an update without subcategories leaves them out (kept); an empty list is kept as empty (delete all)', () => {
    expect(categoryUpdateSchema.parse({ ...category, id: ID })).toEqual({ ...category, id: ID });
    expect(categoryUpdateSchema.parse({ ...category, id: ID, subcategories: [] }).subcategories).toEqual([]);
  });
});

describe('blogs', () => {
  test('only a title is required; nothing is defaulted (the database does that)', () => {
    expect(blogCreateSchema.parse({ title: ' Movie Nights ' })).toEqual({ title: 'Movie Nights' });
  });

  test('a category and a writer may be cleared with null', () => {
    expect(blogCreateSchema.parse({ title: 'A', category_id: null, writer_id: null })).toEqual({ title: 'A', category_id: null, writer_id: null });
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['content that is not text', { content: 5 }, 'content', 'Content must be text'],
    ['a category id that is not a UUID', { category_id: 'movies' }, 'category_id', 'Category ID must be a UUID'],
    ['a writer id that is not a UUID', { writer_id: 'ann' }, 'writer_id', 'Writer ID must be a UUID'],
    ['a publish date without a time', { publish_date: '2026-11-18' }, 'publish_date', 'Publish date must be a date and time such as 2026-11-18T10:30:00Z'],
    ['an image URL that is not a URL', { image_url: 'cover.png' }, 'image_url', 'Image URL must be an http(s) URL or a path starting with /'],
    ['featured as text', { featured: 'no' }, 'featured', 'Featured must be true or false'],
    ['products_id, which the content decides', { products_id: [ID] }, 'products_id', 'Unknown field: products_id'],
  ])('%s: %s → %s', (_, change, field, message) => {
    expect(problem(blogCreateSchema, { title: 'Movie Nights', ...change })).toEqual({ field, message });
  });

  test('an update needs the blog id', () => {
    expect(problem(blogUpdateSchema, { title: 'A' })).toEqual({ field: 'id', message: 'No blog ID provided' });
  });
});

describe('quizzes', () => {
  const quiz = {
    title: 'Weekend Quiz',
    description: 'About weekends.',
    category_id: ID,
    questions: [{ text: 'Tea or coffee?', options: [{ text: 'Tea', personalities: ['drinkLab'] }, { text: 'Coffee' }] }],
  };

  test('options without personalities score nothing; repeated personalities count once', () => {
    const parsed = quizCreateSchema.parse({
      ...quiz,
      questions: [{ text: 'Q', options: [{ text: 'A', personalities: ['gameMode', 'gameMode', 'techSavvy'] }, { text: 'B' }] }],
    });
    expect(parsed.questions[0]?.options).toEqual([
      { text: 'A', personalities: ['gameMode', 'techSavvy'] },
      { text: 'B', personalities: [] },
    ]);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['no description', { description: ' ' }, 'description', 'Description is required'],
    ['no category', { category_id: undefined }, 'category_id', 'Category is required'],
    ['a category that is not a UUID', { category_id: 'games' }, 'category_id', 'Category must be a UUID'],
    ['no questions', { questions: undefined }, 'questions', 'Questions are required'],
    ['an empty question list', { questions: [] }, 'questions', 'Questions are required'],
    ['questions as text', { questions: 'Tea or coffee?\nTea\nCoffee' }, 'questions', 'Questions must be a list'],
    ['a question without text', { questions: [{ options: [{ text: 'A' }, { text: 'B' }] }] }, 'questions.0.text', 'Question text is required'],
    ['a question with one option', { questions: [{ text: 'Q', options: [{ text: 'A' }] }] }, 'questions.0.options', 'Each question needs at least 2 options'],
    ['a question with 9 options', { questions: [{ text: 'Q', options: Array.from({ length: 9 }, (_, i) => ({ text: `${i}` })) }] }, 'questions.0.options', 'A question can have at most 8 options (A to H)'],
    ['an option without text', { questions: [{ text: 'Q', options: [{ text: '' }, { text: 'B' }] }] }, 'questions.0.options.0.text', 'Option text is required'],
    ['an unknown personality', { questions: [{ text: 'Q', options: [{ text: 'A', personalities: ['cats'] }, { text: 'B' }] }] }, 'questions.0.options.0.personalities.0', 'Unknown personality "cats": use one of the 20 gift personalities'],
    ['one question id twice', { questions: [{ id: 'q', text: 'A', options: [{ text: '1' }, { text: '2' }] }, { id: 'q', text: 'B', options: [{ text: '1' }, { text: '2' }] }] }, 'questions.1.id', 'Question ID q is used twice'],
  ])('%s: %s → %s', (_, change, field, message) => {
    expect(problem(quizCreateSchema, { ...quiz, ...change })).toEqual({ field, message });
  });

  test('all twenty personalities of the spec are accepted', () => {
    const personalities = [
      'dontNeedAnything', 'buildersFixers', 'personalFitness', 'musicRoom', 'newParents', 'techSavvy', 'craftsPottery',
      'culinaryCrew', 'natureUnleashed', 'gameMode', 'drinkLab', 'artistDesigners', 'togetherWherever',
      'lightsCameraAction', 'workaholic', 'sportsCentral', 'storytellerCorner', 'worldExplorer', 'animeFans', 'beautySkinHair',
    ];
    expect(problem(quizCreateSchema, { ...quiz, questions: [{ text: 'Q', options: [{ text: 'All', personalities }, { text: 'None' }] }] })).toBe('ok');
  });

  test('an update needs the quiz id', () => {
    expect(problem(quizUpdateSchema, quiz)).toEqual({ field: 'id', message: 'No quiz ID provided' });
  });

  test('withQuestionIds keeps ids and gives new questions one', () => {
    let n = 0;
    const parsed = quizCreateSchema.parse({
      ...quiz,
      questions: [{ id: 'kept', text: 'A', options: [{ text: '1' }, { text: '2' }] }, { text: 'B', options: [{ text: '1' }, { text: '2' }] }],
    });
    expect(withQuestionIds(parsed.questions, () => `new-${++n}`).map((q) => q.id)).toEqual(['kept', 'new-1']);
  });
});

describe('parseQuizText (spec: one question per block, blank-line separated; first line the question, the rest its options)', () => {
  test('reads blocks into questions and options, trimmed, empty lines dropped', () => {
    expect(parseQuizText('\n  Tea or coffee?  \n  Tea \n\n   \n\nWhere to?\n Beach\nMountains \n\n')).toEqual([
      { text: 'Tea or coffee?', options: [{ text: 'Tea', personalities: [] }] },
      { text: 'Where to?', options: [{ text: 'Beach', personalities: [] }, { text: 'Mountains', personalities: [] }] },
    ]);
  });

  test('a blank line holding only spaces separates blocks too, and Windows line ends are fine', () => {
    expect(parseQuizText('A?\r\n1\r\n  \r\nB?\r\n2').map((q) => q.text)).toEqual(['A?', 'B?']);
  });

  test('an option may end in [key, key] naming its personalities', () => {
    expect(parseQuizText('Saturday?\nA long run [personalFitness, sportsCentral]\nA new game [ gameMode ,, techSavvy ]\nA nap []')).toEqual([
      {
        text: 'Saturday?',
        options: [
          { text: 'A long run', personalities: ['personalFitness', 'sportsCentral'] },
          { text: 'A new game', personalities: ['gameMode', 'techSavvy'] },
          { text: 'A nap', personalities: [] },
        ],
      },
    ]);
  });

  test('unknown keys come back as written, for the schema to report', () => {
    expect(parseQuizText('Q\nA [cats]')[0]?.options[0]).toEqual({ text: 'A', personalities: ['cats'] });
  });

  test('brackets inside an option are part of its text', () => {
    expect(parseQuizText('Q\nLego [large] set')[0]?.options[0]).toEqual({ text: 'Lego [large] set', personalities: [] });
  });

  test('empty text is no questions', () => {
    expect(parseQuizText(' \n\n ')).toEqual([]);
  });

  test('a parsed text passes the quiz schema as questions', () => {
    const questions = parseQuizText('Tea or coffee?\nTea [drinkLab]\nCoffee [workaholic, drinkLab]');
    expect(problem(quizCreateSchema, { title: 'T', description: 'D', category_id: ID, questions })).toBe('ok');
  });

  test('formatQuizText writes questions back in the same format', () => {
    const text = 'Tea or coffee?\nTea [drinkLab]\nCoffee\n\nWhere to?\nBeach [worldExplorer, natureUnleashed]\nHome';
    expect(formatQuizText(parseQuizText(text))).toBe(text);
  });
});

describe('platforms', () => {
  test.each<[unknown, string, string]>([
    [{}, 'name', 'Platform name is required'],
    [{ name: '  ' }, 'name', 'Platform name is required'],
    [{ name: 'x'.repeat(61) }, 'name', 'Platform name must be at most 60 characters'],
    [{ name: 'Etsy', url: 'https://etsy.com' }, 'url', 'Unknown field: url'],
  ])('%j → %s: %s', (body, field, message) => {
    expect(problem(platformCreateSchema, body)).toEqual({ field, message });
  });

  test('a name is trimmed', () => {
    expect(platformCreateSchema.parse({ name: ' Bookshop ' })).toEqual({ name: 'Bookshop' });
  });
});
