/**
 * Cache keys for Astro's incremental build (astro.config.mjs, experimental.incrementalBuild). A
 * page that getStaticPaths returns with a cacheKey is carried over from the previous build instead
 * of rendered when both its key and its code are unchanged (Astro hashes each page's modules, its
 * configuration and the lockfile itself). The key is ours to make: a digest of every value the page
 * shows that does not come from code — the rows it reads and the build-time facts derived from
 * them, such as a NEW badge. A value left out of a key is a page that can go stale, so a page's key
 * is made from the very data it renders, handed to it as props.
 */
import { createHash } from 'node:crypto';

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url');

/** Digests of the objects seen in this build: a row is shown on many pages and digested once (a build never changes its rows). */
const known = new WeakMap<object, string>();

/** A digest of a value as JSON: a row, a list of rows, a fact. */
export function digest(value: unknown): string {
  if (typeof value !== 'object' || value === null) return sha1(JSON.stringify(value) ?? 'undefined');
  let found = known.get(value);
  if (found === undefined) {
    found = Array.isArray(value) ? sha1(value.map(digest).join(',')) : sha1(JSON.stringify(value));
    known.set(value, found);
  }
  return found;
}

/** A page's cache key: the digests of the parts it shows, in order. */
export function cacheKey(...parts: unknown[]): string {
  return sha1(parts.map(digest).join('|'));
}
