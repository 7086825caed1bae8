/**
 * Seeds a database from the command line: migrates it, adds the demo catalogue when it is empty,
 * and with --scale adds that many benchmark products on top.
 *
 *   node supabase/seed/cli.ts                         demo into .data/pglite
 *   node supabase/seed/cli.ts --scale 10000           demo (if missing) + 10,000 products
 *   node supabase/seed/cli.ts --scale 100000 --database-url postgres://postgres@127.0.0.1:5432/bench
 *
 * Options: --data-dir DIR (PGlite folder), --database-url URL (a PostgreSQL server instead; also
 * read from DATABASE_URL), --media-dir DIR (pictures), --now ISO-TIME (seed as of that moment),
 * --no-demo (with --scale: only the categories and the scale products).
 */
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database } from '../local/db.ts';
import { migrate } from '../local/migrate.ts';
import { DEFAULT_DATA_DIR } from '../local/server.ts';
import { DEFAULT_MEDIA_DIR, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

function usage(problem: string): never {
  console.error(`${problem}\nUsage: node supabase/seed/cli.ts [--scale N] [--database-url URL | --data-dir DIR] [--media-dir DIR] [--now ISO-TIME] [--no-demo]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'media-dir': { type: 'string' },
    now: { type: 'string' },
    'no-demo': { type: 'boolean', default: false },
  },
  strict: true,
});

const scale = values.scale === undefined ? 0 : Number(values.scale);
if (!Number.isInteger(scale) || scale < 0) usage(`--scale wants a whole number of products, not '${values.scale}'.`);
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) usage(`--now wants a date and time such as 2026-11-18T12:00:00Z, not '${values.now}'.`);
if (values['no-demo'] && scale === 0) usage('--no-demo only makes sense with --scale.');

const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const dataDir = values['data-dir'] ?? DEFAULT_DATA_DIR;
const mediaDir = values['media-dir'] ?? DEFAULT_MEDIA_DIR;
const db: Database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir });
console.log(`Seeding ${databaseUrl ? databaseUrl.replace(/\/\/[^@/]*@/, '//…@') : `PGlite in ${dataDir}`} (pictures in ${mediaDir})`);

try {
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Applied ${applied.length} migrations.`);

  const { rows } = await db.query<{ empty: boolean }>('select not exists (select 1 from public.categories) as empty');
  if (rows[0]?.empty && !values['no-demo']) {
    const demo = await seedDemo(db, { mediaDir, now });
    console.log(
      `Demo catalogue in ${(demo.milliseconds / 1000).toFixed(1)} s: ${demo.categories} categories, ` +
      `${demo.subcategories} subcategories, ${demo.products} products, ${demo.priceHistory} prices, ` +
      `${demo.writers} writers, ${demo.blogs} blogs, ${demo.quizzes} quiz, ${demo.platforms} retailers, ` +
      `${demo.dailyClickRows} daily click rows and ${demo.clickEvents} click events today, ${demo.mediaFiles} pictures.`,
    );
    console.log(`Demo admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
  } else if (!values['no-demo']) {
    console.log('The database already has a catalogue; the demo was not added again.');
  }

  if (scale > 0) {
    const added = await seedScale(db, { products: scale, mediaDir, now });
    console.log(
      `Scale catalogue in ${(added.milliseconds / 1000).toFixed(1)} s: ${added.products} products, ` +
      `${added.priceHistory} prices, ${added.dailyClickRows} daily click rows, ${added.mediaFiles} shared pictures.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
