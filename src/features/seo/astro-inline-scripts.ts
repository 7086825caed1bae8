/**
 * The inline scripts Astro writes into a page with a React island: the island element and the
 * loader of each client directive. The Content-Security-Policy allows exactly these by hash; they
 * are read from the installed Astro so an upgrade changes the hashes with the scripts. The
 * project's own `client:intent` loader is built by Astro's builder in astro.config.mjs.
 */
import islandElement from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';

export const ASTRO_INLINE_SCRIPTS: readonly string[] = [islandElement, idle, load, media, only, visible, __INTENT_DIRECTIVE_SCRIPT__];
