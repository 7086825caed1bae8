/**
 * Which click a tracked element reports: elements carry data-track-product, data-track-category,
 * data-track-blog or data-track-quiz with the item's id, or data-track-affiliate with the product's
 * id and data-platform for a retailer link. Pure: the listener in listen.ts sends what this returns.
 */
export type Click =
  | { type: 'product' | 'category' | 'blog' | 'quiz'; id: string }
  | { type: 'affiliate'; id: string; platform: string };

const ITEM_TYPES = ['product', 'category', 'blog', 'quiz'] as const;

/** The click an element's data attributes describe, or null when it is not tracked. */
export function clickFor(dataset: Record<string, string | undefined>): Click | null {
  if (dataset.trackAffiliate && dataset.platform) {
    return { type: 'affiliate', id: dataset.trackAffiliate, platform: dataset.platform };
  }
  for (const type of ITEM_TYPES) {
    const id = dataset[`track${type[0]!.toUpperCase()}${type.slice(1)}`];
    if (id) return { type, id };
  }
  return null;
}

/** The selector matching every tracked element. */
export const TRACKED = '[data-track-product],[data-track-category],[data-track-blog],[data-track-quiz],[data-track-affiliate]';
