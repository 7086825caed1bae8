/**
 * The Netlify build plugin that keeps Astro's cache folder between deploys restores it before the
 * build and saves it after, at the folder astro.config.mjs builds with.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test, vi } from 'vitest';
import { ASTRO_CACHE_DIR, onPostBuild, onPreBuild } from '../../netlify/plugins/astro-build-cache/index.js';
import { buildCacheDir } from '../../src/lib/build-cache.ts';

const utils = () => ({ cache: { restore: vi.fn(async () => true), save: vi.fn(async () => true) } });

test('restores the cache folder before the build and saves it after', async () => {
  const netlify = utils();
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await onPreBuild({ utils: netlify });
  expect(netlify.cache.restore).toHaveBeenCalledWith(ASTRO_CACHE_DIR);
  expect(netlify.cache.save).not.toHaveBeenCalled();
  await onPostBuild({ utils: netlify });
  expect(netlify.cache.save).toHaveBeenCalledWith(ASTRO_CACHE_DIR);
});

test('the folder is the one astro.config.mjs and the catalogue build with, and netlify.toml runs the plugin', async () => {
  vi.stubEnv('ASTRO_CACHE_DIR', undefined);
  try {
    expect(buildCacheDir()).toBe(resolve(ASTRO_CACHE_DIR));
  } finally {
    vi.unstubAllEnvs();
  }
  expect(await readFile(new URL('../../astro.config.mjs', import.meta.url), 'utf8')).toContain('cacheDir: buildCacheDir()');
  expect(await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8')).toContain('package = "./netlify/plugins/astro-build-cache"');
});
