/**
 * Structured data (JSON-LD, schema.org) for product, listing, blog and home pages, and its safe
 * serialisation into a <script type="application/ld+json">. URLs passed in are absolute.
 *
 * Products carry no brand: the catalogue does not record makers, and naming the shop as the brand
 * would be false. Each retailer link is one Offer at that retailer's latest known price (the
 * A retailer with no known price gets no Offer: the product's own price is not what that retailer
 * charges. A product without any priced retailer gets one Offer at its price on its own page.
 */
import { BRAND, CURRENCY } from './site.ts';
import { scriptJson } from '../../lib/script-json.ts';
import { truncateWords } from './text.ts';

export type JsonLdValue = string | number | boolean | null | JsonLdValue[] | { [key: string]: JsonLdValue };
export type JsonLd = { [key: string]: JsonLdValue };

const CONTEXT = 'https://schema.org';
/** Structured data lists at most 10 items (spec). */
export const MAX_LISTED_ITEMS = 10;

/** What product JSON-LD says of a product (a catalogue product has all of it). */
interface ProductFacts {
  id: string;
  name: string;
  description: string;
  price: number;
  imageUrl: string;
  media: readonly { type: string; url: string }[];
  affiliateLinks: readonly { platform: string; url: string }[];
}

/** Product JSON-LD (spec: description truncated to 100, currency USD, always in stock; one Offer per retailer at its latest price, none without one). */
export function productJsonLd(
  product: ProductFacts,
  page: { url: string; latestPrices?: readonly { platform: string; price: number }[] },
): JsonLd {
  const priceOn = (platform: string) =>
    page.latestPrices?.find((p) => p.platform.trim().toLowerCase() === platform.trim().toLowerCase())?.price;
  const retailers = product.affiliateLinks.flatMap((link) => {
    const price = priceOn(link.platform);
    return price === undefined ? [] : [offer(price, link.url, link.platform)];
  });
  const offers = retailers.length > 0 ? retailers : [offer(product.price, page.url, null)];
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: truncateWords(product.description, 100),
    image: [product.imageUrl, ...product.media.filter((m) => m.type === 'image').map((m) => m.url)],
    sku: product.id,
    url: page.url,
    offers,
  };
}

/** ItemList JSON-LD (spec: at most 10 listed items), positions from 1. */
export function itemListJsonLd(items: readonly { url: string; name?: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: items.slice(0, MAX_LISTED_ITEMS).map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: item.url,
      ...(item.name ? { name: item.name } : {}),
    })),
  };
}

/** BlogPosting JSON-LD: headline, description, dates, author (the shop when none), image. */
export function blogPostingJsonLd(blog: {
  title: string;
  description: string;
  publishDate: string;
  updatedAt: string;
  author: string | null;
  imageUrl: string | null;
  url: string;
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: blog.title,
    description: blog.description,
    datePublished: blog.publishDate,
    dateModified: blog.updatedAt,
    author: blog.author?.trim() ? { '@type': 'Person', name: blog.author.trim() } : { '@type': 'Organization', name: BRAND },
    publisher: { '@type': 'Organization', name: BRAND },
    mainEntityOfPage: blog.url,
    ...(blog.imageUrl ? { image: blog.imageUrl } : {}),
  };
}

/** BreadcrumbList JSON-LD, from the home page down to the current page. */
export function breadcrumbJsonLd(crumbs: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** Organization JSON-LD for the home page. */
export function organizationJsonLd(siteUrl: string, logoUrl?: string): JsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', name: BRAND, url: siteUrl, ...(logoUrl ? { logo: logoUrl } : {}) };
}

/** WebSite JSON-LD for the home page, with the site search (/search?q=). */
export function websiteJsonLd(siteUrl: string): JsonLd {
  const search = new URL('/search', siteUrl);
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: BRAND,
    url: siteUrl,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${search.href}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

/** JSON-LD for a <script type="application/ld+json">: '<', '>' and '&' escaped so '</script>' cannot end the script. */
export function jsonLdScript(data: JsonLd | readonly JsonLd[]): string {
  return scriptJson(data);
}

function offer(price: number, url: string, seller: string | null): JsonLd {
  return {
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: CURRENCY,
    availability: 'https://schema.org/InStock',
    url,
    ...(seller ? { seller: { '@type': 'Organization', name: seller } } : {}),
  };
}
