/**
 * The Products room's reads through supabase-js, as the signed-in admin. Every call checks
 * `error` and throws with the query's name and the cause. Writes go through ../api.ts.
 */
import type { Db } from '../../../lib/supabase.ts';
import { PRODUCT_COLUMNS, toProduct, type Product } from '../../catalog/core/model.ts';
import { nameOrDescriptionContains } from '../db.ts';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ProductListQuery } from './list.ts';
import type { ArticleTitle } from '../AffectedArticles.tsx';

/** Each platform's latest known price for a product, by platform name in lower case (the edit dialog shows them beside the links). */
export async function latestLinkPrices(db: Db, productId: string): Promise<Map<string, number>> {
  const { data, error } = await db.from('latest_prices').select('platform, price').eq('product_id', productId);
  if (error) throw new Error(`admin.latestLinkPrices(${productId})`, { cause: error });
  return new Map(data.flatMap((row) => (row.platform && row.price !== null ? [[row.platform.trim().toLowerCase(), Number(row.price)] as const] : [])));
}

/** A product as the admin list and its edit dialog see it: the shop's own product type. */
export type AdminProduct = Omit<Product, 'updatedAt'>;

/**
 * One page of the admin product list, newest first, with the number of matches: name or
 * description containing the search (any letter case), in the category and the subcategory.
 */
export async function searchAdminProducts(db: Db, query: ProductListQuery): Promise<{ products: AdminProduct[]; total: number }> {
  let request = db.from('products').select(PRODUCT_COLUMNS, { count: 'exact' });
  const term = query.search.trim();
  if (term) request = request.or(nameOrDescriptionContains(term));
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

/** The articles that embed the product (blogs.products_id is derived from the body's product tags). */
export async function articlesEmbedding(db: Db, productId: string): Promise<ArticleTitle[]> {
  const { data, error } = await db.from('blogs').select('id, title').contains('products_id', [productId]).order('title').limit(50);
  if (error) throw new Error('admin.articlesEmbedding', { cause: error });
  return data;
}
