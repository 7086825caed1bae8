/**
 * `npm run db:reset`: forgets the local embedded database and the generated demo media; the next
 * `npm start` migrates and seeds from scratch. (With DATABASE_URL, drop that database yourself.)
 */
import { rm } from 'node:fs/promises';

const root = new URL('../', import.meta.url).pathname;
for (const path of ['.data/pglite', 'public/media/demo']) {
  await rm(root + path, { recursive: true, force: true });
  console.log(`removed ${path}`);
}
