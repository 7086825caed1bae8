/**
 * Prices in US dollars and the price filter buckets. A bucket's bounds are inclusive, as the
 * product filters are (price >= priceMin and price <= priceMax).
 */

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Price in dollars with cents (spec: '$' plus the price, two decimals): $12.50, $1,250.00. */
export function formatPrice(price: number): string {
  return DOLLARS.format(price);
}

export interface PriceBucket {
  id: 'up-to-50' | '50-to-250' | '250-to-450' | '450-and-up';
  label: string;
  priceMin: number | null;
  priceMax: number | null;
}

/** Price filter buckets (spec: up to $50, $50 to $250, $250 to $450, $450 and up). */
export const PRICE_BUCKETS: readonly PriceBucket[] = [
  { id: 'up-to-50', label: 'Up to $50', priceMin: null, priceMax: 50 },
  { id: '50-to-250', label: '$50 to $250', priceMin: 50, priceMax: 250 },
  { id: '250-to-450', label: '$250 to $450', priceMin: 250, priceMax: 450 },
  { id: '450-and-up', label: '$450 and up', priceMin: 450, priceMax: null },
];

/** The bucket a priceMin/priceMax pair selects, if any (a priceMin of 0 counts as none). */
export function priceBucketFor(priceMin: number | null, priceMax: number | null): PriceBucket | null {
  const min = priceMin === 0 ? null : priceMin;
  return PRICE_BUCKETS.find((b) => b.priceMin === min && b.priceMax === priceMax) ?? null;
}
