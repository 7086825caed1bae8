/**
 * What the wishlist page shows for the liked ids: the products already read, in the wishlist's
 * order, and the ids still to read. Products are read once per page and kept, so unliking one
 * only removes its card instead of reading the whole list again.
 */

/**
 * The wishlist and shared list pages show a failed load by this long after they were opened
 * (issue 13: within 5 s, with room for drawing it on a busy phone).
 */
const LOAD_SETTLED_BY_MS = 3_500;
/**
 * The least time a read of them gets, also when the page or the reader's code took long to load,
 * and on Retry: Supabase answers in tens of milliseconds, and a page whose code arrived late still
 * shows a silent Supabase's error within 5 s.
 */
const LEAST_READ_MS = 1_000;

/**
 * How long a read of the wishlist and shared list pages may take, retries included: what is left
 * of LOAD_SETTLED_BY_MS since the page was opened, at least LEAST_READ_MS. Past it the shopper sees
 * the error and Retry rather than 'Loading products...', also when Supabase takes the request and
 * never answers. It is set and counts once the reader's code has loaded (the pages' `prepare`), so
 * Supabase gets at least LEAST_READ_MS however long that code took to arrive. `sinceOpened` is the
 * page's clock (performance.now() counts from its opening).
 */
export function wishlistReadBudget(sinceOpened: number = performance.now()): number {
  return Math.max(LEAST_READ_MS, LOAD_SETTLED_BY_MS - sinceOpened);
}

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
