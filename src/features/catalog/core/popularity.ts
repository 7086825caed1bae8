/**
 * Popularity windows and the top-clicked grid. The ranking itself is SQL's (popular_products,
 * popular_blogs in supabase/migrations): 'daily' ranks yesterday's clicks, 'weekly' last week's,
 * 'monthly' last month's; an empty daily ranking falls back to weekly, then monthly; products
 * without clicks can follow the ranked ones, newest first.
 */

export type PopularityWindow = 'daily' | 'weekly' | 'monthly';

/** The most questions one popularity batch answers (SQL popular_products_batch, popular_blogs_batch). */
export const BATCH_QUESTIONS = 1000;

/** Top-clicked tiles shown at most (spec: 5). */
export const TOP_CLICKED_TILES = 5;

/** Top-clicked grid (spec: at most 5 tiles, de-duplicated by id, filled from primary then fallback lists). */
export function topClickedTiles<T extends { id: string }>(primary: readonly T[], ...fallbacks: readonly (readonly T[])[]): T[] {
  const tiles = new Map<string, T>();
  for (const item of [primary, ...fallbacks].flat()) {
    if (tiles.size === TOP_CLICKED_TILES) break;
    if (!tiles.has(item.id)) tiles.set(item.id, item);
  }
  return [...tiles.values()];
}
