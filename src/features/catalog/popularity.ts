/**
 * Popularity windows and the fallback and fill rules of the popular and top-clicked lists. The
 * ranking itself is the SQL function public.popular_products / popular_blogs; these rules name
 * the same windows and combine the lists it returns.
 */

export const POPULARITY_WINDOWS = ['daily', 'weekly', 'monthly'] as const;
export type PopularityWindow = (typeof POPULARITY_WINDOWS)[number];

/** The analytics counter each window ranks by, as named in public.click_analytics. */
export const POPULARITY_COUNTERS = {
  daily: 'yesterday_clicks',
  weekly: 'last_week',
  monthly: 'last_month',
} as const satisfies Record<PopularityWindow, string>;

/** Top-clicked tiles shown at most (spec: 5). */
export const TOP_CLICKED_TILES = 5;

/** Popularity window (spec: daily, weekly, anything else monthly). */
export function popularityWindow(value: string | null | undefined): PopularityWindow {
  return value === 'daily' || value === 'weekly' ? value : 'monthly';
}

/** Counter of a window (spec: daily uses yesterday, weekly last_week, monthly last_month). */
export function popularityCounter(window: string | null | undefined): (typeof POPULARITY_COUNTERS)[PopularityWindow] {
  return POPULARITY_COUNTERS[popularityWindow(window)];
}

/** Popular products fallback (spec: no daily results → weekly, then monthly). */
export function fallbackWindows(window: string | null | undefined): PopularityWindow[] {
  const asked = popularityWindow(window);
  return POPULARITY_WINDOWS.slice(POPULARITY_WINDOWS.indexOf(asked));
}

/** Popular fetch limit (spec: max(3 × items per page, 50)). */
export function popularFetchLimit(itemsPerPage: number): number {
  return Math.max(3 * itemsPerPage, 50);
}

/** Fallback chain (spec e.g. Daily Top Clicked: daily → monthly in category → monthly overall): the first non-empty list. */
export function firstNonEmpty<T>(...lists: readonly (readonly T[])[]): T[] {
  return [...(lists.find((list) => list.length > 0) ?? [])];
}

/** Top-clicked grid (spec: at most 5 tiles, de-duplicated by id, filled from primary then fallback lists). */
export function topClickedTiles<T extends { id: string }>(primary: readonly T[], ...fallbacks: readonly (readonly T[])[]): T[] {
  const tiles = new Map<string, T>();
  for (const item of [primary, ...fallbacks].flat()) {
    if (tiles.size === TOP_CLICKED_TILES) break;
    if (!tiles.has(item.id)) tiles.set(item.id, item);
  }
  return [...tiles.values()];
}

/** Unclicked products (spec: products with no clicks are appended after the ranked ones in source order). */
export function appendUnclicked<T extends { id: string }>(ranked: readonly T[], all: readonly T[]): T[] {
  const rankedIds = new Set(ranked.map((item) => item.id));
  return [...ranked, ...all.filter((item) => !rankedIds.has(item.id))];
}
