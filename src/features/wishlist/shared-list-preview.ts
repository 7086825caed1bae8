/**
 * What a shared list's link shows before it is opened: the preview a chat app or a social site
 * draws from the page's Open Graph and Twitter tags (issue 12: tags that name the list, not the
 * owner). Their crawlers run no script, so the island's document.title never reaches them; the
 * page the link opens must carry the list's title in its HTML. functions/shared-list-page.ts
 * serves the static page with its head named by `namePreview`; everything else on the page, the
 * list itself included, stays as the island loads it.
 *
 * Only the list's title and how many gifts it holds are told: nothing of the owner, and nothing a
 * visitor of the link would not see on the page.
 */
import { escapeHtml } from '../../lib/escape-html.ts';
import { pageTitle } from '../seo/text.ts';

/** What a preview says about a list. */
export interface ListPreview {
  title: string;
  giftCount: number;
}

/** The preview's description: how many gifts the list holds (the page's own words when none). */
export function previewDescription(giftCount: number): string | null {
  if (giftCount <= 0) return null;
  const gifts = giftCount === 1 ? '1 gift idea' : `${giftCount} gift ideas`;
  return `${gifts} picked on Giftshop and shared with you: see each gift and where to buy it.`;
}

/**
 * The shared page's HTML with its title and its Open Graph and Twitter tags naming the list.
 * Throws when the page lacks one of the tags it rewrites: the page changed, and a preview that
 * silently kept the generic title would go unnoticed.
 */
export function namePreview(html: string, preview: ListPreview): string {
  const title = escapeHtml(pageTitle(preview.title));
  let named = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`, '<title>');
  for (const tag of ['property="og:title"', 'name="twitter:title"']) named = setContent(named, tag, title);
  const description = previewDescription(preview.giftCount);
  if (description) {
    for (const tag of ['name="description"', 'property="og:description"', 'name="twitter:description"']) {
      named = setContent(named, tag, escapeHtml(description));
    }
  }
  return named;
}

/** The page with the content of its one `<meta {tag} content="…">` set to `escaped`. */
function setContent(html: string, tag: string, escaped: string): string {
  return replaceOnce(html, new RegExp(`<meta ${tag} content="[^"]*"`), `<meta ${tag} content="${escaped}"`, `<meta ${tag}>`);
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const found = html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (found !== 1) throw new Error(`shared list page: expected one ${what} in its head, found ${found}`);
  // A function, so that a '$' in the list's title is not read as a replacement pattern.
  return html.replace(pattern, () => replacement);
}
