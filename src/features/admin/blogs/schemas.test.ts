import { describe, expect, test } from 'vitest';
import { blogCreateSchema, blogUpdateSchema } from './schemas.ts';
import { firstProblemOf as problem } from '../fields.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';

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
