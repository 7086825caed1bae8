/**
 * The Content-Security-Policy and the Netlify _headers file that carries it (written by
 * pages/[netlifyFile].ts). The policy names the deployment's Supabase URL, which differs per
 * deployment, so it is generated at build time; the headers that never change live in
 * netlify.toml.
 */
import { createHash } from 'node:crypto';

export interface CspOptions {
  /** The deployment's Supabase URL: the browser reads data, signs in and loads stored images there. */
  supabaseUrl: string;
  /**
   * Exact texts of the inline scripts pages carry (Astro's island loaders, the site's own loaders);
   * each is allowed by its hash, so no other inline script can run.
   */
  inlineScripts?: readonly string[];
}

export interface HeaderRule {
  /** A Netlify path pattern such as '/*'. */
  path: string;
  headers: Readonly<Record<string, string>>;
}

/** A CSP hash source for one inline script's text, e.g. 'sha256-…'. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The site's policy: scripts only from the site itself (plus the pages' inline loaders by
 * hash); inline style attributes allowed; images from anywhere over https (retailer pictures);
 * data and sign-in only with the site and its Supabase project; never framed, no plugins, no
 * <base> rewriting; forms post to the site or to Supabase Auth (the Google consent step).
 */
export function contentSecurityPolicy({ supabaseUrl, inlineScripts = [] }: CspOptions): string {
  const supabase = supabaseOrigin(supabaseUrl);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...new Set(inlineScripts.map(scriptHashSource))]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:', supabase]],
    ['media-src', ["'self'", 'https:']],
    ['connect-src', ["'self'", supabase]],
    ['form-action', ["'self'", `${supabase}/auth/v1/`]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The rules of the generated _headers file: the policy on every path. */
export function generatedHeaderRules(options: CspOptions): HeaderRule[] {
  return [{ path: '/*', headers: { 'Content-Security-Policy': contentSecurityPolicy(options) } }];
}

/** Rules in Netlify's _headers format: a path line, then indented 'Name: value' lines. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule) => {
    const lines = Object.entries(rule.headers).map(([name, value]) => {
      if (/[\r\n]/.test(name + value)) {
        throw new Error(`The header ${name} for ${rule.path} contains a line break; _headers takes one line per header.`);
      }
      return `  ${name}: ${value}`;
    });
    return [rule.path, ...lines].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

function supabaseOrigin(supabaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch (cause) {
    throw new Error(`PUBLIC_SUPABASE_URL '${supabaseUrl}' is not a URL; set it to the project's URL, e.g. https://abc.supabase.co`, { cause });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`PUBLIC_SUPABASE_URL '${supabaseUrl}' must be an http(s) URL.`);
  }
  return url.origin;
}
