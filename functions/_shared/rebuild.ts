/**
 * Asks for a rebuild of the static site after an admin write, through the build hook.
 *
 * The write has committed before this is called, so any build that starts afterwards reads it.
 * That is the whole guarantee: nothing is queued here, and a failed call is logged, never turned
 * into a failed write (the admin's change is saved; only its publication waits).
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
 *   unannounced.
 * - Unset (tests, previews without a hook): nothing is called; a log line says so.
 */
import { functionsEnv } from './env.ts';

/** How long a write waits for the hook before answering anyway. */
const HOOK_TIMEOUT_MS = 5000;

export async function requestRebuild(reason: string): Promise<void> {
  const hook = functionsEnv().BUILD_HOOK_URL;
  if (!hook) {
    console.info(`rebuild skipped (${reason}): BUILD_HOOK_URL is not set`);
    return;
  }
  const url = new URL(hook);
  // Netlify shows trigger_title as the deploy's message; the local hook ignores it.
  url.searchParams.set('trigger_title', `Admin edit: ${reason}`);
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
