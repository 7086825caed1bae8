// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, envField } from 'astro/config';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCacheDir } from './src/lib/build-cache.ts';
import { sitemapFilter } from './src/features/seo/sitemap.ts';
import { LINKED_BUILD_ENV } from './src/lib/linked-build.ts';
import { hoistTransitiveImports } from './src/lib/hoist-imports.ts';
import { cssVariablesFallback } from './src/lib/css-variables-fallback.ts';

/**
 * Copies public/ into the built site while the pages are generated rather than before: Vite copies
 * its files (some 2,000 demo pictures) one by one on the build's main thread, which holds the
 * page generation back; here the copies run on Node's I/O threads and the build waits for them at
 * the end.
 * @returns {import('astro').AstroIntegration}
 */
function publicFilesAlongsidePages() {
  /** @type {{ publicDir: URL, outDir: URL } | undefined} */
  let dirs;
  /** @type {Promise<void> | undefined} */
  let copying;
  return {
    name: 'giftshop:public-files-alongside-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        dirs = { publicDir: config.publicDir, outDir: config.outDir };
      },
      // Runs once the output folder is emptied, before the bundles are built.
      'astro:build:setup': ({ updateConfig }) => {
        updateConfig({ environments: { client: { build: { copyPublicDir: false } } } });
        if (!dirs || !existsSync(dirs.publicDir)) return;
        copying = cp(dirs.publicDir, dirs.outDir, { recursive: true, force: true });
        // A failure is reported where the build waits for the copy, not as an unhandled rejection.
        copying.catch(() => undefined);
      },
      'astro:build:done': async () => {
        await copying;
      },
    },
  };
}

/**
 * `client:intent`: islands that load React only when the shopper reaches for them
 * (src/lib/intent-directive.ts). Astro inlines a directive's loader into the pages; the
 * Content-Security-Policy allows it by its hash, so the exact text Astro inlines is built here by
 * Astro's own builder and handed to the build as __INTENT_DIRECTIVE_SCRIPT__
 * (src/features/seo/inline-scripts.ts).
 * @returns {import('astro').AstroIntegration}
 */
function intentDirective() {
  const name = 'intent';
  const entrypoint = './src/lib/intent-directive.ts';
  return {
    name: 'giftshop:client-intent',
    hooks: {
      'astro:config:setup': async ({ config, addClientDirective, updateConfig }) => {
        addClientDirective({ name, entrypoint });
        const astro = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
        const { buildClientDirectiveEntrypoint } = await import(pathToFileURL(join(astro, 'dist/core/client-directive/build.js')).href);
        const script = await buildClientDirectiveEntrypoint(name, entrypoint, config.root);
        updateConfig({ vite: { define: { __INTENT_DIRECTIVE_SCRIPT__: JSON.stringify(script) } } });
      },
    },
  };
}

// Static site: every public page is prebuilt from the catalogue; React islands add behaviour.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  // A separate cache lets `npm run check` sync content while a running shop rebuilds.
  cacheDir: buildCacheDir(),
  trailingSlash: 'ignore',
  // Pages render while earlier ones are written to disk: one page at a time left the build waiting
  // on its file writes for a third of the page generation time.
  // The site's stylesheet (12 KB gzipped) is inlined into every page, so a phone paints the page
  // without another round trip first; src/lib/css-variables-fallback.ts keeps it valid HTML.
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'always' },
  // A rebuild renders only the pages whose data or code changed: a page getStaticPaths returns with
  // a cacheKey (a digest of what it shows, src/lib/cache-key.ts) is copied from the previous build
  // when its key and its modules are unchanged. Astro keeps the previous build's pages and their
  // keys in cacheDir (README: 'Incremental builds').
  experimental: { incrementalBuild: true },
  integrations: [react(), sitemap({ filter: sitemapFilter }), publicFilesAlongsidePages(), intentDirective()],
  vite: {
    plugins: [tailwindcss(), hoistTransitiveImports()],
    css: { postcss: { plugins: [cssVariablesFallback()] } },
    build: {
      // Component scripts stay external files: the Content-Security-Policy allows no inline scripts.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      // The local builder starts a build's folder with links to the pages it carries over
      // (scripts/lib/carried-pages.ts); any other build starts from an empty folder.
      emptyOutDir: !process.env[LINKED_BUILD_ENV],
    },
  },
  env: {
    schema: {
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', url: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public' }),
    },
    validateSecrets: true,
  },
});
