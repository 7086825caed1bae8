/**
 * At build time only. The local builder starts a build's folder with hard links to the previous
 * build's pages (scripts/lib/builder.ts, linkCarriedPages), so a page Astro carries over costs no
 * copy. A page it renders instead must not be written through such a link: the link shares its
 * file with the previous build, which is still being served. So the link goes before the page
 * renders, and Astro writes the new page to a file of its own.
 *
 * It must never change what a page shows: Astro's incremental build does not count middleware as
 * part of a page's code, so a page carried over would keep what an older middleware made of it.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { defineMiddleware } from 'astro:middleware';
import { LINKED_BUILD_ENV } from './lib/linked-build.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const linkedBuild = process.env[LINKED_BUILD_ENV];
  // Only pages that carry a cache key are linked, and they are all folders with an index.html.
  if (context.isPrerendered && linkedBuild) await rm(join(linkedBuild, context.url.pathname, 'index.html'), { force: true });
  return next();
});
