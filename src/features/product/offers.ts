/**
 * The retailers a product is 'Available at': one offer per affiliate link, priced at that
 * platform's latest known price, or without a price when none is known (the product's own price
 * is not what that retailer charges).
 */
import type { AffiliateLink } from '../catalog/core/model.ts';

export interface RetailerOffer {
  platform: string;
  url: string;
  /** The latest known price on that platform; null when none is known. */
  price: number | null;
}

/** Retailer offers (spec: labelled with the platform name plus the latest known price for that platform; issue 11: no price when none is known). */
// Platform names are matched ignoring case and surrounding spaces, as price scrapes spell them
// their own way. Links without a platform or with a URL that is not http(s) are left out: an
// affiliate URL becomes an href, and a javascript: URL there would run in the shopper's page.
export function retailerOffers(
  links: readonly AffiliateLink[],
  latestPrices: readonly { platform: string; price: number }[],
): RetailerOffer[] {
  const priceOf = new Map(latestPrices.map((p) => [platformKey(p.platform), p.price]));
  return links.flatMap((link) => {
    const platform = link.platform.trim();
    const url = link.url.trim();
    if (!platform || !isWebUrl(url)) return [];
    return [{ platform, url, price: priceOf.get(platformKey(platform)) ?? null }];
  });
}

function platformKey(platform: string): string {
  return platform.trim().toLowerCase();
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
