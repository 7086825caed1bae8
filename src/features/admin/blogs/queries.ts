/**
 * The Blogs room's reads through supabase-js, as the signed-in admin: blogs, writers and the
 * products a body embeds. Every call checks `error` and throws with the query's name and the
 * cause. Writes go through ../api.ts.
 */
import type { Db } from '../../../lib/supabase.ts';
import type { EmbedProduct } from '../../blog/text/embeds.ts';
import { writerProfile } from '../../blog/core/writer.ts';
import type { Gender } from '../../../lib/audience.ts';
import { allRows } from '../../../lib/all-rows.ts';
import { nameOrDescriptionContains } from '../db.ts';
import type { StoredBlog } from './editor.ts';

export interface EditorWriter {
  id: string;
  name: string;
  imageUrl: string | null;
  description: string | null;
}

/** The writers a blog can name, by name (their stored names may carry a picture and bio; see blog/core/writer.ts). */
export async function editorWriters(db: Db): Promise<EditorWriter[]> {
  const data = await allRows('admin.editorWriters', (from, to) =>
    db.from('writers').select('id, name, image_url, description').order('name').order('id').range(from, to),
  );
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
  const rows = await allRows('admin.adminBlogList', (from, to) =>
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

/**
 * Products for the insert dialog (spec: admin search, newest first, up to 100, on name or
 * description text and on category); an empty term lists the newest.
 */
export async function searchEmbedProducts(db: Db, filter: { term: string; categoryId: string }): Promise<EmbedProduct[]> {
  let query = db.from('products').select(EMBED_PRODUCT_COLUMNS);
  const term = filter.term.trim();
  if (term !== '') query = query.or(nameOrDescriptionContains(term));
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
