/**
 * Carrying pages over from one local build to the next by hard link instead of by copy. Astro's
 * incremental build (astro.config.mjs) copies every page it carries over from its cache into the
 * new build's folder — 10,000 pages, 1.3 GB, a third of a rebuild. A page already in the folder it
 * leaves alone, so the builder starts each build's folder with links to the previous build's pages
 * that carry a cache key, and:
 * - a page Astro renders instead is unlinked before it is written (src/middleware.ts), so the new
 *   page never goes through a link into the build still being served;
 * - a linked page the new build no longer has (a deleted product) is removed before publishing;
 * - the links are made only when the cache's keys were written by the build they link to (noted
 *   after each publish): keys from any other build would vouch for pages they never saw.
 * In production the publish folder starts empty and Astro copies from its cache, as it does here
 * when there is nothing to link.
 */
import { createHash } from 'node:crypto';
import { link, mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Astro's record of the pages with a cache key, in its cache folder (experimental.incrementalBuild). */
const INCREMENTAL_MANIFEST = 'incremental-build.json';
/** Which build the cache's keys were written by, in the cache folder. */
const KEYS_WRITTEN_BY = 'giftshop-keys-written-by.json';
/** Links made at once. */
const LINKS_IN_FLIGHT = 64;

interface Manifest {
  routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
}

const digest = (text: string) => createHash('sha1').update(text).digest('hex');

/** The output files of the pages the cache's keys describe, and the keys' digest; null without keys. */
async function keyedPages(cacheDir: string): Promise<{ files: string[]; digest: string } | null> {
  const text = await readFile(join(cacheDir, INCREMENTAL_MANIFEST), 'utf8').catch(() => null);
  if (text === null) return null;
  const manifest = JSON.parse(text) as Manifest;
  const files = Object.values(manifest.routes).flatMap((route) => Object.values(route.paths).map((path) => path.outputFile));
  return { files, digest: digest(text) };
}

/** Notes, after `build` was published, that the cache's keys are its pages'. */
export async function noteKeysWrittenBy(cacheDir: string, build: string): Promise<void> {
  const keys = await keyedPages(cacheDir);
  if (keys) await writeFile(join(cacheDir, KEYS_WRITTEN_BY), JSON.stringify({ build, digest: keys.digest }));
}

/** Forgets the cache's keys (after a failed build, whose page copies in the cache may be newer than them). */
export async function dropKeys(cacheDir: string): Promise<void> {
  await rm(join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
  await rm(join(cacheDir, KEYS_WRITTEN_BY), { force: true });
}

/**
 * Links the pages with a cache key of `previous` (the published build) into the new build's
 * folder, when the cache's keys were written by `previous`. Answers the linked files (relative).
 */
export async function linkCarriedPages(cacheDir: string, previous: string | null, build: string): Promise<string[]> {
  if (!previous) return [];
  const [keys, writtenBy] = await Promise.all([
    keyedPages(cacheDir),
    readFile(join(cacheDir, KEYS_WRITTEN_BY), 'utf8').then((text) => JSON.parse(text) as { build: string; digest: string }, () => null),
  ]);
  if (!keys || writtenBy?.build !== previous || writtenBy.digest !== keys.digest) return [];

  const linked: string[] = [];
  const folders = new Set<string>();
  for (let start = 0; start < keys.files.length; start += LINKS_IN_FLIGHT) {
    await Promise.all(keys.files.slice(start, start + LINKS_IN_FLIGHT).map(async (file) => {
      const target = join(build, file);
      const folder = dirname(target);
      if (!folders.has(folder)) {
        folders.add(folder);
        await mkdir(folder, { recursive: true });
      }
      // A page missing from the previous build is copied from Astro's cache instead.
      if (await link(join(previous, file), target).then(() => true, () => false)) linked.push(file);
    }));
  }
  return linked;
}

/** Removes the linked pages the finished build no longer has (their cache keys are gone); answers how many. */
export async function pruneUncarriedPages(cacheDir: string, build: string, linked: readonly string[]): Promise<number> {
  if (linked.length === 0) return 0;
  const kept = new Set((await keyedPages(cacheDir))?.files ?? []);
  const gone = linked.filter((file) => !kept.has(file));
  for (const file of gone) {
    await rm(join(build, file), { force: true });
    // Its folder, when the page was all it held (a product page's).
    await rmdir(dirname(join(build, file))).catch(() => undefined);
  }
  return gone.length;
}
