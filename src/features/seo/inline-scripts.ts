/**
 * The inline scripts every page may carry; the Content-Security-Policy allows these by hash, with
 * the features' own (pages/[netlifyFile].ts adds them). Astro writes some into a page with a React
 * island: the island element and the loader of each client directive, read from the installed
 * Astro so an upgrade changes the hashes with the scripts (the project's own `client:intent`
 * loader is built by Astro's builder in astro.config.mjs). The site's own: the loader of the
 * pages' scripts (lib/page-scripts.ts), the holder of forms sent before hydration
 * (components/ui/use-submit-before-hydration.ts) and the keeper of presses made before the page's
 * scripts have run (components/shell/press-before-script.ts).
 */
import islandElement from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { PAGE_SCRIPTS_LOADER } from '../../lib/page-scripts.ts';
import { PRESS_BEFORE_SCRIPT } from '../../components/shell/press-before-script.ts';
import { SUBMIT_BEFORE_HYDRATION_SCRIPT } from '../../components/ui/use-submit-before-hydration.ts';

export const INLINE_SCRIPTS: readonly string[] = [islandElement, idle, load, media, only, visible, __INTENT_DIRECTIVE_SCRIPT__, PAGE_SCRIPTS_LOADER, SUBMIT_BEFORE_HYDRATION_SCRIPT, PRESS_BEFORE_SCRIPT];
