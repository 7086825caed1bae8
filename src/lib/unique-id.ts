/**
 * Element ids for markup that can show several times on one page (a product card's description
 * popup). They are numbered per page, never by a counter the whole build shares: a page's ids must
 * not depend on which other pages a build renders or in what order, because an incremental build
 * carries pages over from earlier builds and its site must equal a full build's.
 */
import { createHash } from 'node:crypto';

const usedOnPage = new WeakMap<object, Set<string>>();

/**
 * `base`, unless the page (known by its `Astro.locals`) has used it already; then `base-2`,
 * `base-3`… Only markup shown twice on a page takes a suffix, so the order in which a page's
 * components render decides nothing else.
 */
export function pageUniqueId(page: object, base: string): string {
  const used = usedOnPage.get(page) ?? new Set<string>();
  usedOnPage.set(page, used);
  let id = base;
  for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** A short name for a list of items, from their ids: the same list gets the same name in every build. */
export function listName(ids: readonly string[]): string {
  return createHash('sha1').update(ids.join(',')).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x');
}
