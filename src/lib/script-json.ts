/**
 * JSON to write inside a <script> element (JSON-LD, or data a page's script reads): '<', '>' and
 * '&' escaped so '</script>' or '<!--' cannot end or change the script, and the two line
 * separators JavaScript once treated as line ends escaped too.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
