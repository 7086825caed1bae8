/**
 * Netlify's _redirects file, generated at build time from the catalogue so category and blog
 * links keep working in every older form, and its _headers file with the Content-Security-Policy.
 * (Astro does not route files whose names start with '_', hence the parameter.)
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { blogRedirects } from '../features/blog/listings/redirects.ts';
import { blogLibrary } from '../features/blog/core/library.ts';
import { catalogue } from '../features/catalog/core/catalogue.ts';
import { categoryRedirects, PRODUCT_NOT_FOUND_RULE, redirectLine } from '../features/catalog/core/redirects.ts';
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { INLINE_SCRIPTS } from '../features/seo/inline-scripts.ts';
import { LISTING_PENDING_SCRIPT } from '../features/catalog/listings/listing-pending.ts';
import { generatedHeaderRules, headersFile } from '../features/seo/headers.ts';

export const getStaticPaths = (() => [{ params: { netlifyFile: '_redirects' } }, { params: { netlifyFile: '_headers' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  // The Content-Security-Policy names this deployment's Supabase URL (the fixed headers are in netlify.toml).
  if (params.netlifyFile === '_headers') {
    const rules = generatedHeaderRules({ supabaseUrl: PUBLIC_SUPABASE_URL, inlineScripts: [...INLINE_SCRIPTS, LISTING_PENDING_SCRIPT] });
    return new Response(headersFile(rules), { headers: { 'content-type': 'text/plain' } });
  }
  const shop = await catalogue();
  const library = await blogLibrary();
  const rules = [
    ...shop.productCategories.flatMap((c) => categoryRedirects(c)),
    ...blogRedirects({ blogs: library.blogs, blogCategories: shop.blogCategories }),
    PRODUCT_NOT_FOUND_RULE,
    // One prebuilt page is the blog editor for /admin/blogs/new and /admin/blogs/{id}.
    { from: '/admin/blogs/*', to: '/admin/blogs/editor', status: 200 } as const,
    // Browsers and feed readers ask for /favicon.ico where a page names no icon (the feed, an image).
    { from: '/favicon.ico', to: '/favicon.svg', status: 301 } as const,
  ];
  return new Response(`${rules.map(redirectLine).join('\n')}\n`, { headers: { 'content-type': 'text/plain' } });
};
