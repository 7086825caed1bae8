/**
 * The status Netlify answers a rewrite with. @netlify/dev serves the target of a rewrite rule with
 * 200 whatever status the rule names; Netlify answers with the rule's own status, so the generated
 * `/products/* /products/not-found 404` serves the 'Product not found' page as a 404.
 *
 * Reads the rule syntax the build writes (see features/catalog/core/redirects.ts): `from [key=value…]
 * to status[!]`, with `*` splats and `:name` placeholders in `from`.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface RewriteRule {
  from: RegExp;
  query: [string, string][];
  status: number;
  force: boolean;
}

/** The rules of a _redirects file, in order; blank lines and comments skipped. */
export function parseRedirects(text: string): RewriteRule[] {
  return text.split('\n').flatMap((line) => {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 3 || parts[0]!.startsWith('#')) return [];
    const statusPart = parts.at(-1)!;
    const status = Number.parseInt(statusPart, 10);
    if (!Number.isInteger(status)) return [];
    const query = parts.slice(1, -2).map((pair): [string, string] => {
      const [key = '', value = ''] = pair.split('=');
      return [key, value];
    });
    return [{ from: pathPattern(parts[0]!), query, status, force: statusPart.endsWith('!') }];
  });
}

/**
 * The status to answer a URL that the emulation served through a rewrite with: the first matching
 * rule's status when that rule is a rewrite (not a 3xx redirect) that applies (forced, or no file
 * shadows it); undefined otherwise.
 */
export function rewriteStatus(rules: readonly RewriteRule[], url: URL, publicDir: string): number | undefined {
  const path = trimSlash(url.pathname);
  const rule = rules.find((r) => r.from.test(path) && r.query.every(([key, value]) => url.searchParams.get(key) === value));
  if (!rule || (rule.status >= 300 && rule.status < 400)) return undefined;
  if (!rule.force && hasStaticFile(publicDir, path)) return undefined;
  return rule.status;
}

/** A rule's `from` as a pattern; a splat at its end also matches the path without it, as Netlify's matcher does (/blog/categories/* takes /blog/categories). */
function pathPattern(from: string): RegExp {
  const segments = trimSlash(from)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    });
  const source = segments.length > 1 && segments.at(-1) === '.*'
    ? `${segments.slice(0, -1).join('/')}(?:/.*)?`
    : segments.join('/');
  return new RegExp(`^${source}$`);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function hasStaticFile(publicDir: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const candidates = [join(publicDir, decoded), join(publicDir, decoded, 'index.html'), join(publicDir, `${decoded}.html`)];
  return candidates.some((file) => file.startsWith(publicDir) && existsSync(file) && statSync(file).isFile());
}
