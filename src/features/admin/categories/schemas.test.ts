import { describe, expect, test } from 'vitest';
import { CATEGORY_MESSAGES, categoryCreateSchema, categoryUpdateSchema } from './schemas.ts';
import { firstProblemOf as problem } from '../fields.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';

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
    ['no types', { type: undefined }, 'type', CATEGORY_MESSAGES.noType],
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
