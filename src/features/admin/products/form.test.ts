import { describe, expect, test } from 'vitest';
import type { AdminProduct } from './queries.ts';
import {
  categoryChoiceLabel, chosenSubcategoryIds, editProductForm, hasUnsavedChanges, lastUsedCategory, newProductForm, productFormOf,
  problemsAfterChange, productBody, productField, productRequest, rowsWithCategory, rowsWithRowAdded, rowsWithRowRemoved, rowsWithSubcategory,
  seoTitleNotice, withAffiliateLink, affiliateEntryProblem, type ProductForm, type ProductFormChange,
} from './form.ts';

const GAMES = '24dace88-d476-84ff-85ab-763b62f661d0';
const TECH = '06f4309c-26fa-835c-8026-0805a8350c44';
const RETRO = '94e4fe93-c55e-894b-acc0-4ee7ae471778';
const CONSOLE = '7acb0260-c359-85bf-8057-87e71606ccf6';
const GADGETS = '05609cc2-abca-8202-b6bf-5999308996fa';
const PRODUCT_ID = '09789f9c-218b-8db0-8346-f38959a00e55';

const NAMES: Record<string, string> = { [GAMES]: 'Game Mode', [TECH]: 'Tech Savvy' };
const categoryName = (id: string) => NAMES[id];
const OWNER: Record<string, string> = { [RETRO]: GAMES, [CONSOLE]: GAMES, [GADGETS]: TECH };

/** A new product form with the admin's typing applied one field at a time. */
function typed(change: Parameters<typeof editProductForm>[1], form: ProductForm = newProductForm(null, categoryName)): ProductForm {
  return editProductForm(form, change, categoryName);
}

const complete = (): ProductForm =>
  typed({
    name: 'Retro Handheld',
    description: 'Hundreds of classic games in your pocket.',
    price: '59.99',
    imageUrl: '/media/demo/products/handheld.svg',
    categoryRows: [{ categoryId: GAMES, subcategoryIds: [RETRO] }],
  });

const stored: AdminProduct = {
  id: PRODUCT_ID,
  name: 'Color E-Reader',
  description: 'A glare-free screen.',
  price: 140.5,
  imageUrl: '/media/demo/products/e-reader.svg',
  media: [{ type: 'image', url: '/media/demo/products/e-reader-1.svg' }],
  variants: [{ name: 'Lavender', imageUrl: null }],
  affiliateLinks: [{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0' }],
  categoryIds: [TECH, GAMES],
  subcategoryIds: [GADGETS, RETRO],
  gender: 'for_her',
  tagline: null,
  seoTitle: 'Color E-Reader | Gifts',
  seoDescription: null,
  seoKeywords: ['reader', 'books'],
  lowestPriceIn90Days: false,
  priceDropPercent: null,
  createdAt: '2026-11-20T16:47:33.735Z',
};

describe('category rows', () => {
  const rows = [{ categoryId: GAMES, subcategoryIds: [RETRO, CONSOLE] }];

  test('choosing a different category in a row clears its subcategories (spec)', () => {
    expect(rowsWithCategory(rows, 0, TECH)).toEqual([{ categoryId: TECH, subcategoryIds: [] }]);
  });

  test('choosing the same category keeps them', () => {
    expect(rowsWithCategory(rows, 0, GAMES)).toEqual(rows);
  });

  test('ticking and unticking subcategories', () => {
    expect(rowsWithSubcategory(rows, 0, CONSOLE, false)).toEqual([{ categoryId: GAMES, subcategoryIds: [RETRO] }]);
    expect(rowsWithSubcategory([{ categoryId: GAMES, subcategoryIds: [] }], 0, RETRO, true)).toEqual([{ categoryId: GAMES, subcategoryIds: [RETRO] }]);
  });

  test('rows can be added and removed, and one is always left', () => {
    expect(rowsWithRowAdded(rows)).toEqual([...rows, { categoryId: '', subcategoryIds: [] }]);
    expect(rowsWithRowRemoved(rows, 0)).toEqual([{ categoryId: '', subcategoryIds: [] }]);
  });

  test('the subcategory list is de-duplicated across rows (spec)', () => {
    const twice = [
      { categoryId: GAMES, subcategoryIds: [RETRO, CONSOLE] },
      { categoryId: GAMES, subcategoryIds: [CONSOLE] },
    ];
    expect(chosenSubcategoryIds(twice)).toEqual([RETRO, CONSOLE]);
  });

  test('a hidden category says so where it is offered', () => {
    expect(categoryChoiceLabel({ name: 'Game Mode', visible: false })).toBe('Game Mode (hidden)');
    expect(categoryChoiceLabel({ name: 'Game Mode', visible: true })).toBe('Game Mode');
  });

  test('subcategories of a row without a category are not sent', () => {
    expect(chosenSubcategoryIds([{ categoryId: '', subcategoryIds: [RETRO] }])).toEqual([]);
  });
});

describe('SEO defaults (spec: new products only, until the admin edits the field)', () => {
  test('a new product takes its SEO title from the name', () => {
    expect(typed({ name: 'Retro Handheld' }).seoTitle).toBe('Retro Handheld');
  });

  test('and its SEO description from the first 155 characters of the description', () => {
    const description = 'A pocket console with a bright screen. '.repeat(8);
    const form = typed({ description });
    expect(form.seoDescription.length).toBeLessThanOrEqual(155);
    expect(description.startsWith(form.seoDescription.replace(/…$/, ''))).toBe(true);
    expect(typed({ description: 'Short and sweet.' }).seoDescription).toBe('Short and sweet.');
  });

  test('keywords come from the name, the description and the category names', () => {
    const form = complete();
    expect(form.seoKeywords).toBe('retro, handheld, hundreds, classic, games, your, pocket, game');
  });

  test('keywords skip short and stop words and stop at 8', () => {
    const form = typed({ name: 'This unique lamp', description: 'With a warm glow that they have from dusk to dawn every single night forever' });
    expect(form.seoKeywords).toBe('lamp, warm, glow, dusk, dawn, every, single, night');
  });

  test('an SEO field the admin typed in is no longer filled in', () => {
    let form = typed({ name: 'Lamp' });
    form = typed({ seoTitle: 'Best lamp ever' }, form);
    form = typed({ name: 'Desk Lamp' }, form);
    expect(form.seoTitle).toBe('Best lamp ever');
    // The other fields still follow.
    expect(form.seoKeywords).toBe('desk, lamp');
  });

  test('an existing product keeps its SEO texts when its name changes', () => {
    const form = editProductForm(productFormOf(stored, (id) => OWNER[id]), { name: 'Mono E-Reader', description: 'New text.' }, categoryName);
    expect(form.seoTitle).toBe('Color E-Reader | Gifts');
    expect(form.seoDescription).toBe('');
    expect(form.seoKeywords).toBe('reader, books');
  });
});

describe('renaming a stored product tells the admin about its SEO title (issue 13)', () => {
  const open = (product: AdminProduct) => productFormOf(product, (id) => OWNER[id]);
  const rename = (form: ProductForm, name: string) => editProductForm(form, { name }, categoryName);

  test('an SEO title that is the name follows the new name, and the admin is told', () => {
    const before = open({ ...stored, seoTitle: 'Color E-Reader' });
    const after = rename(before, 'Mono E-Reader');
    expect(after.seoTitle).toBe('Mono E-Reader');
    expect(after.seoKeywords).toBe('reader, books');
    expect(seoTitleNotice(before, after)).toEqual({ kind: 'updated', seoTitle: 'Mono E-Reader' });
  });

  test('once the admin types in it, that SEO title no longer follows', () => {
    const before = open({ ...stored, seoTitle: 'Color E-Reader' });
    const typedIn = editProductForm(before, { seoTitle: 'Color E-Reader for night owls' }, categoryName);
    expect(rename(typedIn, 'Mono E-Reader').seoTitle).toBe('Color E-Reader for night owls');
  });

  test('an SEO title holding the old name with more words is kept, and the new name is offered', () => {
    const before = open(stored);
    const after = rename(before, 'Mono E-Reader');
    expect(after.seoTitle).toBe('Color E-Reader | Gifts');
    expect(seoTitleNotice(before, after)).toEqual({ kind: 'stale', suggestion: 'Mono E-Reader | Gifts' });
    const taken = editProductForm(after, { seoTitle: 'Mono E-Reader | Gifts' }, categoryName);
    expect(seoTitleNotice(before, taken)).toEqual({ kind: 'updated', seoTitle: 'Mono E-Reader | Gifts' });
  });

  test('an SEO title without the old name is the admin\'s own: kept, nothing said', () => {
    const before = open({ ...stored, seoTitle: 'Read in bed without a lamp' });
    const after = rename(before, 'Mono E-Reader');
    expect(after.seoTitle).toBe('Read in bed without a lamp');
    expect(seoTitleNotice(before, after)).toBeNull();
  });

  test('nothing is said before a rename, nor for a new product, nor for a blank SEO title', () => {
    const before = open(stored);
    expect(seoTitleNotice(before, rename(before, ' Color E-Reader '))).toBeNull();
    const fresh = newProductForm(null, categoryName);
    expect(seoTitleNotice(fresh, rename(fresh, 'Lamp'))).toBeNull();
    const untitled = open({ ...stored, seoTitle: null });
    expect(rename(untitled, 'Mono E-Reader').seoTitle).toBe('');
    expect(seoTitleNotice(untitled, rename(untitled, 'Mono E-Reader'))).toBeNull();
  });
});

describe('pre-seeding after an add (spec: the last category and subcategory used)', () => {
  test('the next new form starts with the last category row used', () => {
    const added = typed({ categoryRows: [{ categoryId: TECH, subcategoryIds: [GADGETS] }, { categoryId: GAMES, subcategoryIds: [RETRO] }, { categoryId: '', subcategoryIds: [] }] });
    const seed = lastUsedCategory(added);
    expect(seed).toEqual({ categoryId: GAMES, subcategoryIds: [RETRO] });
    const next = newProductForm(seed, categoryName);
    expect(next.categoryRows).toEqual([{ categoryId: GAMES, subcategoryIds: [RETRO] }]);
    expect(next.name).toBe('');
    // The seeded category already feeds the keywords.
    expect(next.seoKeywords).toBe('game, mode');
  });

  test('without a category used, the form starts empty', () => {
    expect(lastUsedCategory(newProductForm(null, categoryName))).toBeNull();
    expect(newProductForm(null, categoryName).categoryRows).toEqual([{ categoryId: '', subcategoryIds: [] }]);
  });
});

describe('affiliate links (spec: add ignored unless both platform and url are filled)', () => {
  const draft = { platform: 'Amazon', title: '', url: 'https://www.amazon.com/dp/B0' };

  test.each([
    ['a platform', { ...draft, platform: '' }],
    ['a url', { ...draft, url: '  ' }],
  ])('a link needs %s', (_, incomplete) => expect(withAffiliateLink([], incomplete)).toBeNull());
  test("the title defaults to 'Buy on {platform}'", () => {
    expect(withAffiliateLink([], draft)).toEqual([{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0' }]);
  });
  test('a typed title is kept, and the link goes last', () => {
    const first = { platform: 'Etsy', title: 'Handmade', url: 'https://www.etsy.com/listing/1' };
    expect(withAffiliateLink([first], { ...draft, title: ' Prime deal ' })).toEqual([first, { ...draft, title: 'Prime deal' }]);
  });
});

describe("a link's problem, by the server's rules, naming the link (issue 13)", () => {
  const link = { platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0' };

  test('a link with a web address fits', () => {
    expect(affiliateEntryProblem(link)).toBeNull();
  });

  test.each(['www.amazon.com/dp/B0', 'amazon', 'https://', 'ftp://www.amazon.com/dp/B0', 'javascript:alert(1)'])('a URL such as %s is refused at its field', (url) => {
    expect(affiliateEntryProblem({ ...link, url })).toEqual({ field: 'url', message: 'URL for the Amazon link must be a web address starting with https:// or http://' });
  });

  test("a link's price that is not a number is refused at its field", () => {
    expect(affiliateEntryProblem({ ...link, price: 'cheap' })).toEqual({ field: 'price', message: 'Price for the Amazon link must be a number' });
  });

  test('saving names the link and its place in the list', () => {
    const form = { ...newProductForm(null, () => undefined), affiliateLinks: [link, { ...link, platform: 'Etsy', url: 'etsy.com/listing/1' }] };
    const saved = productRequest(form);
    expect(saved.ok ? [] : saved.problems.filter((p) => p.field.startsWith('affiliate_links'))).toEqual([
      { field: 'affiliate_links.1.url', message: 'URL for the Etsy link must be a web address starting with https:// or http://' },
    ]);
  });
});

describe('a link typed in the add row and not added (issue 13: Save dropped it without a word)', () => {
  const draft = { platform: 'Amazon', title: '', url: 'https://www.amazon.com/dp/B0' };

  test('Save refuses it at the row, naming the platform, and sends nothing', () => {
    expect(productRequest(typed({ linkDraft: draft }, complete()))).toEqual({
      ok: false,
      problems: [{ field: 'link-url', message: 'Press Add Link to add the Amazon link, or clear its URL, before saving' }],
    });
  });

  test('a URL typed without a platform is refused too', () => {
    const saved = productRequest(typed({ linkDraft: { ...draft, platform: '' } }, complete()));
    expect(saved.ok ? [] : saved.problems).toEqual([
      { field: 'link-url', message: 'Choose a platform and press Add Link, or clear the link URL, before saving' },
    ]);
  });

  test("it comes after the form's other problems, so the first of those is shown first", () => {
    const saved = productRequest(typed({ linkDraft: draft, name: '' }, complete()));
    expect(saved.ok ? [] : saved.problems.map((p) => p.field)).toEqual(['name', 'link-url']);
  });

  test('a row with only its platform chosen is no link: Save goes on, and closing loses nothing', () => {
    const form = complete();
    const chosen = typed({ linkDraft: { ...draft, url: ' ' } }, form);
    expect(productRequest(chosen).ok).toBe(true);
    expect(hasUnsavedChanges(form, chosen)).toBe(false);
    expect(hasUnsavedChanges(form, typed({ linkDraft: draft }, form))).toBe(true);
  });

  test('typing in the row again clears its Save problem', () => {
    expect(problemsAfterChange([{ field: 'link-url', message: 'Press Add Link…' }], { linkDraft: draft })).toEqual([]);
  });
});

describe('problems beside the fields', () => {
  const problems = [
    { field: 'price', message: 'Price is required' },
    { field: 'image_url', message: 'Image URL is required' },
    { field: 'media_urls.1.url', message: 'Media URL is required' },
  ];

  test('a field the admin changes is no longer marked wrong; the others stay', () => {
    expect(problemsAfterChange(problems, { price: '12' }).map((p) => p.field)).toEqual(['image_url', 'media_urls.1.url']);
  });

  test('changing a list clears the problems of its entries', () => {
    expect(problemsAfterChange(problems, { media: [] }).map((p) => p.field)).toEqual(['price', 'image_url']);
  });

  test('a field is found by the name the body gives it', () => {
    expect(problemsAfterChange(problems, { imageUrl: '/a.svg' }).map((p) => p.field)).toEqual(['price', 'media_urls.1.url']);
  });

  test("a field's control id and problem, as a Field takes them", () => {
    expect(productField(problems, 'media_urls.1.url')).toEqual({ id: 'product-media_urls-1-url', error: 'Media URL is required' });
    expect(productField(problems, 'name')).toEqual({ id: 'product-name', error: undefined });
  });
});

describe('an existing product as the form', () => {
  test('one row per category, holding its own subcategories', () => {
    const form = productFormOf(stored, (id) => OWNER[id]);
    expect(form.categoryRows).toEqual([
      { categoryId: TECH, subcategoryIds: [GADGETS] },
      { categoryId: GAMES, subcategoryIds: [RETRO] },
    ]);
    expect(form.price).toBe('140.50');
    expect(form.variants).toEqual([{ name: 'Lavender', imageUrl: '' }]);
  });

  test('a subcategory of an unknown category stays in the first row, so saving keeps it', () => {
    const form = productFormOf(stored, () => undefined);
    expect(form.categoryRows[0]!.subcategoryIds).toEqual([GADGETS, RETRO]);
  });

  test('opening it and closing again loses nothing; typing does', () => {
    const form = productFormOf(stored, (id) => OWNER[id]);
    expect(hasUnsavedChanges(form, form)).toBe(false);
    expect(hasUnsavedChanges(form, editProductForm(form, { tagline: 'Read more' }, categoryName))).toBe(true);
  });

  test('a new form with only the SEO auto-fill has no unsaved changes', () => {
    const form = newProductForm({ categoryId: GAMES, subcategoryIds: [] }, categoryName);
    expect(hasUnsavedChanges(form, form)).toBe(false);
  });
});

describe('the request', () => {
  test('a new product is a POST with the chosen ids, the lists and parsed keywords', () => {
    let form = complete();
    form = typed({
      media: [{ type: 'image', url: '/media/a.svg' }, { type: 'video', url: 'https://video.example.com/v.mp4' }],
      variants: [{ name: 'Teal', imageUrl: '' }],
      affiliateLinks: [{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://www.amazon.com/dp/B0' }],
      seoKeywords: ' retro , , handheld ,',
      gender: 'for_him',
    }, form);
    const request = productRequest(form);
    expect(request).toMatchObject({
      ok: true,
      method: 'POST',
      body: {
        name: 'Retro Handheld',
        price: 59.99,
        category_ids: [GAMES],
        subcategory_ids: [RETRO],
        media_urls: [{ type: 'image', url: '/media/a.svg' }, { type: 'video', url: 'https://video.example.com/v.mp4' }],
        variants: [{ name: 'Teal', image_url: null }],
        gender_category: 'for_him',
        seo_title: 'Retro Handheld',
        seo_keywords: ['retro', 'handheld'],
        tagline: null,
      },
    });
    expect(request.ok && 'id' in request.body).toBe(false);
  });

  test('an existing product is a PUT with its id', () => {
    const request = productRequest(productFormOf(stored, (id) => OWNER[id]));
    expect(request).toMatchObject({ ok: true, method: 'PUT', body: { id: PRODUCT_ID, price: 140.5, category_ids: [TECH, GAMES] } });
  });

  test("no category chosen: 'Please select at least one category' (spec)", () => {
    const form = typed({ categoryRows: [{ categoryId: '', subcategoryIds: [] }] }, complete());
    expect(productRequest(form)).toEqual({ ok: false, problems: [{ field: 'category_ids', message: 'Please select at least one category' }] });
  });

  test('required fields are reported all at once, in the form order', () => {
    const request = productRequest(newProductForm(null, categoryName));
    expect(request.ok).toBe(false);
    if (request.ok) return;
    expect(request.problems.map((p) => p.field)).toEqual(['name', 'description', 'price', 'image_url', 'category_ids']);
    expect(request.problems[2]).toEqual({ field: 'price', message: 'Price is required' });
  });

  test.each<[string, ProductFormChange, string, string]>([
    ['the main image must be a URL', { imageUrl: 'lamp.png' }, 'image_url', 'Image URL must be an http(s) URL or a path starting with /'],
    ['a media entry needs a url; the problem names the entry', { media: [{ type: 'image', url: '/media/a.svg' }, { type: 'image', url: '' }] }, 'media_urls.1.url', 'Media URL is required'],
    ['an SEO description over 155 characters is refused', { seoDescription: 'x'.repeat(156) }, 'seo_description', 'SEO description must be at most 155 characters'],
    ['a price with more than two decimals is refused (spec: step 0.01)', { price: '12.345' }, 'price', 'Price can have at most 2 decimals'],
  ])('%s', (_, change, field, message) => {
    expect(productRequest(typed(change, complete()))).toEqual({ ok: false, problems: [{ field, message }] });
  });
});

describe('prices by hand', () => {
  test("a link's typed current price is sent as a number, a blank one not at all, text as NaN for the schema to name", () => {
    const form = { ...newProductForm(null, () => undefined), affiliateLinks: [
      { platform: 'Amazon', title: 'Buy on Amazon', url: 'https://a.example/1', price: ' 19.90 ' },
      { platform: 'Etsy', title: 'Buy on Etsy', url: 'https://e.example/1', price: '' },
      { platform: 'Target', title: 'Buy at Target', url: 'https://t.example/1', price: 'cheap' },
    ] };
    const sent = productBody(form).affiliate_links;
    expect(sent[0]).toMatchObject({ price: 19.9 });
    expect(sent[1]).not.toHaveProperty('price');
    expect(Number.isNaN(sent[2]?.price)).toBe(true);
  });

  test('a link added with a price keeps it', () => {
    expect(withAffiliateLink([], { platform: 'Amazon', title: '', url: 'https://a.example/1', price: '12.5' }))
      .toEqual([{ platform: 'Amazon', title: 'Buy on Amazon', url: 'https://a.example/1', price: '12.5' }]);
  });
});
