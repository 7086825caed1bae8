/**
 * Astro's cache folder for a build: ASTRO_CACHE_DIR (a shop of its own, a bench, a test), else
 * node_modules/.astro. It outlives the build: locally beside the output, and on Netlify in the
 * build cache (netlify/plugins/astro-build-cache), so it holds what a rebuild starts from — Astro's
 * content store and page keys, and the catalogue's own file (file-collection.ts).
 */
import { resolve } from 'node:path';

export function buildCacheDir(): string {
  return resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro');
}
