/**
 * A category named in an address, where its id belongs (older links, a hand-typed filter): the
 * lookups the listings and the name links share. Kept apart from name-links.ts so a listing's
 * script carries only these.
 */
import { categorySlug } from '../../../lib/links.ts';

export interface NamedCategory {
  id: string;
  name: string;
}

/** The category a name stands for: names match in any letter case and by their slug ('Music Room', 'music room', 'music-room'). */
export function categoryNamed<C extends NamedCategory>(categories: readonly C[], name: string): C | undefined {
  const wanted = name.trim();
  if (!wanted) return undefined;
  const slug = categorySlug(wanted);
  return (
    categories.find((c) => c.name.trim().toLowerCase() === wanted.toLowerCase()) ??
    categories.find((c) => categorySlug(c.name) === slug)
  );
}

/** The category a filter's value stands for: the one with that id, or else the one it names. */
export function categoryByIdOrName<C extends NamedCategory>(categories: readonly C[], value: string): C | undefined {
  return categories.find((c) => c.id === value) ?? categoryNamed(categories, value);
}

/**
 * Filters whose category the address gives by name (older links) read with that category's id;
 * a value no category has stays as it is, for the listing to say so.
 */
export function withCategoryResolved<F extends { category: string | null }>(filters: F, categories: readonly NamedCategory[]): F {
  const named = filters.category === null ? undefined : categoryByIdOrName(categories, filters.category);
  return named ? { ...filters, category: named.id } : filters;
}
