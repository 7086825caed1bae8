/**
 * The whole shop on this machine: the Supabase stand-in (seeded with the demo catalogue on first
 * run), the static site built against it, and the site server (site-server.ts) serving it, with admin edits
 * triggering a rebuild through the build hook. Used by `npm start` and the end-to-end tests.
 */
import type { Database } from '../../supabase/local/db.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { seedDemo } from '../../supabase/seed/demo.ts';
import { msUntilDailyRebuild } from '../../functions/_shared/rebuild.ts';
import { msUntilPriceFeeds } from '../../functions/_shared/price-import/feeds.ts';
import runPriceFeeds from '../../functions/price-feeds-daily.ts';
import { buildSite, createRebuilder, type PageCounts, type Rebuilder } from './builder.ts';
import { everyDay } from './daily-timer.ts';
import { BUILD_HOOK_PATH, startSiteServer, type SiteServer } from './site-server.ts';

/** The stand-in's SMTP server listens this many ports above the stand-in. */
export const LOCAL_SMTP_PORT_OFFSET = 4;
export const LOCAL_MAIL_FROM = 'Giftshop <alerts@giftshop.localhost>';

export interface ShopOptions {
  sitePort: number;
  supabasePort: number;
  /** PGlite data folder; ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  /**
   * Where the site is built and served from (default dist/, as `npm start`). Benches and tests
   * that run a shop beside another one give it a folder of its own, and an Astro cache folder of
   * its own (cacheDir) so its incremental content sync follows its own database.
   */
  outDir?: string;
  cacheDir?: string;
  log?: (message: string) => void;
}

/** What GET /.netlify/build-status answers: the latest build request and result. */
export interface BuildStatus {
  /** When the build hook was last called (ms since the epoch). */
  requested: number;
  building: boolean;
  builds: number;
  last: { ok: boolean; startedAt: number; finishedAt: number; output: string; pages: PageCounts; peakMemoryMb: number } | null;
}

export interface Shop {
  siteUrl: string;
  standIn: StandIn;
  site: SiteServer;
  rebuilder: Rebuilder;
  stop(): Promise<void>;
}

async function seedIfEmpty(db: Database, log: (message: string) => void): Promise<void> {
  const { rows } = await db.query<{ empty: boolean }>('select not exists (select 1 from public.products) as empty');
  if (!rows[0]?.empty) return;
  log('Seeding the demo catalogue (a machine\'s first seed also encodes its pictures, about half a minute)…');
  await seedDemo(db);
  log('Seeded the demo catalogue.');
}

export async function startShop(options: ShopOptions): Promise<Shop> {
  const log = options.log ?? console.log;
  const siteUrl = `http://localhost:${options.sitePort}`;
  const standIn = await startStandIn({
    port: options.supabasePort,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    siteUrl,
    // The SMTP server beside the stand-in (54325 beside 54321, as Supabase's local inbucket).
    smtpPort: options.supabasePort === 0 ? 0 : options.supabasePort + LOCAL_SMTP_PORT_OFFSET,
    prepare: async (db) => {
      await seedIfEmpty(db, log);
    },
  });

  // Browsers get the public key; the functions get it too, with the service key and the build hook.
  const buildEnv = {
    PUBLIC_SUPABASE_URL: standIn.url,
    PUBLIC_SUPABASE_ANON_KEY: standIn.anonKey,
    SITE_URL: siteUrl,
  };
  Object.assign(process.env, {
    SUPABASE_URL: standIn.url,
    SUPABASE_SERVICE_ROLE_KEY: standIn.serviceKey,
    PUBLIC_SUPABASE_ANON_KEY: standIn.anonKey,
    BUILD_HOOK_URL: `${siteUrl}${BUILD_HOOK_PATH}`,
    // Mail (the price-drop alerts) goes over real SMTP to the stand-in, which puts it in the outbox.
    SMTP_URL: standIn.smtpUrl ?? '',
    MAIL_FROM: LOCAL_MAIL_FROM,
    SITE_URL: siteUrl,
  });

  const status: BuildStatus = { requested: 0, building: false, builds: 0, last: null };
  const build = async (): Promise<boolean> => {
    status.building = true;
    const started = Date.now();
    try {
      await standIn.db.query('select public.rollup_clicks()');
      const result = await buildSite(buildEnv, { outDir: options.outDir, cacheDir: options.cacheDir });
      const { rendered, carried } = result.pages;
      if (result.ok) log(`Built the site in ${(result.milliseconds / 1000).toFixed(1)} s: ${rendered} pages rendered, ${carried} carried over.`);
      else log(`The build failed; the previous site stays up.\n${result.output}`);
      const { ok, pages, peakMemoryMb } = result;
      status.last = { ok, startedAt: started, finishedAt: Date.now(), output: ok ? '' : result.output, pages, peakMemoryMb };
      return result.ok;
    } finally {
      status.builds += 1;
      status.building = false;
    }
  };

  log('Building the site…');
  if (!(await build())) {
    await standIn.close();
    throw new Error('The first build failed (see above).');
  }

  let site: SiteServer | undefined;
  const rebuilder = createRebuilder(async () => {
    if ((await build()) && site && (await site.reload())) log('The new _redirects or _headers are in force (the site emulation restarted).');
  });
  site = await startSiteServer({
    port: options.sitePort,
    publishDir: options.outDir,
    onBuildHook: () => {
      status.requested = Date.now();
      rebuilder.request();
    },
    buildStatus: () => status,
  });

  // What functions/daily-rebuild.ts does on Netlify: a rebuild at five past midnight UTC.
  const dailyRebuild = everyDay(msUntilDailyRebuild, () => rebuilder.request());
  // What functions/price-feeds-daily.ts does on Netlify: the platforms' feeds imported at 04:00 UTC.
  const dailyPriceFeeds = everyDay(msUntilPriceFeeds, () => {
    runPriceFeeds().catch((error: unknown) => log(`The daily price feeds failed: ${String(error)}`));
  });

  return {
    siteUrl: site.url,
    standIn,
    site,
    rebuilder,
    async stop() {
      dailyRebuild.stop();
      dailyPriceFeeds.stop();
      await rebuilder.idle();
      await site?.close();
      await standIn.close();
    },
  };
}
