/**
 * No secret in what the site publishes: every text file of the built site (the pages and the
 * JavaScript bundles a browser downloads) is scanned for the service key, the JWT secret, the
 * functions' environment names and for any JWT whose role is not anon.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCAL_JWT_SECRET, LOCAL_SERVICE_KEY } from '../../supabase/local/jwt.ts';
import { E2E_HOME } from '../../playwright.config.ts';

/** The site this suite's shop built and serves (global-setup.ts). */
const DIST = join(E2E_HOME, 'dist');
const TEXT_FILE = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest)$|^_(headers|redirects)$/;
// Names and values that exist only in the functions' environment.
const SECRETS = [LOCAL_SERVICE_KEY, LOCAL_JWT_SECRET, 'SUPABASE_SERVICE_ROLE_KEY', 'BUILD_HOOK_URL', '/.netlify/build-hook'];
// A hosted project's secret API key (supabase-js itself mentions the bare prefix, which is no secret).
const SECRET_API_KEY = /sb_secret_[\w-]{8,}/;
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;

async function* textFiles(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT_FILE.test(entry.name)) yield path;
  }
}

test('the built site holds no secret and no JWT but the anon key', async () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), 'scans the site this suite built');
  const found: string[] = [];
  let scanned = 0;
  const roles = new Set<string>();
  for await (const path of textFiles(DIST)) {
    const text = await readFile(path, 'utf8');
    scanned += 1;
    for (const secret of SECRETS) if (text.includes(secret)) found.push(`${path}: ${secret.slice(0, 24)}…`);
    if (SECRET_API_KEY.test(text)) found.push(`${path}: a secret API key (sb_secret_…)`);
    for (const [token] of text.matchAll(JWT)) {
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { role?: string };
      roles.add(String(payload.role));
      if (payload.role !== 'anon') found.push(`${path}: a JWT with role ${payload.role}`);
    }
  }
  expect(scanned).toBeGreaterThan(100);
  // The anon key is what the islands use; it must be there, or the scan looked in the wrong place.
  expect([...roles]).toEqual(['anon']);
  expect(found).toEqual([]);
});
