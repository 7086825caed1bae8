/** The orders the shop lists things in, and lookups by id, shared by the build's catalogue and blog library. */

/** Newest first (created_at descending), ties by id; sorts `items` in place. */
export function newestFirst<T extends { id: string; createdAt: string }>(items: T[]): T[] {
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** By name; sorts `items` in place. */
export function byName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => a.name.localeCompare(b.name));
}

/** The items by their id. */
export function indexById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}
