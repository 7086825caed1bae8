/**
 * PGlite folders for the benches that run the shop itself (bench:build, bench:freshness): the
 * demo catalogue, or the demo topped up with the scale seed, in a folder of the bench's own under
 * .data/, never the shared .data/pglite.
 *
 * The scale catalogue comes from catalogue.ts, so it shares the search bench's cached snapshot in
 * .cache/ (same key for the same product count): seeding 10,000 products happens once per schema
 * and seed version, and a later run copies the snapshot.
 */
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openPglite } from '../../supabase/local/db.ts';
import { migrate } from '../../supabase/local/migrate.ts';
import { seedDemo } from '../../supabase/seed/demo.ts';
import { pgliteCatalogue, type Track } from './catalogue.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const DATA_DIR = join(ROOT, '.data');

type Log = (message: string) => void;

/** Makes `dataDir` a PGlite folder holding the demo plus scale products up to `products` in all. */
export async function scaleCatalogueIn(dataDir: string, products: number, log: Log, track: Track): Promise<void> {
  const catalogue = await pgliteCatalogue(products, log, track);
  log(`catalogue ${catalogue.origin === 'cache' ? 'copied from the cache' : 'seeded (and cached)'} in ${(catalogue.preparedMs / 1000).toFixed(1)} s`);
  // A cleanly closed folder is a complete copy; moved rather than copied (same disk).
  await catalogue.db.close();
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dirname(dataDir), { recursive: true });
  await rename(catalogue.where, dataDir);
  await catalogue.cleanup();
}

/** Makes `dataDir` a PGlite folder holding the demo catalogue as of now (its pictures go to a temporary folder, not public/). */
export async function demoCatalogueIn(dataDir: string, log: Log): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const media = await mkdtemp(join(tmpdir(), 'giftshop-bench-media-'));
  const db = await openPglite({ dataDir });
  try {
    await migrate(db);
    const demo = await seedDemo(db, { mediaDir: media });
    log(`demo catalogue seeded: ${demo.products} products, ${demo.blogs} blogs in ${(demo.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
    await rm(media, { recursive: true, force: true });
  }
}
