/** Blogs and writers as the shop uses them; rows are reshaped here before any component sees them. */
import { z } from 'astro/zod';
import type { Tables } from '../../../lib/database.types.ts';
import { genderSchema } from '../../catalog/core/model.ts';
import { writerProfile } from './writer.ts';

export const blogSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  categoryId: z.string().nullable(),
  gender: genderSchema,
  imageUrl: z.string().nullable(),
  publishDate: z.string(),
  productIds: z.array(z.string()),
  writerId: z.string().nullable(),
  author: z.string().nullable(),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

export const writerSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type Writer = z.infer<typeof writerSchema>;

// One literal each (no concatenation), so supabase-js can infer the row type.
export const BLOG_COLUMNS =
  'id, title, content, excerpt, category_id, gender_category, image_url, publish_date, products_id, writer_id, author, featured, created_at, updated_at';
export const WRITER_COLUMNS = 'id, name, image_url, description, created_at';

type BlogRow = Omit<Tables<'blogs'>, 'search_vector'>;

export function toBlog(row: BlogRow): Blog {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    categoryId: row.category_id,
    gender: row.gender_category,
    imageUrl: row.image_url,
    publishDate: row.publish_date,
    productIds: row.products_id,
    writerId: row.writer_id,
    author: row.author,
    featured: row.featured,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toWriter(row: Pick<Tables<'writers'>, 'id' | 'name' | 'image_url' | 'description' | 'created_at'>): Writer {
  const profile = writerProfile({ name: row.name, imageUrl: row.image_url, description: row.description });
  return { id: row.id, ...profile, createdAt: row.created_at };
}
