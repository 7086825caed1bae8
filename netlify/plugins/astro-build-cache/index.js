/**
 * Keeps Astro's cache folder in Netlify's build cache from one deploy to the next. It holds the
 * content store and the catalogue's products file (products and blogs sync only the rows changed
 * since the last build) and the
 * incremental build's page keys with a copy of every page that has one (astro.config.mjs,
 * experimental.incrementalBuild): with it, a deploy after an admin edit renders only the pages the
 * edit changed and copies the rest. Without it — the first deploy, or after "Clear cache and
 * deploy site" — the build renders every page.
 */

/** astro.config.mjs's cacheDir (ASTRO_CACHE_DIR is for local runs; Netlify builds use the default). */
export const ASTRO_CACHE_DIR = 'node_modules/.astro';

export async function onPreBuild({ utils }) {
  const restored = await utils.cache.restore(ASTRO_CACHE_DIR);
  console.log(restored ? `Restored ${ASTRO_CACHE_DIR} from the build cache.` : `No ${ASTRO_CACHE_DIR} in the build cache: a full build.`);
}

export async function onPostBuild({ utils }) {
  await utils.cache.save(ASTRO_CACHE_DIR);
}
