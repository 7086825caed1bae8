/**
 * A request's path as the site's files are named. A link whose punctuation was percent-encoded on
 * its way (a mail client or share tool sent /blog-detail/{id}/sketchbooks%2C-pens… for the article
 * at /blog-detail/{id}/sketchbooks,-pens…) names a file @netlify/dev looks up as it arrives, and
 * finds nothing. Netlify's own redirect matcher decodes paths; whether its file lookup does could
 * not be checked from here. The slugs the build writes hold only ASCII characters a path may carry
 * unencoded (lib/links.ts), so decoding just those finds every page the build wrote.
 */

/** What a path segment may hold unencoded (RFC 3986 pchar: unreserved, sub-delims, ':' and '@'). */
const PLAIN_IN_A_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;

/**
 * The path with every percent-encoded character that a path may hold as it is decoded (others,
 * such as %2F, %3F or a space, stay encoded); null when its percent-encoding is malformed, which
 * names no file.
 */
export function normalizedPath(pathname: string): string | null {
  try {
    decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return pathname.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return PLAIN_IN_A_PATH.test(character) ? character : encoded;
  });
}

/**
 * A request's target (its path and query, as req.url holds them) with the path normalized; the
 * query is kept byte for byte, as the pages' scripts will read it. Null when the path's
 * percent-encoding is malformed.
 */
export function normalizedTarget(target: string): string | null {
  const queryAt = target.indexOf('?');
  const path = normalizedPath(queryAt === -1 ? target : target.slice(0, queryAt));
  return path === null ? null : path + (queryAt === -1 ? '' : target.slice(queryAt));
}
