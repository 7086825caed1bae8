/**
 * A request's path as the site's files are named. Netlify finds a file by the decoded path, so
 * /blog-detail/{id}/sketchbooks%2C-pens… (a mail client or share tool encoded the comma) is the
 * article at /blog-detail/{id}/sketchbooks,-pens…; @netlify/dev looks the encoded path up as it
 * is and finds nothing. The slugs the build writes hold only ASCII characters a path may carry
 * unencoded (lib/links.ts), so decoding those is enough to find every page.
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
