/**
 * Starts the whole shop for the browser tests on its own ports with a fresh embedded database,
 * seeded with the demo catalogue, and a small control server the fault tests use to make the
 * Supabase stand-in unreachable and bring it back; stops everything afterwards.
 */
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { startShop } from '../../scripts/lib/shop.ts';
import { E2E_CONTROL_PORT, E2E_HOME, E2E_SITE_PORT, E2E_SUPABASE_PORT } from '../../playwright.config.ts';

export default async function globalSetup() {
  // Against a shop that is already running (E2E_BASE_URL, E2E_SUPABASE_URL, E2E_SERVICE_KEY set).
  if (process.env.E2E_BASE_URL) return async () => undefined;
  // A fresh database each run, and with it a fresh Astro cache: its sync cursor belongs to the last one.
  await rm(E2E_HOME, { recursive: true, force: true });
  const shop = await startShop({
    sitePort: E2E_SITE_PORT,
    supabasePort: E2E_SUPABASE_PORT,
    dataDir: join(E2E_HOME, 'pglite'),
    outDir: join(E2E_HOME, 'dist'),
    cacheDir: join(E2E_HOME, 'astro-cache'),
    log: (message) => console.log(`[shop] ${message}`),
  });
  process.env.E2E_SUPABASE_URL = shop.standIn.url;
  process.env.E2E_SERVICE_KEY = shop.standIn.serviceKey;

  const control = createServer(async (req, res) => {
    const actions: Record<string, () => Promise<void>> = {
      '/stand-in/suspend': () => shop.standIn.suspend(),
      '/stand-in/resume': () => shop.standIn.resume(),
    };
    const action = req.method === 'POST' ? actions[req.url ?? ''] : undefined;
    if (!action) return void res.writeHead(404).end();
    try {
      await action();
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => control.listen(E2E_CONTROL_PORT, '127.0.0.1', resolve));
  process.env.E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;

  return async () => {
    control.close();
    await shop.stop();
  };
}
