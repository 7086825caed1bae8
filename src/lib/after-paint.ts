/**
 * The pages' own scripts (the shell's menu, likes and click tracking, carousels, galleries) wait
 * for the page's first paint. They are small, but a phone's network gives each a round trip, and
 * scripts that arrive before the first paint hold it back: Lighthouse's model of a slow phone
 * counted 200–300 ms of each page's largest paint for them.
 *
 * At build time every `<script type="module" src>` Astro writes into a page's body
 * (layouts/Document.astro) becomes an inert placeholder, and one inline loader (after-paint-loader.js; the Content-Security-Policy allows it
 * by hash) adds the scripts, in page order, once the browser reports the page's first paint — at once in a hidden tab,
 * and at the shopper's first press, key or focus if that comes first. A press of a link or a
 * button before they have arrived is held and done again once they have run, so a retailer link
 * followed that early is still tracked and a menu opened that early still opens. React islands
 * are left alone: their own `client:*` loaders already wait (lib/intent-directive.ts).
 *
 * A script that must run before the first paint is written `is:inline` instead (ListingFrame's).
 */
import loader from './after-paint-loader.js?raw';

/** The inline script that loads a page's placeholders after its first paint (its exact text, for the CSP hash). */
export const AFTER_PAINT_LOADER: string = loader.trim();

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** A page's body with its module scripts deferred past the first paint, the loader last (unchanged when it has none). */
export function deferModuleScripts(body: string): string {
  let deferred = false;
  const placeheld = body.replace(MODULE_SCRIPT, (_tag, src: string) => {
    deferred = true;
    return `<script type="text/plain" data-after-paint="${src}"></script>`;
  });
  return deferred ? `${placeheld}<script>${AFTER_PAINT_LOADER}</script>` : body;
}
