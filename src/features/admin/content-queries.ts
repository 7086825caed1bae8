/**
 * The Blogs, Quizzes and Analytics tabs' reads through supabase-js, as the signed-in admin (pass
 * the client of account/store.ts authClient()): blogs, writers, quizzes and categories are public,
 * hidden categories and the click analytics are readable only by an admin (row-level security).
 * The only module of those tabs that calls the database; every call checks `error` and throws with
 * the query's name and the cause. Writes go through api.ts.
 */
import type { Json } from '../../lib/database.types.ts';
import type { Db } from '../../lib/supabase.ts';
import type { EmbedProduct } from '../blog/embeds.ts';
import { writerProfile } from '../blog/writer.ts';
import type { Gender } from '../catalog/gender.ts';
import { CLICK_TYPES, type AnalyticsRow, type ClickType, type DayClicks } from './analytics-rules.ts';
import type { StoredBlog } from './blog-editor.ts';
import type { StoredQuiz, StoredQuizQuestion } from './quiz-form.ts';
import { CATEGORY_TYPES, type CategoryType } from './schemas.ts';

/** Rows per request: hosted PostgREST answers at most 1,000 rows unless asked for a range. */
const PAGE_ROWS = 1000;

async function allPages<T>(name: string, page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await page(from, from + PAGE_ROWS - 1);
    if (error) throw new Error(name, { cause: error });
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_ROWS) return rows;
  }
}

// --- categories and writers ------------------------------------------------------------------------

export interface ContentCategory {
  id: string;
  name: string;
  types: CategoryType[];
  visible: boolean;
}

/** Every category with its types, hidden ones included, by name. */
export async function contentCategories(db: Db): Promise<ContentCategory[]> {
  const { data, error } = await db.from('categories').select('id, name, type, visible').order('name');
  if (error) throw new Error('admin.contentCategories', { cause: error });
  return data.map((c) => ({
    id: c.id,
    name: c.name,
    types: c.type.filter((t): t is CategoryType => (CATEGORY_TYPES as readonly string[]).includes(t)),
    visible: c.visible,
  }));
}

export interface EditorWriter {
  id: string;
  name: string;
  imageUrl: string | null;
  description: string | null;
}

/** The writers a blog can name, by name (their stored names may carry a picture and bio; see blog/writer.ts). */
export async function editorWriters(db: Db): Promise<EditorWriter[]> {
  const { data, error } = await db.from('writers').select('id, name, image_url, description').order('name');
  if (error) throw new Error('admin.editorWriters', { cause: error });
  return data.map((w) => ({ id: w.id, ...writerProfile({ name: w.name, imageUrl: w.image_url, description: w.description }) }));
}

// --- blogs -----------------------------------------------------------------------------------------

export interface BlogListItem {
  id: string;
  title: string;
  categoryId: string | null;
  gender: Gender;
  publishDate: string;
}

/** Every blog for the Blogs tab, most recently changed first (spec: blogs ordered by updated_at descending). */
export async function adminBlogList(db: Db): Promise<BlogListItem[]> {
  const rows = await allPages('admin.adminBlogList', (from, to) =>
    db.from('blogs').select('id, title, category_id, gender_category, publish_date').order('updated_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map((b) => ({ id: b.id, title: b.title, categoryId: b.category_id, gender: b.gender_category, publishDate: b.publish_date }));
}

/** One blog for the editor, or null when there is none with that id. */
export async function adminBlog(db: Db, id: string): Promise<StoredBlog | null> {
  const { data, error } = await db
    .from('blogs')
    .select('id, title, excerpt, content, category_id, gender_category, image_url, publish_date, writer_id, author, featured')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`admin.adminBlog(${id})`, { cause: error });
  return data;
}

// --- products for embeds ---------------------------------------------------------------------------

const EMBED_PRODUCT_COLUMNS = 'id, name, price, image_url, tagline';

function toEmbedProduct(row: { id: string; name: string; price: number; image_url: string; tagline: string | null }): EmbedProduct {
  return { id: row.id, name: row.name, price: Number(row.price), imageUrl: row.image_url, tagline: row.tagline };
}

/** The insert dialog's search results (spec: up to 100, newest first). */
export const PRODUCT_SEARCH_LIMIT = 100;

/** A PostgREST filter value matching text that contains `term`, quoted so commas and brackets stay text. */
function containing(term: string): string {
  const like = term.replace(/[\\%_*]/g, (c) => `\\${c}`);
  return `"*${like.replace(/["\\]/g, (c) => `\\${c}`)}*"`;
}

/**
 * Products for the insert dialog (spec: admin search, newest first, up to 100, on name or
 * description text and on category); an empty term lists the newest.
 */
export async function searchEmbedProducts(db: Db, filter: { term: string; categoryId: string }): Promise<EmbedProduct[]> {
  let query = db.from('products').select(EMBED_PRODUCT_COLUMNS);
  const term = filter.term.trim();
  if (term !== '') query = query.or(`name.ilike.${containing(term)},description.ilike.${containing(term)}`);
  if (filter.categoryId !== '') query = query.contains('category_ids', [filter.categoryId]);
  const { data, error } = await query.order('created_at', { ascending: false }).order('id').limit(PRODUCT_SEARCH_LIMIT);
  if (error) throw new Error(`admin.searchEmbedProducts(${JSON.stringify(filter)})`, { cause: error });
  return data.map(toEmbedProduct);
}

/** The products a blog body embeds, for the preview; ids without a product are simply absent. */
export async function embedProductsByIds(db: Db, ids: readonly string[]): Promise<EmbedProduct[]> {
  if (ids.length === 0) return [];
  const { data, error } = await db.from('products').select(EMBED_PRODUCT_COLUMNS).in('id', [...ids]);
  if (error) throw new Error(`admin.embedProductsByIds(${ids.length} ids)`, { cause: error });
  return data.map(toEmbedProduct);
}

// --- quizzes ---------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored questions, as the table's check constraint guarantees them; anything else is dropped. */
function toQuestions(json: Json): StoredQuizQuestion[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((q) => {
    if (!isRecord(q) || typeof q.id !== 'string' || typeof q.text !== 'string' || !Array.isArray(q.options)) return [];
    const options = q.options.flatMap((o) =>
      isRecord(o) && typeof o.text === 'string'
        ? [{ text: o.text, personalities: Array.isArray(o.personalities) ? o.personalities.filter((p): p is string => typeof p === 'string') : [] }]
        : [],
    );
    return [{ id: q.id, text: q.text, options }];
  });
}

/** Every saved quiz, most recently changed first. */
export async function adminQuizzes(db: Db): Promise<StoredQuiz[]> {
  const { data, error } = await db
    .from('quizzes')
    .select('id, title, description, category_id, gender_category, questions, updated_at')
    .order('updated_at', { ascending: false });
  if (error) throw new Error('admin.adminQuizzes', { cause: error });
  return data.map((q) => ({ ...q, questions: toQuestions(q.questions) }));
}

// --- analytics -------------------------------------------------------------------------------------

const isClickType = (value: string | null): value is ClickType => (CLICK_TYPES as readonly (string | null)[]).includes(value);

/** Every row of the `analytics` view (spec: ordered by record_date ascending); admins only. */
export async function analyticsRows(db: Db): Promise<AnalyticsRow[]> {
  const rows = await allPages('admin.analyticsRows', (from, to) =>
    db.from('analytics').select('*').order('record_date').order('id').range(from, to),
  );
  return rows.flatMap((r) => {
    if (!r.item_id || !isClickType(r.click_type)) return [];
    const n = (value: number | null) => Number(value ?? 0);
    return [{
      item_id: r.item_id,
      item_name: r.item_name ?? 'Unknown Product',
      click_type: r.click_type,
      record_date: r.record_date ?? '',
      today_clicks: n(r.today_clicks),
      yesterday_clicks: n(r.yesterday_clicks),
      this_week: n(r.this_week),
      last_week: n(r.last_week),
      this_month: n(r.this_month),
      last_month: n(r.last_month),
      yearly: n(r.yearly),
      today_affiliate_links: n(r.today_affiliate_links),
      yesterday_affiliate_links: n(r.yesterday_affiliate_links),
      this_week_affiliate_links: n(r.this_week_affiliate_links),
      last_week_affiliate_links: n(r.last_week_affiliate_links),
      this_month_affiliate_links: n(r.this_month_affiliate_links),
      last_month_affiliate_links: n(r.last_month_affiliate_links),
      yearly_affiliate_links: n(r.yearly_affiliate_links),
    }];
  });
}

/** Clicks per item and UTC day since a day (clicks_per_day), for the charts; admins only. */
export async function dailyClicks(db: Db, since: string): Promise<DayClicks[]> {
  const rows = await allPages(`admin.dailyClicks(${since})`, (from, to) =>
    db.rpc('clicks_per_day', { since }).select('click_type, day, clicks, affiliate_clicks').order('day').order('click_type').order('item_id').order('last_click_at').range(from, to),
  );
  return rows.flatMap((r) =>
    isClickType(r.click_type) ? [{ click_type: r.click_type, day: r.day, clicks: Number(r.clicks), affiliate_clicks: Number(r.affiliate_clicks) }] : [],
  );
}
