/**
 * Related products on the product page (spec: document 2, 'Related products'): three candidate
 * stages in sequence, each excluding the product and the ids already taken, then the candidates
 * sorted by their relevance to the product, the first 20 kept.
 *
 * Stages: up to 50 products sharing a subcategory; if fewer than twice the wanted count were found,
 * up to 30 from the same category; then up to 20 priced within 0.5× to 2× of the product's price
 * for the same audience (gender_category). Where the spec leaves a stage's order open:
 * - the subcategory and category stages take the newest products first (the catalogue's order);
 * - "the same category" is the product's primary category, its first category id (the spec's
 *   `category` field is the name of the first chosen category);
 * - the price stage takes the products nearest in price first (by the relative distance the
 *   relevance uses), so the 20 it keeps are the 20 that score best on price.
 *
 * Relevance, at most 1.3:
 * - price closeness × 0.3, where closeness = 1 − |a − b| / max(a, b) (1 when both are free);
 * - 0.25 for the same audience, else 0.15 when either is for_both (him versus her: 0);
 * - subcategory overlap ratio × 0.4: the share of the product's subcategories the candidate has;
 * - 0.2 when they share any category;
 * - name word match × 0.15: the share of the product's name words longer than 3 characters that
 *   the candidate's name also has.
 *
 * A build answers every product page from one index of the catalogue (products by subcategory, by
 * category, and per audience by price) instead of three queries a page; each page walks only the
 * lists it needs and stops as soon as a stage is full.
 */
import type { Product } from '../catalog/core/model.ts';

/** Related products wanted on the product page (spec: 20). */
const RELATED_WANTED = 20;

/** Stage sizes (spec: up to 50 sharing subcategories, 30 from the same category, 20 in the price band). */
const STAGE_LIMITS = { bySubcategory: 50, byCategory: 30, byPrice: 20 } as const;

/** Related blogs on the product page (spec: blogs containing the product id, newest first, limit 5). */
export const RELATED_BLOGS_LIMIT = 5;

/** What relatedness reads of a product. */
export type RelatedCandidate = Pick<Product, 'id' | 'name' | 'price' | 'gender' | 'categoryIds' | 'subcategoryIds'>;

export interface RelatedStages<P> {
  bySubcategory: P[];
  byCategory: P[];
  byPrice: P[];
}

export interface RelatedIndex<P extends RelatedCandidate> {
  /** The candidates of each stage, each without the product and the ids of earlier stages. */
  stages(product: P): RelatedStages<P>;
  /** The related products of a product, most relevant first (equal scores keep the stages' order). */
  related(product: P): P[];
}

/** Related-product relevance (spec: price 0.3, gender 0.25/0.15, subcategory overlap 0.4, category 0.2, name words 0.15). */
export function relatedRelevance(product: RelatedCandidate, candidate: RelatedCandidate): number {
  return relevanceTo(product)(candidate);
}

/** Related products of every product of `products` (newest first), wanted per product (spec: 20). */
// Every product page walks these lists, so they hold catalogue positions (a smaller position is a
// newer product) and a page marks what it has seen in a stamp array rather than a set of ids.
export function createRelatedIndex<P extends RelatedCandidate>(products: readonly P[], wanted: number = RELATED_WANTED): RelatedIndex<P> {
  const positionOf = new Map(products.map((p, i) => [p.id, i]));
  const bySubcategory = groupBy(products, (p) => p.subcategoryIds);
  const byCategory = groupBy(products, (p) => p.categoryIds);
  const byPrice = groupBy(products, (p) => [p.gender]);
  for (const list of byPrice.values()) list.sort((a, b) => products[a]!.price - products[b]!.price || a - b);

  // seenIn[i] === round: product i is taken (or is the viewed product) in the current stages() call.
  const seenIn = new Uint32Array(products.length);
  let round = 0;
  const seen: Seen = { has: (i) => seenIn[i] === round, add: (i) => void (seenIn[i] = round) };

  const stages = (product: P): RelatedStages<P> => {
    round += 1;
    if (round === 0xffffffff) {
      seenIn.fill(0);
      round = 1;
    }
    const self = positionOf.get(product.id);
    if (self !== undefined) seen.add(self);
    const subcategoryLists = unique(product.subcategoryIds).map((id) => bySubcategory.get(id) ?? []);
    const shared = newestFirst(subcategoryLists, seen, STAGE_LIMITS.bySubcategory);
    const primary = product.categoryIds[0];
    // Spec: the category stage runs only if fewer than twice the wanted count were found so far.
    const sameCategory = shared.length < 2 * wanted && primary !== undefined
      ? newestFirst([byCategory.get(primary) ?? []], seen, STAGE_LIMITS.byCategory)
      : [];
    const nearPrice = nearestInPrice(products, byPrice.get(product.gender) ?? [], product.price, seen, STAGE_LIMITS.byPrice);
    const at = (positions: number[]) => positions.map((i) => products[i]!);
    return { bySubcategory: at(shared), byCategory: at(sameCategory), byPrice: at(nearPrice) };
  };

  const related = (product: P): P[] => {
    const { bySubcategory: shared, byCategory: sameCategory, byPrice: nearPrice } = stages(product);
    const relevance = relevanceTo(product);
    return [...shared, ...sameCategory, ...nearPrice]
      .map((candidate) => ({ candidate, score: relevance(candidate) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, wanted)
      .map(({ candidate }) => candidate);
  };

  return { stages, related };
}

const built = new WeakMap<readonly Product[], RelatedIndex<Product>>();

/** The build's related-products index over the whole catalogue, made once per product list. */
export function relatedIndex(products: readonly Product[]): RelatedIndex<Product> {
  let index = built.get(products);
  if (!index) {
    index = createRelatedIndex(products);
    built.set(products, index);
  }
  return index;
}

/**
 * relatedRelevance of candidates to one product, with the product's subcategories and name words
 * gathered once: a product page scores up to 100 candidates, and a build scores every product's.
 */
function relevanceTo(product: RelatedCandidate): (candidate: RelatedCandidate) => number {
  const subcategories = unique(product.subcategoryIds);
  const words = unique(nameWords(product.name));
  return (candidate) =>
    0.3 * priceCloseness(product.price, candidate.price) +
    audienceScore(product, candidate) +
    0.4 * shareHeld(subcategories, candidate.subcategoryIds) +
    (sharesAny(product.categoryIds, candidate.categoryIds) ? 0.2 : 0) +
    0.15 * shareHeld(words, nameWords(candidate.name));
}

function priceCloseness(a: number, b: number): number {
  const larger = Math.max(a, b);
  return larger <= 0 ? 1 : 1 - Math.abs(a - b) / larger;
}

function audienceScore(a: RelatedCandidate, b: RelatedCandidate): number {
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

interface Seen {
  has(position: number): boolean;
  add(position: number): void;
}

/** Catalogue positions of the products under each key, ascending (newest first). */
function groupBy<P>(products: readonly P[], keys: (p: P) => readonly string[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  products.forEach((product, i) => {
    for (const key of unique(keys(product))) {
      const list = groups.get(key);
      if (list) list.push(i);
      else groups.set(key, [i]);
    }
  });
  return groups;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Up to `limit` unseen positions of several ascending lists, merged newest (smallest) first; marks them seen. */
function newestFirst(lists: readonly number[][], seen: Seen, limit: number): number[] {
  const cursors = lists.map(() => 0);
  const taken: number[] = [];
  while (taken.length < limit) {
    let newest = -1;
    for (let l = 0; l < lists.length; l += 1) {
      const list = lists[l]!;
      let i = cursors[l]!;
      while (i < list.length && seen.has(list[i]!)) i += 1;
      cursors[l] = i;
      if (i < list.length && (newest < 0 || list[i]! < newest)) newest = list[i]!;
    }
    if (newest < 0) break;
    seen.add(newest);
    taken.push(newest);
  }
  return taken;
}

/** Up to `limit` unseen positions priced within 0.5× to 2× of `price`, nearest first; marks them seen. */
function nearestInPrice(products: readonly RelatedCandidate[], byPrice: readonly number[], price: number, seen: Seen, limit: number): number[] {
  const [priceMin, priceMax] = [price * 0.5, price * 2];
  const priceAt = (k: number) => products[byPrice[k]!]!.price;
  const distance = (other: number) => {
    const larger = Math.max(other, price);
    return larger <= 0 ? 0 : Math.abs(other - price) / larger;
  };
  let right = lowerBound(byPrice.length, priceAt, price);
  let left = right - 1;
  const taken: number[] = [];
  while (taken.length < limit) {
    const below = left >= 0 && priceAt(left) >= priceMin;
    const above = right < byPrice.length && priceAt(right) <= priceMax;
    if (!below && !above) break;
    const pickBelow = below && (!above || distance(priceAt(left)) <= distance(priceAt(right)));
    const position = byPrice[pickBelow ? left : right]!;
    if (pickBelow) left -= 1;
    else right += 1;
    if (seen.has(position)) continue;
    seen.add(position);
    taken.push(position);
  }
  return taken;
}

/** Index of the first of `length` prices (ascending) at or above `price`. */
function lowerBound(length: number, priceAt: (k: number) => number, price: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (priceAt(mid) < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
