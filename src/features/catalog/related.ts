/**
 * Related products on the product page: three candidate stages merged, scored and sorted.
 *
 * Relevance of a candidate to the viewed product, at most 1.3:
 * - price closeness × 0.3, where closeness = 1 − |a − b| / max(a, b) (1 when both are free);
 * - 0.25 for the same gender category, else 0.15 when either is for_both (him vs her: 0);
 * - subcategory overlap ratio × 0.4, where the ratio is the share of the viewed product's
 *   subcategories the candidate also has (0 when the viewed product has none);
 * - 0.2 when they share any category;
 * - name word match × 0.15, where the match is the share of the viewed product's name words
 *   longer than 3 characters that also occur in the candidate's name.
 */
import type { Product } from './model.ts';

/** Related products wanted on the product page (spec: 20). */
export const RELATED_WANTED = 20;

/** Stage sizes (spec: up to 50 sharing subcategories, 30 from the same category, 20 in the price band). */
export const RELATED_STAGE_LIMITS = { bySubcategory: 50, byCategory: 30, byPrice: 20 } as const;

type Candidate = Pick<Product, 'id' | 'name' | 'price' | 'gender' | 'categoryIds' | 'subcategoryIds'>;

/** Related-product relevance (spec: price 0.3, gender 0.25/0.15, subcategory overlap 0.4, category 0.2, name words 0.15). */
export function relatedRelevance(product: Candidate, candidate: Candidate): number {
  return relevanceTo(product)(candidate);
}

/**
 * relatedRelevance of candidates to one product, with the product's subcategories and name words
 * gathered once: a product page scores up to 100 candidates, and a build scores every product's.
 */
function relevanceTo(product: Candidate): (candidate: Candidate) => number {
  const subcategories = [...new Set(product.subcategoryIds)];
  const words = [...new Set(nameWords(product.name))];
  const categories = product.categoryIds;
  return (candidate) =>
    0.3 * priceCloseness(product.price, candidate.price) +
    genderScore(product, candidate) +
    0.4 * shareHeld(subcategories, candidate.subcategoryIds) +
    (sharesAny(categories, candidate.categoryIds) ? 0.2 : 0) +
    0.15 * shareHeld(words, nameWords(candidate.name));
}

/** Price band of the third stage (spec: between 0.5× and 2× of the product's price, same gender). */
export function relatedPriceBand(price: number): { priceMin: number; priceMax: number } {
  return { priceMin: price * 0.5, priceMax: price * 2 };
}

/** Whether the same-category stage runs (spec: only if fewer than twice the wanted count so far). */
export function needsCategoryStage(foundSoFar: number, wanted: number = RELATED_WANTED): boolean {
  return foundSoFar < 2 * wanted;
}

export interface RelatedStages<P> {
  bySubcategory: readonly P[];
  byCategory?: readonly P[];
  byPrice?: readonly P[];
}

/** Three-stage related products (spec: ≤50 by subcategory; if fewer than 2×wanted ≤30 by category; then ≤20 by price band), scored, `wanted` returned. */
// Each stage skips the product and ids already seen; equal scores keep the stage order.
export function relatedProducts<P extends Candidate>(
  product: Candidate,
  stages: RelatedStages<P>,
  wanted: number = RELATED_WANTED,
): P[] {
  const seen = new Set([product.id]);
  const take = (list: readonly P[] = [], limit: number): P[] => {
    const fresh = list.slice(0, limit).filter((p) => !seen.has(p.id));
    for (const p of fresh) seen.add(p.id);
    return fresh;
  };

  const found = take(stages.bySubcategory, RELATED_STAGE_LIMITS.bySubcategory);
  if (needsCategoryStage(found.length, wanted)) found.push(...take(stages.byCategory, RELATED_STAGE_LIMITS.byCategory));
  found.push(...take(stages.byPrice, RELATED_STAGE_LIMITS.byPrice));

  const relevance = relevanceTo(product);
  return found
    .map((p) => ({ p, score: relevance(p) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, wanted)
    .map(({ p }) => p);
}

function priceCloseness(a: number, b: number): number {
  const larger = Math.max(a, b);
  return larger <= 0 ? 1 : 1 - Math.abs(a - b) / larger;
}

function genderScore(a: Candidate, b: Candidate): number {
  if (a.gender === b.gender) return 0.25;
  return a.gender === 'for_both' || b.gender === 'for_both' ? 0.15 : 0;
}

/** Share of the distinct `wanted` items that `other` also holds (0 when `wanted` is empty). */
function shareHeld(wanted: readonly string[], other: readonly string[]): number {
  if (wanted.length === 0) return 0;
  let held = 0;
  for (let i = 0; i < wanted.length; i += 1) if (other.includes(wanted[i]!)) held += 1;
  return held / wanted.length;
}

function sharesAny(some: readonly string[], other: readonly string[]): boolean {
  for (let i = 0; i < some.length; i += 1) if (other.includes(some[i]!)) return true;
  return false;
}

// Every product's name is split once per build rather than once per page that scores it. The
// cache is dropped when it grows past any catalogue's size, so a long-lived process stays bounded.
const NAME_WORDS_CACHE_LIMIT = 200_000;
const wordsByName = new Map<string, readonly string[]>();

function nameWords(name: string): readonly string[] {
  let words = wordsByName.get(name);
  if (!words) {
    if (wordsByName.size >= NAME_WORDS_CACHE_LIMIT) wordsByName.clear();
    words = name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 3);
    wordsByName.set(name, words);
  }
  return words;
}
