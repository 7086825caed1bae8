/**
 * Build-time collections, loaded from Supabase through the features' queries. Blogs sync
 * incrementally (see lib/sync-loader.ts); the small collections reload whole. Products are no
 * collection: the catalogue keeps them in a file of its own (features/catalog/core/catalogue.ts).
 */
import { defineCollection } from 'astro:content';
import { blogSchema, writerSchema } from './features/blog/core/model.ts';
import { blogIds, blogsChangedSince, writers } from './features/blog/core/queries.ts';
import { categorySchema } from './features/catalog/core/model.ts';
import { visibleCategories } from './features/catalog/core/queries.ts';
import { quizSchema } from './features/quiz/model.ts';
import { quizzes } from './features/quiz/queries.ts';
import { buildDb } from './lib/supabase.ts';
import { syncLoader } from './lib/sync-loader.ts';

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

export const collections = { blogs, categories, writers: writerEntries, quizzes: quizEntries };
