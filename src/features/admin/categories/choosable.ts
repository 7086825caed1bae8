/**
 * The categories a form offers: those of the form's type, plus any the item already has, so
 * editing an item never drops a category whose types changed since.
 */
import type { CategoryType } from './schemas.ts';

export function choosableCategories<C extends { id: string; types: readonly CategoryType[] }>(
  categories: readonly C[],
  type: CategoryType,
  chosenIds: readonly string[],
): C[] {
  return categories.filter((c) => c.types.includes(type) || chosenIds.includes(c.id));
}
