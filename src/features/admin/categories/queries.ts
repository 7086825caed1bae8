/**
 * The Categories room's reads through supabase-js, as the signed-in admin: row-level security
 * lets an admin read hidden categories too. Every room that names categories (products, blogs,
 * quizzes) reads them here. Every call checks `error` and throws with the query's name and the
 * cause. Writes go through ../api.ts.
 */
import type { Db } from '../../../lib/supabase.ts';
import type { Gender } from '../../../lib/audience.ts';
import { CATEGORY_TYPES, type CategoryType } from './schemas.ts';

export interface AdminSubcategory {
  id: string;
  name: string;
  description: string | null;
}

export interface AdminCategory {
  id: string;
  name: string;
  description: string;
  shortDescription: string | null;
  imageUrl: string | null;
  bannerUrl: string | null;
  bannerSmallUrl: string | null;
  color: string;
  visible: boolean;
  types: CategoryType[];
  gender: Gender;
  /** By name; enough for the product filters and the list's count. */
  subcategories: { id: string; name: string }[];
}

/** Every category, visible or hidden, by name, with its subcategories' names. */
export async function allCategories(db: Db): Promise<AdminCategory[]> {
  const { data, error } = await db
    .from('categories')
    .select('id, name, description, short_description, image_url, image_url_banner, image_url_banner_small, color, visible, type, gender_category, subcategories(id, name)')
    .order('name')
    .order('name', { referencedTable: 'subcategories' });
  if (error) throw new Error('admin.allCategories', { cause: error });
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: row.short_description,
    imageUrl: row.image_url,
    bannerUrl: row.image_url_banner,
    bannerSmallUrl: row.image_url_banner_small,
    color: row.color,
    visible: row.visible,
    types: row.type.filter((t): t is CategoryType => (CATEGORY_TYPES as readonly string[]).includes(t)),
    gender: row.gender_category,
    subcategories: row.subcategories.map((s) => ({ id: s.id, name: s.name })),
  }));
}

/** A category's subcategories, by name (spec: subcategories by category_id). */
export async function subcategoriesOf(db: Db, categoryId: string): Promise<AdminSubcategory[]> {
  const { data, error } = await db.from('subcategories').select('id, name, description').eq('category_id', categoryId).order('name');
  if (error) throw new Error(`admin.subcategoriesOf(${categoryId})`, { cause: error });
  return data;
}
