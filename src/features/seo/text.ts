/**
 * Texts for search engines: page titles, product descriptions, and a new product's SEO defaults
 * (an article's descriptions are the blog's: blog/text/descriptions.ts).
 *
 * Where the spec says 'the first N characters' (a product's SEO description and meta description)
 * that is what the text gets: its first N characters, whitespace runs counted as one space. The
 * other shortened texts are cut on a word boundary and end in '…', the ellipsis counted within
 * the limit, so a 155-character limit never gives 156 characters.
 */
import { BRAND } from './site.ts';

/** SEO description limit (spec: max 155). */
export const SEO_DESCRIPTION_MAX = 155;

/** Page title (spec: ' | ' brand suffix unless the title already contains the brand). */
export function pageTitle(title: string, suffix: string = BRAND): string {
  const trimmed = title.trim();
  if (!trimmed) return suffix;
  return trimmed.toLowerCase().includes(BRAND.toLowerCase()) ? trimmed : `${trimmed} | ${suffix}`;
}

/** Truncation on a word boundary with an ellipsis, at most `max` characters in all. */
export function truncateWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // The last space within the first `max` characters ends at most max − 1 characters of words,
  // which leaves room for the ellipsis; one long word is cut hard.
  const lastSpace = flat.slice(0, max).lastIndexOf(' ');
  const words = lastSpace > 0 ? flat.slice(0, lastSpace) : flat.slice(0, max - 1);
  return `${words.replace(/[\s,;:.!?\-–—]+$/, '')}…`;
}

/** The first `count` characters of a text, its whitespace runs (line breaks too) counted as one space. */
export function firstCharacters(text: string, count: number): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, count);
}

/** Product meta description (spec: its SEO description, else the first 160 characters of the description). */
export function productMetaDescription(product: { seoDescription: string | null; description: string }): string {
  return product.seoDescription?.trim() || firstCharacters(product.description, 160);
}

/** Characters left in the SEO description field (spec: limited to 155 with a counter of remaining characters). */
export function seoDescriptionRemaining(text: string): number {
  return SEO_DESCRIPTION_MAX - text.length;
}

const KEYWORD_STOP_WORDS = new Set(['with', 'that', 'this', 'from', 'they', 'have', 'unique']);
const UUID_PART = /^[0-9a-f]{4,12}$/;
const MAX_KEYWORDS = 8;

/** SEO keywords (spec: lowercase words longer than 3 characters, without with, that, this, from, they, have, unique; at most 8). */
// The spec feeds in category ids; pass category names instead: an id's hex parts are never keywords.
export function seoKeywords(name: string, description: string, categories: readonly string[] = []): string[] {
  const words = [name, description, ...categories]
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 3 && !KEYWORD_STOP_WORDS.has(word) && !(UUID_PART.test(word) && /\d/.test(word)));
  return [...new Set(words)].slice(0, MAX_KEYWORDS);
}

/** New product SEO defaults (spec: title from the name, description the first 155 characters of the description, keywords generated). */
export function newProductSeo(product: { name: string; description: string; categories?: readonly string[] }) {
  return {
    seoTitle: product.name.trim(),
    seoDescription: firstCharacters(product.description, SEO_DESCRIPTION_MAX),
    seoKeywords: seoKeywords(product.name, product.description, product.categories),
  };
}

/**
 * A product's SEO title once the product is renamed (issue 13): the old name replaced by the new
 * one wherever the title holds it, in any letter case; null when it does not hold the old name
 * (a title written without it is the admin's own, and stays).
 */
export function seoTitleAfterRename(seoTitle: string, oldName: string, newName: string): string | null {
  const old = oldName.trim();
  const renamed = newName.trim();
  if (!old || !renamed) return null;
  const oldNameAnyCase = new RegExp(old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return seoTitle.search(oldNameAnyCase) < 0 ? null : seoTitle.replace(oldNameAnyCase, () => renamed);
}
