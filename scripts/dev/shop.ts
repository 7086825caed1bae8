/**
 * A second shop beside `npm start`, with its own ports, database, build output and Astro cache,
 * all under .data/shops/<name>/ (kept between runs; delete the folder to start afresh). For
 * trying a change in a browser while another shop runs.
 *
 *   node scripts/dev/shop.ts <name> <site-port> <supabase-port>
 */
import { join } from 'node:path';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/demo.ts';
import { startShop } from '../lib/shop.ts';

const [name, sitePort, supabasePort] = process.argv.slice(2);
if (!name || !Number(sitePort) || !Number(supabasePort)) {
  console.error('Usage: node scripts/dev/shop.ts <name> <site-port> <supabase-port>');
  process.exit(2);
}
const home = join(import.meta.dirname, '../../.data/shops', name);
const shop = await startShop({
  sitePort: Number(sitePort),
  supabasePort: Number(supabasePort),
  dataDir: join(home, 'pglite'),
  outDir: join(home, 'dist'),
  cacheDir: join(home, 'astro-cache'),
});
console.log(`Shop ${shop.siteUrl}  (admin ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}, outbox ${shop.standIn.url}/outbox)`);
const stop = async () => {
  await shop.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
