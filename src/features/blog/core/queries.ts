/**
 * Blog and writer reads through supabase-js: the only module of the feature that calls the
 * database. Every call checks `error` and throws with the query's name and the cause.
 */
import type { Db } from '../../../lib/supabase.ts';
import { type Blog, BLOG_COLUMNS, toBlog, toWriter, type Writer, WRITER_COLUMNS } from './model.ts';
import { countedPage, readError } from '../../../lib/query-cache.ts';
import { audienceSet } from '../../../lib/audience.ts';
import { allRows, changesAfter, type ChangeMark } from '../../../lib/all-rows.ts';
import { inBatches } from '../../../lib/batches.ts';
import { pageRange } from '../../catalog/core/paging.ts';
import type { Gender } from '../../catalog/core/model.ts';
import { BATCH_QUESTIONS, type PopularityWindow } from '../../catalog/core/popularity.ts';

/** Blogs changed after `cursor` (all when undefined), oldest change first, up to `limit` after the change `after` (sync-loader.ts). */
export async function blogsChangedSince(db: Db, cursor: string | undefined, after: ChangeMark | undefined, limit: number) {
  const query = changesAfter(db.from('blogs').select(BLOG_COLUMNS), cursor, after);
  const { data, error, status } = await query.order('updated_at').order('id').limit(limit);
  if (error) throw readError(`blog.blogsChangedSince(${cursor ?? 'start'})`, error, status);
  return data.map((row) => ({ id: row.id, updatedAt: row.updated_at, data: toBlog(row) }));
}

/** Every blog id, read in pages (the API caps rows per request). */
export async function blogIds(db: Db): Promise<string[]> {
  const rows = await allRows('blog.blogIds', (from, to) => db.from('blogs').select('id').order('id').range(from, to));
  return rows.map((r) => r.id);
}

/** Writers, newest first, read in pages. */
export async function writers(db: Db): Promise<Writer[]> {
  const rows = await allRows('blog.writers', (from, to) =>
    db.from('writers').select(WRITER_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toWriter);
}

export interface BlogRankingQuery {
  window: PopularityWindow;
  gender?: string;
  categoryId?: string;
  limit: number;
}

/**
 * Many blog rankings at once (SQL popular_blogs_batch): for each question, in the order asked, the
 * ids of the blogs ranked by clicks in its window (the newest when none was clicked).
 */
export function popularBlogsBatch(db: Db, queries: readonly BlogRankingQuery[]): Promise<string[][]> {
  return inBatches(queries, BATCH_QUESTIONS, async (asked) => {
    const questions = asked.map((q) => ({ time_window: q.window, gender_filter: q.gender, category_filter: q.categoryId, result_limit: q.limit }));
    const { data, error, status } = await db.rpc('popular_blogs_batch', { queries: questions });
    if (error) throw readError(`blog.popularBlogsBatch(${asked.length} questions)`, error, status);
    const byQuestion = new Map(data.map((row) => [row.question, row.ids]));
    return asked.map((_, i) => byQuestion.get(i + 1) ?? []);
  });
}

/** Blogs ranked by clicks in a window with their click counts (newest, 0 clicks, when nothing was clicked). */
export async function popularBlogClicks(
  db: Db,
  options: { window: 'daily' | 'weekly' | 'monthly'; gender?: string; categoryId?: string; limit: number },
): Promise<{ id: string; clicks: number }[]> {
  const { data, error, status } = await db.rpc('popular_blogs', {
    time_window: options.window,
    gender_filter: options.gender,
    category_filter: options.categoryId,
    result_limit: options.limit,
  });
  if (error) throw readError(`blog.popularBlogClicks(${JSON.stringify(options)})`, error, status);
  return data.map((r) => ({ id: r.id, clicks: Number(r.clicks) }));
}

export interface BlogPageQuery {
  categoryId?: string;
  /** That audience plus for_both. */
  gender?: Gender;
  page: number;
  perPage: number;
}

/** A page of blogs, newest first (created_at), with the exact total; a page past the end is empty. */
export async function blogPage(db: Db, query: BlogPageQuery): Promise<{ blogs: Blog[]; total: number }> {
  const { from, to } = pageRange(query.page, query.perPage);
  const newest = filteredBlogs(db, query, false).order('created_at', { ascending: false }).order('id').range(from, to);
  const { rows, total } = await countedPage(`blog.blogPage(${JSON.stringify(query)})`, newest, () => filteredBlogs(db, query, true));
  return { blogs: rows.map(toBlog), total };
}

function filteredBlogs(db: Db, query: BlogPageQuery, head: boolean) {
  let request = db.from('blogs').select(BLOG_COLUMNS, { count: 'exact', head });
  if (query.categoryId) request = request.eq('category_id', query.categoryId);
  if (query.gender) request = request.in('gender_category', audienceSet(query.gender));
  return request;
}

/**
 * A page of the popular-blog ranking (SQL popular_blogs: the clicked ones, or the newest when none
 * was clicked; with `includeUnclicked`, the clicked ones and then the others newest first), with its total.
 */
export async function popularBlogPage(
  db: Db,
  query: BlogPageQuery & { window: 'daily' | 'weekly' | 'monthly'; includeUnclicked?: boolean },
): Promise<{ ids: string[]; total: number }> {
  const { from } = pageRange(query.page, query.perPage);
  const { data, error, status } = await db.rpc('popular_blogs', {
    time_window: query.window,
    gender_filter: query.gender,
    category_filter: query.categoryId,
    result_limit: query.perPage,
    result_offset: from,
    include_unclicked: query.includeUnclicked ?? false,
  });
  if (error) throw readError(`blog.popularBlogPage(${JSON.stringify(query)})`, error, status);
  return { ids: data.map((r) => r.id), total: Number(data[0]?.total_count ?? 0) };
}

/**
 * A page of /blogs sorted Most Popular (its default): last week's ranking, the ranking of the
 * 'Top Blogs' sections that link there, so the list starts as they do; every other article
 * follows, newest first.
 */
export function popularBlogListingPage(db: Db, query: BlogPageQuery): Promise<{ ids: string[]; total: number }> {
  return popularBlogPage(db, { ...query, window: 'weekly', includeUnclicked: true });
}

/** Blogs by id, in the order of the ids (unknown ids left out). */
export async function blogsByIds(db: Db, ids: string[]): Promise<Blog[]> {
  if (ids.length === 0) return [];
  const { data, error, status } = await db.from('blogs').select(BLOG_COLUMNS).in('id', ids);
  if (error) throw readError(`blog.blogsByIds(${ids.length} ids)`, error, status);
  const byId = new Map(data.map((row) => [row.id, toBlog(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
