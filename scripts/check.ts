/**
 * `npm run check`: type-checks the whole project (astro check covers .astro, .ts and .tsx) and
 * that the generated database types match the migrations. astro check syncs the content
 * collections, whose loaders read Supabase, so an empty stand-in is started for it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn } from '../supabase/local/server.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'giftshop-check-'));
const standIn = await startStandIn({ port: 0, dataDir });
let status = 0;
try {
  const env = {
    ...process.env,
    PUBLIC_SUPABASE_URL: standIn.url,
    PUBLIC_SUPABASE_ANON_KEY: standIn.anonKey,
    ASTRO_CACHE_DIR: join(dataDir, 'astro-cache'),
  };
  for (const [command, args] of [
    ['astro', ['check']],
    ['node', ['scripts/gen-db-types.ts', '--check']],
  ] as const) {
    // Not spawnSync: the stand-in answering astro runs on this process's event loop.
    const child = spawn(command, args, { stdio: 'inherit', env });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    status ||= code ?? 1;
  }
} finally {
  await standIn.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(status);
