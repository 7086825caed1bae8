/**
 * GET /wishlist/shared/?list=<token> — the shared list's page, with the list's title in its head
 * (src/features/wishlist/shared-list-preview.ts says why: link previews run no script).
 *
 * The page itself is the static one Astro built (pages/wishlist/shared/index.astro), read from the
 * site at /wishlist/shared/index.html, which the CDN serves with the page's own headers (its
 * Content-Security-Policy among them); this function only names the list in its head and passes
 * the rest on, so the island loads and shows the list exactly as on the static page. A link whose
 * token names no list, or a lookup that fails, gets the page as built: it says so itself once the
 * island has asked.
 *
 * The CDN keeps each list's page for a minute (keyed by its `list` parameter alone), so a renamed
 * or no longer shared list can keep its old preview for up to a minute; the page's content is the
 * island's, always read live.
 */
import type { Config } from '@netlify/functions';
import { listLinkFrom, SHARED_LIST_PATH } from '../src/features/wishlist/shared-list.ts';
import { namePreview, type ListPreview } from '../src/features/wishlist/shared-list-preview.ts';
import { withDeadline } from './_shared/deadline.ts';
import { visitorDb } from './_shared/supabase.ts';

/** The built page, which the CDN serves as a file (this function answers only its folder's address). */
const STATIC_PAGE = `${SHARED_LIST_PATH}index.html`;
/** How long the page may wait for the list's title before it is served without it. */
const PREVIEW_DEADLINE_MS = 1_500;
const PAGE_DEADLINE_MS = 3_000;

/** The static page's headers that describe its bytes or its delivery, not the page: not passed on. */
const NOT_PASSED_ON = new Set([
  'age', 'cache-control', 'connection', 'content-encoding', 'content-length', 'date', 'etag', 'keep-alive',
  'last-modified', 'server', 'transfer-encoding', 'vary',
]);

export default async (request: Request): Promise<Response> => {
  const url = new URL(request.url);
  const [page, preview] = await Promise.all([staticPage(url), previewOf(url.search)]);
  // Without the built page there is nothing to name: the CDN serves it at its file's address.
  if (!page) return new Response(null, { status: 302, headers: { location: `${STATIC_PAGE}${url.search}` } });

  const headers = new Headers([...page.headers].filter(([name]) => !NOT_PASSED_ON.has(name) && !name.startsWith('x-nf-')));
  headers.set('cache-control', 'public, max-age=0, must-revalidate');
  // The CDN may keep the answer when it says what the database said; a failed lookup is not kept.
  headers.set('netlify-cdn-cache-control', preview === 'unknown' ? 'no-store' : 'public, s-maxage=60');
  headers.set('netlify-vary', 'query=list');

  let html = page.html;
  if (preview && preview !== 'unknown') {
    try {
      html = namePreview(html, preview);
    } catch (error) {
      console.error('shared-list-page: the built page could not be named; served as built', error);
    }
  }
  return new Response(html, { status: 200, headers });
};

/** The built page and its headers, or null when the site did not serve it. */
async function staticPage(url: URL): Promise<{ html: string; headers: Headers } | null> {
  try {
    const response = await fetch(new URL(STATIC_PAGE, url), { redirect: 'manual', signal: AbortSignal.timeout(PAGE_DEADLINE_MS) });
    if (response.status !== 200) {
      console.error(`shared-list-page: ${STATIC_PAGE} answered ${response.status}`);
      return null;
    }
    return { html: await response.text(), headers: response.headers };
  } catch (error) {
    console.error(`shared-list-page: ${STATIC_PAGE} could not be read`, error);
    return null;
  }
}

/**
 * What the link's preview can say about the list its address names: its title and size, null
 * when the address names no list (none, malformed, or not shared), 'unknown' when the database
 * did not tell in time.
 */
async function previewOf(search: string): Promise<ListPreview | null | 'unknown'> {
  const link = listLinkFrom(search);
  if (link.kind !== 'token') return null;
  try {
    return await withDeadline(PREVIEW_DEADLINE_MS, async (signal) => {
      // As the visitor's browser asks it: a security-definer function that gives title and product ids, nothing of the owner.
      const { data, error } = await visitorDb().rpc('shared_wishlist', { token: link.token }).abortSignal(signal).maybeSingle();
      if (error) throw new Error('shared-list-page: shared_wishlist', { cause: error });
      return data && { title: data.title, giftCount: data.product_ids.length };
    });
  } catch (error) {
    console.warn('shared-list-page: the list could not be read; the page is served without its title', error);
    return 'unknown';
  }
}

// A literal, as Netlify's bundler reads it without running the module (SHARED_LIST_PATH).
export const config: Config = { path: '/wishlist/shared/', method: 'GET' };
