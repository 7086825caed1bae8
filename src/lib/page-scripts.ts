/**
 * The pages' own scripts (the shell's menu, likes and click tracking, carousels, galleries) are
 * asked for once the browser has read the whole page, not as soon as it sees them.
 *
 * They are deferred module scripts, so they never ran before the page was read anyway; but the
 * browser fetched them the moment its preload scanner met their tags, while the page itself was
 * still arriving, and on a phone's network each took a round trip beside the page's own.
 * Lighthouse's model of a slow phone counts every request that ends before the largest paint into
 * that paint, and on a fast server they always ended first: 200–300 ms of each page's LCP.
 *
 * At build time every `<script type="module" src>` Astro writes into a page's body
 * (layouts/Document.astro) is taken out, and one inline loader at the end of the body
 * (page-scripts-loader.js; the Content-Security-Policy allows it by hash) adds them, in page order.
 * Scripts added while the page is still being read hold its load event back until they have run,
 * so a page's controls work from its load event on, as before. The cost: on a slow network they
 * run a round trip after the page is read rather than at once.
 */
import loader from './page-scripts-loader.js?raw';

/** The inline loader of a page's scripts (its exact text, for the CSP hash); it reads their addresses from its data-page-scripts. */
export const PAGE_SCRIPTS_LOADER: string = loader.trim();

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** A page's body with its module scripts taken out and the loader of them last (unchanged when it has none). */
export function loadPageScriptsLast(body: string): string {
  const sources = new Set<string>();
  const rest = body.replace(MODULE_SCRIPT, (_tag, src: string) => {
    sources.add(src);
    return '';
  });
  if (sources.size === 0) return body;
  return `${rest}<script data-page-scripts="${[...sources].join(' ')}">${PAGE_SCRIPTS_LOADER}</script>`;
}
