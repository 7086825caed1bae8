/**
 * Asks for a rebuild of the static site after an admin write (or on the daily schedule), through
 * the build hook.
 *
 * The write has committed before this is called, so any build that starts afterwards reads it.
 * That is the whole guarantee: nothing is queued or debounced here, and a failed call is logged,
 * never turned into a failed write (the admin's change is saved; only its publication waits). The
 * admin's answer does not wait for the hook: the platform keeps the function running until it has
 * answered (context.waitUntil, functions/_shared/admin.ts).
 *
 * - Locally (`npm start`), BUILD_HOOK_URL is the running shop's /.netlify/build-hook. Its
 *   Rebuilder coalesces a burst of requests into one build and, when a request arrives while a
 *   build runs, builds once more afterwards, so a burst of edits costs one or two builds and none
 *   is missed.
 * - In production, BUILD_HOOK_URL is a Netlify build hook. Every POST triggers a build and deploy
 *   of the hook's branch; there is no debounce, so a burst of edits triggers a build per edit
 *   (Netlify queues them under the team's concurrent-build limit). The build triggered by the
 *   last edit starts after every earlier edit committed, so it publishes all of them: redundant
 *   builds, but no edit missed. If a call fails (Netlify down, hook deleted), the edit is
 *   published by the next edit's build or by the daily rebuild just after midnight UTC
 *   (ARCHITECTURE.md, "Freshness"), whichever comes first; the log line says which edit went
 *   unannounced (functions/daily-rebuild.ts).
 * - Unset (tests, previews without a hook): nothing is called; a log line says so.
 */
import { functionsEnv } from './env.ts';

/** How long the hook may take to answer before the call is given up (and logged). */
const HOOK_TIMEOUT_MS = 5000;

/** The daily rebuild: five past midnight UTC, once yesterday's clicks are all in. */
export const DAILY_REBUILD_CRON = '5 0 * * *';
const DAILY_REBUILD_MINUTE_UTC = 5;
const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next daily rebuild (a full day when it is that moment now). */
export function msUntilDailyRebuild(now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, DAILY_REBUILD_MINUTE_UTC);
  const next = today > now.getTime() ? today : today + DAY_MS;
  return next - now.getTime();
}

export type RebuildSource = 'Admin edit' | 'Daily rebuild';

export async function requestRebuild(reason: string, source: RebuildSource = 'Admin edit'): Promise<void> {
  const hook = functionsEnv().BUILD_HOOK_URL;
  if (!hook) {
    console.info(`rebuild skipped (${reason}): BUILD_HOOK_URL is not set`);
    return;
  }
  const url = new URL(hook);
  // Netlify shows trigger_title as the deploy's message; the local hook ignores it.
  url.searchParams.set('trigger_title', `${source}: ${reason}`);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) console.error(`rebuild request failed (${reason}): the build hook answered ${response.status}`);
  } catch (error) {
    console.error(`rebuild request failed (${reason}):`, error);
  }
}
