/**
 * `npm start`: the whole shop on this machine, offline — see scripts/lib/shop.ts.
 *
 * Environment: PORT (site, default 8888), SUPABASE_PORT (stand-in, default 54321), DATABASE_URL
 * (a PostgreSQL server instead of the embedded database in .data/).
 */
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../supabase/seed/demo.ts';
import { startShop } from './lib/shop.ts';

const shop = await startShop({
  sitePort: Number(process.env.PORT ?? 8888),
  supabasePort: Number(process.env.SUPABASE_PORT ?? 54321),
  databaseUrl: process.env.DATABASE_URL,
});

console.log(`
  Shop         ${shop.siteUrl}
  Admin        ${shop.siteUrl}/admin/login   ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}
  Mail outbox  ${shop.standIn.url}/outbox   (SMTP ${shop.standIn.smtpUrl})
  Supabase     ${shop.standIn.url}   (${shop.standIn.db.kind})

  Press Ctrl+C to stop.
`);

const stop = async () => {
  await shop.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
