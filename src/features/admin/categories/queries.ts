/**
 * The Categories room's reads through supabase-js, as the signed-in admin: row-level security
 * lets an admin read hidden categories too. Every room that names categories (products, blogs,
 * quizzes) reads them here. Every call checks `error` and throws with the query's name and the
 * cause. Writes go through ../api.ts.
 */
import { allRows } from '../../../lib/all-rows.ts';
import type { Db } from '../../../lib/supabase.ts';
import { CATEGORY_COLUMNS, toCategory, type Category } from '../../catalog/core/model.ts';
import type { ArticleTitle } from '../AffectedArticles.tsx';

export interface AdminSubcategory {
  id: string;
  name: string;
  description: string | null;
}

/** A category as the shop reads it, and whether the shop's pages show it. */
export interface AdminCategory extends Category {
  visible: boolean;
}

const ADMIN_CATEGORY_COLUMNS = `${CATEGORY_COLUMNS}, visible` as const;

/** Every category, visible or hidden, by name, with its subcategories by name. */
export async function allCategories(db: Db): Promise<AdminCategory[]> {
  const data = await allRows('admin.allCategories', (from, to) =>
    db.from('categories').select(ADMIN_CATEGORY_COLUMNS).order('name').order('id').range(from, to),
  );
  return data.map((row) => ({ ...toCategory(row), visible: row.visible }));
}

/** A category's subcategories, by name (spec: subcategories by category_id). */
export async function subcategoriesOf(db: Db, categoryId: string): Promise<AdminSubcategory[]> {
  return allRows(`admin.subcategoriesOf(${categoryId})`, (from, to) =>
    db.from('subcategories').select('id, name, description').eq('category_id', categoryId).order('name').order('id').range(from, to),
  );
}

/** The articles filed under a category, by title (the first 50): deleting it leaves them without one. */
export async function articlesInCategory(db: Db, categoryId: string): Promise<ArticleTitle[]> {
  const { data, error } = await db.from('blogs').select('id, title').eq('category_id', categoryId).order('title').limit(50);
  if (error) throw new Error('admin.articlesInCategory', { cause: error });
  return data;
}
