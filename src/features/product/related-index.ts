/**
 * The related-products index of a build: the spec's three candidate stages answered from memory
 * instead of three queries per product page. The catalogue is indexed once (products by
 * subcategory, by category, and per audience sorted by price), so each page only walks the few
 * lists it needs and stops as soon as a stage is full.
 *
 * Where the spec leaves the order of a stage open:
 * - the subcategory and category stages take the newest products first (the catalogue's order);
 * - "the same category" is the product's primary category, its first category id (the spec's
 *   `category` field is the name of the first chosen category);
 * - the price stage takes the products nearest in price first (by the same relative distance the
 *   relevance score uses), so the 20 it keeps are the 20 that score best on price.
 */
import type { Gender, Product } from '../catalog/model.ts';
import {
  needsCategoryStage,
  RELATED_STAGE_LIMITS,
  RELATED_WANTED,
  relatedPriceBand,
  relatedProducts,
  type RelatedStages,
} from '../catalog/related.ts';

/** Related blogs on the product page (spec: blogs containing the product id, newest first, limit 5). */
export const RELATED_BLOGS_LIMIT = 5;

type Candidate = Pick<Product, 'id' | 'name' | 'price' | 'gender' | 'categoryIds' | 'subcategoryIds'>;

export interface RelatedIndex<P extends Candidate> {
  /** The candidates of each stage, each without the product and the ids of earlier stages. */
  stages(product: P): Required<RelatedStages<P>>;
  /** The related products of a product, best first (spec: wanted 20). */
  related(product: P): P[];
}

/** Related-products index (spec: ≤50 sharing subcategories; if fewer than 2×wanted ≤30 from the same category; then ≤20 within 0.5×–2× of the price and the same gender; each excluding ids already seen). */
// `products` in catalogue order, newest first. Every product page walks these lists, so they hold
// catalogue positions (a smaller position is a newer product) and a page marks what it has seen
// in a stamp array rather than a set of ids.
export function createRelatedIndex<P extends Candidate>(products: readonly P[], wanted: number = RELATED_WANTED): RelatedIndex<P> {
  const positionOf = new Map(products.map((p, i) => [p.id, i]));
  const bySubcategory = groupBy(products, (p) => p.subcategoryIds);
  const byCategory = groupBy(products, (p) => p.categoryIds);
  const byPrice = new Map<Gender, number[]>();
  products.forEach((product, i) => {
    const list = byPrice.get(product.gender);
    if (list) list.push(i);
    else byPrice.set(product.gender, [i]);
  });
  for (const list of byPrice.values()) list.sort((a, b) => products[a]!.price - products[b]!.price || a - b);

  // seenIn[i] === round: product i is taken (or is the viewed product) in the current stages() call.
  const seenIn = new Uint32Array(products.length);
  let round = 0;
  const seen: Seen = { has: (i) => seenIn[i] === round, add: (i) => void (seenIn[i] = round) };

  const stages = (product: P): Required<RelatedStages<P>> => {
    round += 1;
    if (round === 0xffffffff) {
      seenIn.fill(0);
      round = 1;
    }
    const self = positionOf.get(product.id);
    if (self !== undefined) seen.add(self);
    const subcategoryLists = unique(product.subcategoryIds).map((id) => bySubcategory.get(id) ?? []);
    const shared = newestFirst(subcategoryLists, seen, RELATED_STAGE_LIMITS.bySubcategory);
    const primary = product.categoryIds[0];
    const sameCategory = needsCategoryStage(shared.length, wanted) && primary !== undefined
      ? newestFirst([byCategory.get(primary) ?? []], seen, RELATED_STAGE_LIMITS.byCategory)
      : [];
    const nearPrice = nearestInPrice(products, byPrice.get(product.gender) ?? [], product.price, seen, RELATED_STAGE_LIMITS.byPrice);
    const at = (positions: number[]) => positions.map((i) => products[i]!);
    return { bySubcategory: at(shared), byCategory: at(sameCategory), byPrice: at(nearPrice) };
  };

  return {
    stages,
    related: (product) => relatedProducts(product, stages(product), wanted),
  };
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

/** Up to `limit` unseen positions within the price band, nearest to `price` first; marks them seen. */
function nearestInPrice(products: readonly Candidate[], byPrice: readonly number[], price: number, seen: Seen, limit: number): number[] {
  const { priceMin, priceMax } = relatedPriceBand(price);
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
