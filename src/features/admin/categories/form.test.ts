import { describe, expect, test } from 'vitest';
import type { AdminCategory } from './queries.ts';
import {
  categoryFormOf, categoryRequest, DEFAULT_CATEGORY_COLOR, newCategoryForm, shortDescriptionRemaining, subcategorySummary,
  withLoadedSubcategories, withType, type CategoryForm,
} from './form.ts';

const GAMES = '24dace88-d476-84ff-85ab-763b62f661d0';
const RETRO = '94e4fe93-c55e-894b-acc0-4ee7ae471778';
const CONSOLE = '7acb0260-c359-85bf-8057-87e71606ccf6';

/** Game Mode as allCategories reads it: hidden, for products and quizzes; its subcategories come separately. */
const stored: AdminCategory = {
  id: GAMES, name: 'Game Mode', description: 'Controllers and more.', shortDescription: null,
  imageUrl: '/media/demo/categories/gamemode.svg', bannerUrl: null, bannerSmallUrl: null, color: '#6C5CE7',
  visible: false, types: ['product', 'quiz'], gender: 'for_him', personality: 'gameMode', featured: false,
  subcategories: [], updatedAt: '2025-01-06T09:00:00Z',
};

const loaded = (): CategoryForm =>
  withLoadedSubcategories(categoryFormOf(stored), [
    { id: CONSOLE, name: 'Console & PC', description: 'Controllers and docks.' },
    { id: RETRO, name: 'Retro Gaming', description: null },
  ]);

describe('a new category', () => {
  test('starts visible, for both, with no type chosen yet, in the default colour #F5F5F5 (spec)', () => {
    expect(newCategoryForm()).toMatchObject({ color: DEFAULT_CATEGORY_COLOR, visible: true, gender: 'for_both', types: [] });
    expect(DEFAULT_CATEGORY_COLOR).toBe('#F5F5F5');
  });

  test('is a POST with blank optional texts as null and its new subcategories', () => {
    const form: CategoryForm = {
      ...newCategoryForm(),
      name: ' Board Games ',
      types: ['product', 'blog'],
      subcategories: [{ name: 'Strategy', description: '' }, { name: 'Party', description: 'For big groups' }],
    };
    expect(categoryRequest(form, 'add')).toMatchObject({
      ok: true,
      method: 'POST',
      body: {
        name: 'Board Games',
        short_description: null,
        image_url_banner: null,
        type: ['product', 'blog'],
        subcategories: [{ name: 'Strategy', description: null }, { name: 'Party', description: 'For big groups' }],
      },
    });
  });
});

describe('types (spec: at least one of product, blog, quiz)', () => {
  test('ticking keeps the order product, blog, quiz', () => {
    expect(withType(['quiz'], 'product', true)).toEqual(['product', 'quiz']);
    expect(withType(['product', 'quiz'], 'product', false)).toEqual(['quiz']);
  });

  test("none chosen: 'At least one type must be selected'", () => {
    expect(categoryRequest({ ...loaded(), types: [] }, 'edit')).toEqual({
      ok: false,
      problems: [{ field: 'type', message: 'At least one type must be selected' }],
    });
  });
});

describe('an update', () => {
  test("needs a selected category: 'No category selected' (spec)", () => {
    expect(categoryRequest({ ...loaded(), id: null }, 'edit')).toEqual({ ok: false, problems: [{ field: 'id', message: 'No category selected' }] });
  });

  test('sends the whole subcategory list: kept ones with their ids, renamed ones, new ones without an id, removed ones left out', () => {
    const form = loaded();
    const edited: CategoryForm = {
      ...form,
      subcategories: [
        { id: RETRO, name: 'Retro Handhelds', description: '' },
        { name: 'VR', description: 'Headsets' },
      ],
    };
    const request = categoryRequest(edited, 'edit');
    expect(request).toMatchObject({
      ok: true,
      method: 'PUT',
      body: {
        id: GAMES,
        visible: false,
        type: ['product', 'quiz'],
        subcategories: [
          { id: RETRO, name: 'Retro Handhelds', description: null },
          { name: 'VR', description: 'Headsets' },
        ],
      },
    });
  });

  test('an empty list deletes them all', () => {
    expect(categoryRequest({ ...loaded(), subcategories: [] }, 'edit')).toMatchObject({ ok: true, body: { subcategories: [] } });
  });

  test('when the subcategories could not be loaded the list is left out, so they stay as they are', () => {
    const request = categoryRequest(categoryFormOf(stored), 'edit');
    expect(request.ok && 'subcategories' in request.body).toBe(false);
  });

  test('a subcategory needs a name; the problem names the row', () => {
    const form = { ...loaded(), subcategories: [{ name: 'Ok', description: '' }, { name: '  ', description: 'x' }] };
    expect(categoryRequest(form, 'edit')).toEqual({ ok: false, problems: [{ field: 'subcategories.1.name', message: 'Subcategory name is required' }] });
  });

  test('the name is required', () => {
    expect(categoryRequest({ ...loaded(), name: '' }, 'edit')).toEqual({ ok: false, problems: [{ field: 'name', message: 'Name is required' }] });
  });

  test('image fields must be URLs', () => {
    const request = categoryRequest({ ...loaded(), bannerUrl: 'banner.png' }, 'edit');
    expect(request).toEqual({ ok: false, problems: [{ field: 'image_url_banner', message: 'Banner image URL must be an http(s) URL or a path starting with /' }] });
  });
});

describe('short description (spec: optional, max 240, with a counter)', () => {
  test('counts down from 240', () => {
    expect(shortDescriptionRemaining('')).toBe(240);
    expect(shortDescriptionRemaining('x'.repeat(200))).toBe(40);
  });

  test('more than 240 characters is refused', () => {
    const request = categoryRequest({ ...loaded(), shortDescription: 'x'.repeat(241) }, 'edit');
    expect(request).toEqual({ ok: false, problems: [{ field: 'short_description', message: 'Short description must be at most 240 characters' }] });
  });
});

describe('the list names the subcategories', () => {
  test.each([
    [[], ''],
    [['Console & PC'], 'Console & PC'],
    [['Console & PC', 'Retro Gaming'], 'Console & PC, Retro Gaming'],
    [['Console & PC', 'Retro Gaming', 'VR', 'Handhelds'], 'Console & PC, Retro Gaming +2'],
  ])('%j → %j: the first two and how many more', (names, summary) => {
    expect(subcategorySummary(names.map((name) => ({ name })))).toBe(summary);
  });
});
