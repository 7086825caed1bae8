/**
 * The price badges' words (the issue's exact labels), shared by the product page and the product
 * cards. Kept apart from rules.ts so a card island ships only these few lines.
 */

export const LOWEST_BADGE_LABEL = 'Lowest price in 90 days';
export const dropBadgeLabel = (percent: number) => `Price dropped ${percent}%`;

/** The badges a product shows: the drop first (it says more), then the lowest price. */
export function priceBadgeLabels(badges: { lowestPriceIn90Days?: boolean; priceDropPercent?: number | null }): string[] {
  return [
    ...(typeof badges.priceDropPercent === 'number' ? [dropBadgeLabel(badges.priceDropPercent)] : []),
    ...(badges.lowestPriceIn90Days ? [LOWEST_BADGE_LABEL] : []),
  ];
}
