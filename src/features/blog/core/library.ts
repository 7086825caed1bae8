/**
 * The blog as the build sees it: articles and writers from the content collections, indexed once
 * per build, and last week's popular-blog rankings of every audience and category ranked by SQL
 * in one request (popular_blogs_batch).
 */
import { getCollection } from 'astro:content';
import { buildDb } from '../../../lib/supabase.ts';
import { audienceSet, GENDERS } from '../../../lib/audience.ts';
import { askedAhead } from '../../../lib/batches.ts';
import { byName, indexById, newestFirst } from '../../../lib/order.ts';
import { catalogue } from '../../catalog/core/catalogue.ts';
import { LISTING_PAGE_SIZE } from '../../catalog/core/paging.ts';
import type { Gender } from '../../catalog/core/model.ts';
import type { PopularityWindow } from '../../catalog/core/popularity.ts';
import type { Blog, Writer } from './model.ts';
import { popularBlogListingPage, popularBlogsBatch, type BlogRankingQuery } from './queries.ts';

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
  popular(query: { window: PopularityWindow; gender?: Gender; categoryId?: string; limit: number }): Promise<Blog[]>;
  /** The first page of /blogs as it opens, sorted Most Popular: last week's clicked articles, then the others newest first. */
  firstListingPage(): Promise<Blog[]>;
}

/** Blogs in the landing page's 'Top Blogs' section (spec: 4). */
export const TOP_BLOGS = 4;
/** Blogs in the landing page's 'Newest Blogs' section and in each of its category sections. */
export const SECTION_BLOGS = 4;

/** The longest popular-blog list the prebuilt pages show: a shorter list is the start of the longer one. */
const PREBUILT_BLOG_LIST = Math.max(TOP_BLOGS, SECTION_BLOGS);

/** Last week's ranking of every audience (and none) in every category (and none): the prebuilt pages' questions. */
function prebuiltBlogQuestions(categoryIds: readonly string[]): BlogRankingQuery[] {
  return [undefined, ...GENDERS].flatMap((gender) =>
    [undefined, ...categoryIds].map((categoryId) => ({ window: 'weekly' as const, gender, categoryId, limit: PREBUILT_BLOG_LIST })),
  );
}

const rankingKey = (query: BlogRankingQuery) => JSON.stringify([query.window, query.gender ?? null, query.categoryId ?? null, query.limit]);

let loading: Promise<BlogLibrary> | undefined;

export function blogLibrary(): Promise<BlogLibrary> {
  loading ??= load();
  return loading;
}

async function load(): Promise<BlogLibrary> {
  const [blogEntries, writerEntries] = await Promise.all([getCollection('blogs'), getCollection('writers')]);
  const blogs = newestFirst(blogEntries.map((e) => e.data));
  const byId = indexById(blogs);
  const writers = byName(writerEntries.map((e) => e.data));
  const writerById = indexById(writers);
  const forAudience = (gender: Gender | undefined) => {
    if (!gender) return () => true;
    const audiences = audienceSet(gender);
    return (blog: Blog) => audiences.includes(blog.gender);
  };
  const ranked = askedAhead(
    async () => prebuiltBlogQuestions((await catalogue()).categories.map((c) => c.id)),
    rankingKey,
    async (questions: readonly BlogRankingQuery[]) =>
      (await popularBlogsBatch(buildDb(), questions)).map((ids) => ids.flatMap((id) => byId.get(id) ?? [])),
  );
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
    // Any list up to the prebuilt length is the start of the prebuilt ranking of its window, audience and category.
    popular: async (query) => (await ranked({ ...query, limit: Math.max(query.limit, PREBUILT_BLOG_LIST) })).slice(0, query.limit),
    firstListingPage: async () => {
      const page = await popularBlogListingPage(buildDb(), { page: 1, perPage: LISTING_PAGE_SIZE });
      return page.ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
