/**
 * The blog as the build sees it: articles and writers from the content collections, indexed once
 * per build, and the popular-blog rankings worked out from each window's blog clicks, read once
 * (catalog/ranking.ts, as SQL popular_blogs ranks them).
 */
import { getCollection } from 'astro:content';
import { buildDb } from '../../lib/supabase.ts';
import { audienceSet } from '../../lib/audience.ts';
import type { Gender } from '../catalog/model.ts';
import type { Blog, Writer } from './model.ts';
import { rankBlogs, type WindowClicks } from '../catalog/ranking.ts';
import { blogClicks } from './queries.ts';

export interface BlogLibrary {
  /** Every article, newest first (created_at). */
  blogs: Blog[];
  blog(id: string): Blog | undefined;
  /** Articles for an audience (that audience plus for_both; for_both alone otherwise), newest first. */
  blogsFor(gender: Gender): Blog[];
  /** Articles of a category, newest first. */
  blogsIn(categoryId: string, gender?: Gender): Blog[];
  /** Featured articles, newest first. */
  featured(gender?: Gender): Blog[];
  /** Articles embedding a product, newest first. */
  blogsWithProduct(productId: string): Blog[];
  /** Writers, by name. */
  writers: Writer[];
  writer(id: string | null): Writer | undefined;
  /** Articles ranked by clicks in a window (newest when nothing was clicked). */
  popular(query: { window: 'daily' | 'weekly' | 'monthly'; gender?: Gender; categoryId?: string; limit: number }): Promise<Blog[]>;
}

let loading: Promise<BlogLibrary> | undefined;

export function blogLibrary(): Promise<BlogLibrary> {
  loading ??= load();
  return loading;
}

async function load(): Promise<BlogLibrary> {
  const [blogEntries, writerEntries] = await Promise.all([getCollection('blogs'), getCollection('writers')]);
  const blogs = blogEntries
    .map((e) => e.data)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const byId = new Map(blogs.map((b) => [b.id, b]));
  const writers = writerEntries.map((e) => e.data).sort((a, b) => a.name.localeCompare(b.name));
  const writerById = new Map(writers.map((w) => [w.id, w]));
  const forAudience = (gender: Gender | undefined) => {
    if (!gender) return () => true;
    const audiences = audienceSet(gender);
    return (blog: Blog) => audiences.includes(blog.gender);
  };
  const rankings = new Map<string, Promise<Blog[]>>();
  const clicks = new Map<string, Promise<WindowClicks>>();
  const clicksIn = (window: 'daily' | 'weekly' | 'monthly') => {
    let read = clicks.get(window);
    if (!read) {
      read = blogClicks(buildDb(), window);
      clicks.set(window, read);
    }
    return read;
  };
  // Every product page asks for its articles: indexed once rather than a scan of all blogs per page.
  const withProduct = new Map<string, Blog[]>();
  for (const blog of blogs) {
    for (const productId of new Set(blog.productIds)) {
      const list = withProduct.get(productId);
      if (list) list.push(blog);
      else withProduct.set(productId, [blog]);
    }
  }

  return {
    blogs,
    blog: (id) => byId.get(id),
    blogsFor: (gender) => blogs.filter(forAudience(gender)),
    blogsIn: (categoryId, gender) => blogs.filter((b) => b.categoryId === categoryId).filter(forAudience(gender)),
    featured: (gender) => blogs.filter((b) => b.featured).filter(forAudience(gender)),
    blogsWithProduct: (productId) => withProduct.get(productId) ?? [],
    writers,
    writer: (id) => (id ? writerById.get(id) : undefined),
    popular(query) {
      const key = JSON.stringify(query);
      let ranking = rankings.get(key);
      if (!ranking) {
        ranking = clicksIn(query.window).then((counts) =>
          rankBlogs(blogs, counts, { gender: query.gender, categoryId: query.categoryId, limit: query.limit }).flatMap((id) => byId.get(id) ?? []),
        );
        rankings.set(key, ranking);
      }
      return ranking;
    },
  };
}
