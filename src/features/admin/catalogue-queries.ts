/**
 * The Products and Categories tabs' reads through supabase-js, as the signed-in admin: row-level
 * security lets an admin read hidden categories too (products and platforms are public). The only
 * module of those tabs that calls the database; every call checks `error` and throws with the
 * query's name and the cause. Writes go through api.ts.
 */
import type { Db } from '../../lib/supabase.ts';
import type { Gender } from '../catalog/gender.ts';
import { PRODUCT_COLUMNS, toProduct, type Product } from '../catalog/model.ts';
import { ADMIN_PRODUCTS_PAGE_SIZE, containsPattern, type ProductListQuery } from './products-list.ts';
import { CATEGORY_TYPES, type CategoryType } from './schemas.ts';

/** A product as the admin list and its edit dialog see it: the shop's own product type. */
export type AdminProduct = Omit<Product, 'updatedAt'>;

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

export interface AdminPlatform {
  id: string;
  name: string;
}

/**
 * One page of the admin product list, newest first, with the number of matches: name or
 * description containing the search (any letter case), in the category and the subcategory.
 */
export async function searchAdminProducts(db: Db, query: ProductListQuery): Promise<{ products: AdminProduct[]; total: number }> {
  let request = db.from('products').select(PRODUCT_COLUMNS, { count: 'exact' });
  const term = query.search.trim();
  if (term) {
    const pattern = containsPattern(term);
    request = request.or(`name.ilike.${pattern},description.ilike.${pattern}`);
  }
  if (query.categoryId) request = request.overlaps('category_ids', [query.categoryId]);
  if (query.subcategoryId) request = request.overlaps('subcategory_ids', [query.subcategoryId]);
  const from = (query.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE;
  const { data, count, error } = await request
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + ADMIN_PRODUCTS_PAGE_SIZE - 1);
  if (error) throw new Error(`admin.searchAdminProducts(${JSON.stringify(query)})`, { cause: error });
  return { products: data.map(toProduct), total: count ?? data.length };
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

/** The platforms an affiliate link can name (spec: name, ordered by name). */
export async function platformList(db: Db): Promise<AdminPlatform[]> {
  const { data, error } = await db.from('platforms').select('id, name').order('name');
  if (error) throw new Error('admin.platformList', { cause: error });
  return data;
}
