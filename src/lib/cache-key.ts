/**
 * Cache keys for Astro's incremental build (astro.config.mjs, experimental.incrementalBuild). A
 * page that getStaticPaths returns with a cacheKey is carried over from the previous build instead
 * of rendered when both its key and its code are unchanged (Astro hashes each page's modules, its
 * configuration and the lockfile itself). The key is ours to make: a digest of every value the page
 * shows that does not come from code — the rows it reads and the build-time facts derived from
 * them, such as a NEW badge. A value left out of a key is a page that can go stale, so a page's key
 * is made from the very data it renders, handed to it as props.
 */
import { hash } from 'node:crypto';

// One-shot: about half the time of a createHash object per digest, and a build makes hundreds of thousands.
const sha1 = (text: string) => hash('sha1', text, 'base64url');

/** Digests of the objects seen in this build: a row is shown on many pages and digested once (a build never changes its rows). */
const known = new WeakMap<object, string>();
/** Digests of plain values by their JSON, which repeat on page after page (a NEW badge's true or false, a day). */
const knownPlain = new Map<string, string>();
/** Plain values with a JSON this long or longer are digested afresh each time rather than remembered. */
const PLAIN_REMEMBERED_UNDER = 64;

/** A digest of a value as JSON: a row, a list of rows, a fact. */
export function digest(value: unknown): string {
  if (typeof value !== 'object' || value === null) {
    const json = JSON.stringify(value) ?? 'undefined';
    if (json.length >= PLAIN_REMEMBERED_UNDER) return sha1(json);
    let plain = knownPlain.get(json);
    if (plain === undefined) {
      plain = sha1(json);
      knownPlain.set(json, plain);
    }
    return plain;
  }
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
