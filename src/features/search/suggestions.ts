/**
 * The header's search suggestions through supabase-js: products and visible categories whose
 * name contains the typed text. Kept apart from the search page's reads (queries.ts), which make
 * whole product cards and bring the catalogue's schemas with them: the search box, on every page,
 * loads only this.
 */
import { readError } from '../../lib/query-cache.ts';
import type { Db } from '../../lib/supabase.ts';
import { SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from './rules.ts';

export interface ProductSuggestion {
  id: string;
  name: string;
  imageUrl: string | null;
}

/** PostgREST's ilike takes * as the wildcard; the term's own wildcards and commas are escaped. */
function containing(term: string): string {
  return `*${term.replace(/[\\*%_,()]/g, (c) => `\\${c}`)}*`;
}

/**
 * Suggestions for a typed term: products and visible categories whose name contains it. Visible is
 * asked for, not left to row-level security: an admin may read hidden categories, and a hidden
 * category has no page to go to.
 */
export async function suggestionsFor(db: Db, term: string) {
  const [products, categories] = await Promise.all([
    db.from('products').select('id, name, image_url').ilike('name', containing(term)).limit(SUGGESTED_PRODUCTS),
    db.from('categories').select('id, name').ilike('name', containing(term)).contains('type', ['product']).eq('visible', true).limit(SUGGESTED_CATEGORIES),
  ]);
  if (products.error) throw readError(`search.suggestionsFor(${term}) products`, products.error, products.status);
  if (categories.error) throw readError(`search.suggestionsFor(${term}) categories`, categories.error, categories.status);
  return {
    products: products.data.map((p): ProductSuggestion => ({ id: p.id, name: p.name, imageUrl: p.image_url })),
    categories: categories.data,
  };
}
