/**
 * Slugs and links for categories, blogs and products.
 *
 * Category slug: lowercase, the characters * + ~ . ( ) ' " ! : @ removed, otherwise strictly
 * alphanumeric. Accents are folded to their base letter (é → e), '&' reads as 'and', and every
 * other run of characters that is not a letter or digit (spaces, commas, hyphens) becomes one
 * hyphen between words: "Builders & Fixers" → builders-and-fixers, "Lights, Camera, Action" →
 * lights-camera-action, "Storyteller's Corner" → storytellers-corner. The hyphen is the only
 * non-alphanumeric character a slug keeps, so the words stay readable.
 *
 * Blog slug: the title lowercased with spaces turned to hyphens, as the spec says ("Gifts for
 * Golfers, Cyclists" → gifts-for-golfers,-cyclists), keeping the punctuation a path segment holds
 * as it is (- . _ ~ ! $ & ' ( ) * + , ; = : @). Accents are folded (é → e) and every other
 * character (/ ? # % quotes, angle brackets, other scripts) is dropped: a character a browser
 * percent-encodes would name a file the static host may look up by its encoded form, and the
 * article would not be found. The id, not the slug, identifies the article.
 */
import type { Gender } from './audience.ts';

const REMOVED_FROM_CATEGORY_SLUG = /[*+~.()'"!:@]/g;

// Every prebuilt page links every category (header and mobile menu): each name is slugged once.
const slugByName = new Map<string, string>();
const SLUG_CACHE_LIMIT = 10_000;

/** Category slug (spec: lowercase, * + ~ . ( ) ' " ! : @ removed, otherwise strictly alphanumeric). */
export function categorySlug(name: string): string {
  let slug = slugByName.get(name);
  if (slug === undefined) {
    if (slugByName.size >= SLUG_CACHE_LIMIT) slugByName.clear();
    const words = foldAccents(name.toLowerCase())
      .replace(REMOVED_FROM_CATEGORY_SLUG, '')
      .replace(/&/g, ' and ');
    slug = hyphenate(words.replace(/[^a-z0-9]+/g, '-')) || 'category';
    slugByName.set(name, slug);
  }
  return slug;
}

/** Category page link: /category/{id}/{slug}, plus ?gender={value} when the gender is not for_both. */
export function categoryHref(id: string, name: string, gender: Gender = 'for_both'): string {
  const path = `/category/${encodeURIComponent(id)}/${categorySlug(name)}`;
  return gender === 'for_both' ? path : `${path}?gender=${gender}`;
}

/** What a path segment holds without percent-encoding (RFC 3986 pchar), less nothing else. */
const NOT_PLAIN_IN_A_PATH = /[^a-z0-9\-._~!$&'()*+,;=:@]/g;

/** Blog slug (spec: the title lowercased with spaces turned to hyphens). */
export function blogSlug(title: string): string {
  return foldAccents(title.trim().toLowerCase()).replace(/\s+/g, '-').replace(NOT_PLAIN_IN_A_PATH, '') || 'post';
}

/** Blog article link: /blog-detail/{id}/{slug}. */
export function blogHref(id: string, title: string): string {
  return `/blog-detail/${encodeURIComponent(id)}/${blogSlug(title)}`;
}

/** Blog category listing link: /blog/categories/{categoryId}[/{gender}]. */
export function blogCategoryHref(categoryId: string, gender?: Gender): string {
  const path = `/blog/categories/${encodeURIComponent(categoryId)}`;
  return gender ? `${path}/${gender}` : path;
}

/** The query parameter naming the variant chosen on a product page (issue 13: a shared link shows the same variant). */
export const VARIANT_PARAM = 'variant';

/** Product detail link: /products/{id}, with ?variant={name} for one of its variants. */
export function productHref(id: string, variant?: string): string {
  const path = `/products/${encodeURIComponent(id)}`;
  return variant ? `${path}?${VARIANT_PARAM}=${encodeURIComponent(variant)}` : path;
}

const PRODUCT_PATH = /^\/products\/([^/?#]+)\/?(?:[?#].*)?$/;

/** The product id of a link to a product page written as a path (as productHref makes it), else null. */
export function productIdOfHref(href: string): string | null {
  const encoded = PRODUCT_PATH.exec(href)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded).toLowerCase();
  } catch {
    return null;
  }
}

function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

function hyphenate(text: string): string {
  return text.replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/** The sign-in page, which goes back to `next` (a path of this site) once the shopper is signed in. */
export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}
