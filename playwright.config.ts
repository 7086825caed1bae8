import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium.ts';

// End-to-end journeys in Debian's Chromium against the whole shop (stand-in, built site, functions),
// started once by global-setup on ports of its own with a fresh database.
export const E2E_SITE_PORT = 8890;
export const E2E_SUPABASE_PORT = 54329;
export const E2E_CONTROL_PORT = 8891;
/**
 * The suite's shop keeps its database, its built site and its Astro cache here, apart from
 * `npm start`'s (.data/pglite, dist/, node_modules/.astro): a run beside a running shop must
 * neither publish over its site nor sync from its content cursor.
 */
export const E2E_HOME = new URL('./.data/e2e/', import.meta.url).pathname;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  // The fault journeys make the stand-in unreachable, which would fail any build or write another
  // journey had under way; they run once the others are done.
  projects: [
    { name: 'journeys', testIgnore: /connection\.spec\.ts/ },
    { name: 'faults', testMatch: /connection\.spec\.ts/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${E2E_SITE_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
