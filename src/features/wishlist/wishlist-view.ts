/**
 * What the wishlist page shows for the liked ids: the products already read, in the wishlist's
 * order, and the ids still to read. Products are read once per page and kept, so unliking one
 * only removes its card instead of reading the whole list again.
 */

/**
 * How long the wishlist and shared list pages wait for their products, retries included (issue 13:
 * a failed load shows its error within 5 s, counted from the page's address): past it the shopper
 * sees the error and Retry rather than 'Loading products...', also when Supabase takes the request
 * and never answers. The page's load and the island's scripts take the rest of those 5 s on a slow
 * phone; a Supabase that answers at all answers well within 3 s.
 */
export const WISHLIST_READ_BUDGET_MS = 3_000;

/** Read products by id; null marks an id with no product (it left the catalogue). */
export type ReadProducts<T> = ReadonlyMap<string, T | null>;

/** The wishlist page's order: the newest like first (the likes store keeps the newest like last). */
export function wishlistOrder(liked: readonly string[]): string[] {
  return [...liked].reverse();
}

export interface WishlistView<T> {
  /** The products to show, in the order of `ids`. */
  cards: T[];
  /** Ids not read yet, sorted (the read's cache key does not depend on the order of likes). */
  missing: string[];
}

export function wishlistView<T>(ids: readonly string[], read: ReadProducts<T>): WishlistView<T> {
  const cards: T[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const product = read.get(id);
    if (product === undefined) missing.push(id);
    else if (product !== null) cards.push(product);
  }
  return { cards, missing: missing.sort() };
}

/** `read` with the answer to a read of `asked`: each asked id gets its product, or null when none came back. */
export function withRead<T extends { id: string }>(read: ReadProducts<T>, asked: readonly string[], products: readonly T[]): Map<string, T | null> {
  const next = new Map(read);
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const id of asked) next.set(id, byId.get(id) ?? null);
  return next;
}
