/**
 * Build-time collections, loaded from Supabase through the features' queries. Products and blogs
 * sync incrementally (see lib/sync-loader.ts); the small collections reload whole.
 */
import { defineCollection } from 'astro:content';
import { blogSchema, writerSchema } from './features/blog/core/model.ts';
import { blogIds, blogsChangedSince, writers } from './features/blog/core/queries.ts';
import { categorySchema, productSchema } from './features/catalog/core/model.ts';
import { productIds, productsChangedSince, visibleCategories } from './features/catalog/core/queries.ts';
import { quizSchema } from './features/quiz/model.ts';
import { quizzes } from './features/quiz/queries.ts';
import { buildDb } from './lib/supabase.ts';
import { syncLoader } from './lib/sync-loader.ts';

const products = defineCollection({
  loader: syncLoader('products', {
    changedSince: (cursor, after, limit) => productsChangedSince(buildDb(), cursor, after, limit),
    allIds: () => productIds(buildDb()),
  }),
  schema: productSchema,
});

const blogs = defineCollection({
  loader: syncLoader('blogs', {
    changedSince: (cursor, after, limit) => blogsChangedSince(buildDb(), cursor, after, limit),
    allIds: () => blogIds(buildDb()),
  }),
  schema: blogSchema,
});

const categories = defineCollection({
  loader: async () => visibleCategories(buildDb()),
  schema: categorySchema,
});

const writerEntries = defineCollection({
  loader: async () => writers(buildDb()),
  schema: writerSchema,
});

const quizEntries = defineCollection({
  loader: async () => quizzes(buildDb()),
  schema: quizSchema,
});

export const collections = { products, blogs, categories, writers: writerEntries, quizzes: quizEntries };
