import { describe, expect, test } from 'vitest';
import { firstProblemOf as problem } from '../fields.ts';
import {
  asksBeforeLeaving, blogWriteBody, DEFAULT_VIEW_MODE, editorTarget, emptyBlogForm, formFromBlog, heroImageProblem, panes, publishDateValue,
  type LinkClick, type StoredBlog,
} from './editor.ts';
import { blogCreateSchema, blogUpdateSchema } from './schemas.ts';

const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';
const CATEGORY = '7f3e9d21-8c4b-4a6e-b5d2-1c9e3f7a2b4d';

const stored: StoredBlog = {
  id: ID, title: 'Gifts for Cooks', excerpt: 'For the kitchen.', content: 'Hello', category_id: CATEGORY, gender_category: 'for_her',
  image_url: '/media/blogs/cooks.svg', publish_date: '2026-11-02T15:45:00+00:00', writer_id: null, author: 'Sam', featured: true,
};

describe('view modes (spec: edit, split (default), preview)', () => {
  test('split is the default and shows both panes', () => {
    expect(DEFAULT_VIEW_MODE).toBe('split');
    expect(panes('split')).toEqual({ editor: true, preview: true });
  });
  test('edit shows only the editor, preview only the preview', () => {
    expect(panes('edit')).toEqual({ editor: true, preview: false });
    expect(panes('preview')).toEqual({ editor: false, preview: true });
  });
});

describe('editorTarget', () => {
  test('/admin/blogs/new is a new blog', () => expect(editorTarget('/admin/blogs/new')).toEqual({ kind: 'new' }));
  test('/admin/blogs/{id} edits that blog, with or without a trailing slash', () => {
    expect(editorTarget(`/admin/blogs/${ID}`)).toEqual({ kind: 'edit', id: ID });
    expect(editorTarget(`/admin/blogs/${ID.toUpperCase()}/`)).toEqual({ kind: 'edit', id: ID });
  });
  test('anything else names no blog', () => {
    expect(editorTarget('/admin/blogs/editor')).toEqual({ kind: 'unknown' });
    expect(editorTarget('/admin/blogs/not-an-id')).toEqual({ kind: 'unknown' });
    expect(editorTarget(`/admin/blogs/${ID}/more`)).toEqual({ kind: 'unknown' });
  });
});

describe('the form and what it saves', () => {
  test('a new blog is for both audiences and published today (UTC)', () => {
    const form = emptyBlogForm(new Date('2026-11-22T23:30:00Z'));
    expect(form).toMatchObject({ gender: 'for_both', publishDate: '2026-11-22', featured: false, categoryId: '', writerId: '' });
  });

  test('a new blog is POSTed without an id; empty choices become null', () => {
    const body = blogWriteBody({ ...emptyBlogForm(new Date('2026-11-22T10:00:00Z')), title: 'New', imageUrl: '  ' }, null);
    expect(body).toEqual({
      title: 'New', content: '', excerpt: '', category_id: null, gender_category: 'for_both', image_url: null,
      writer_id: null, author: '', featured: false, publish_date: '2026-11-22T00:00:00.000Z',
    });
    expect(blogCreateSchema.safeParse(body).success).toBe(true);
  });

  test('a stored blog round-trips through the form unchanged and is PUT with its id', () => {
    const body = blogWriteBody(formFromBlog(stored), stored);
    expect(body).toEqual({
      id: ID, title: stored.title, content: stored.content, excerpt: stored.excerpt, category_id: CATEGORY,
      gender_category: 'for_her', image_url: stored.image_url, writer_id: null, author: 'Sam', featured: true,
      publish_date: stored.publish_date,
    });
    expect(blogUpdateSchema.safeParse(body).success).toBe(true);
  });

  test('a hero image must be an http(s) URL or a path on the site, as the server requires; none is fine', () => {
    expect(heroImageProblem('cover.png')).toBe('Use an http(s) URL or a path starting with /');
    expect(heroImageProblem(' /media/blogs/cooks.svg ')).toBeUndefined();
    expect(heroImageProblem('https://example.com/cooks.jpg')).toBeUndefined();
    expect(heroImageProblem('  ')).toBeUndefined();
  });

  test('publish date: an unchanged day keeps the stored time, a new day starts at midnight UTC, none is left out', () => {
    expect(publishDateValue('2026-11-02', stored.publish_date)).toBe(stored.publish_date);
    expect(publishDateValue('2026-11-05', stored.publish_date)).toBe('2026-11-05T00:00:00.000Z');
    expect(publishDateValue('', stored.publish_date)).toBeUndefined();
  });
});

describe('what /api/admin/blogs accepts (schemas.ts)', () => {
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

describe('asksBeforeLeaving (spec: leaving with unsaved changes opens Unsaved Changes)', () => {
  const here = new URL('http://shop.test/admin/blogs/new');
  const click = (href: string, over: Partial<LinkClick> = {}): LinkClick => ({ href, target: '', download: false, modified: false, ...over });

  test('a clean editor never asks', () => expect(asksBeforeLeaving(false, click('/admin#blogs'), here)).toBe(false));
  test('a dirty editor asks before another page of the shop', () => {
    expect(asksBeforeLeaving(true, click('/admin#blogs'), here)).toBe(true);
    expect(asksBeforeLeaving(true, click('http://shop.test/'), here)).toBe(true);
  });
  test('new tabs, downloads and modified clicks leave the editor open, so they do not ask', () => {
    expect(asksBeforeLeaving(true, click('/products/1', { target: '_blank' }), here)).toBe(false);
    expect(asksBeforeLeaving(true, click('/export.csv', { download: true }), here)).toBe(false);
    expect(asksBeforeLeaving(true, click('/admin', { modified: true }), here)).toBe(false);
  });
  test('a jump within the page does not ask', () => expect(asksBeforeLeaving(true, click('#content'), here)).toBe(false));
  test('another site is left to the browser\'s unload warning', () => {
    expect(asksBeforeLeaving(true, click('https://example.com/'), here)).toBe(false);
  });
});
