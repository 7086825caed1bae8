/**
 * What the Blogs room may write: the bodies of /api/admin/blogs as zod schemas, shared by the
 * function and the blog editor. Inserted as given, so the database's defaults fill what is left
 * out. products_id is not a field: the database derives it from the product tags in the content.
 */
import { z } from 'zod';
import { booleanField, gender, id, objectError, optionalImageUrl, optionalText, requiredText } from '../fields.ts';

/**
 * Blog content limit. The search vector of a longer article can outgrow the 1 MB Postgres allows
 * a tsvector (a body of distinct words costs up to about 5 bytes of it per character).
 */
export const BLOG_CONTENT_MAX = 100_000;

const blogFields = {
  title: requiredText('Title', 200),
  content: z.string({ error: 'Content must be text' }).max(BLOG_CONTENT_MAX, `Content must be at most ${BLOG_CONTENT_MAX} characters`).optional(),
  excerpt: z.string({ error: 'Excerpt must be text' }).trim().max(1000, 'Excerpt must be at most 1000 characters').optional(),
  category_id: id('Category ID').nullable().optional(),
  gender_category: gender.optional(),
  image_url: optionalImageUrl('Image URL').optional(),
  publish_date: z.iso
    .datetime({ offset: true, error: 'Publish date must be a date and time such as 2026-11-18T10:30:00Z' })
    .optional(),
  writer_id: id('Writer ID').nullable().optional(),
  author: optionalText('Author', 200).optional(),
  featured: booleanField('Featured').optional(),
};

export const blogIdSchema = id('Blog ID', 'No blog ID provided');
export const blogCreateSchema = z.strictObject(blogFields, objectError('The blog must be a JSON object'));
export const blogUpdateSchema = z.strictObject({ id: blogIdSchema, ...blogFields }, objectError('The blog must be a JSON object'));

export type BlogCreateInput = z.input<typeof blogCreateSchema>;
export type BlogUpdateInput = z.input<typeof blogUpdateSchema>;

