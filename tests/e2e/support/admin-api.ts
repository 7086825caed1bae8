/**
 * The journeys' way to the admin functions without the admin UI: the demo admin's access token,
 * and waiting for the rebuild that publishes a write; and the demo admin's sign-in through the UI.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../supabase/local/jwt.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../../supabase/seed/accounts.ts';

export const supabaseUrl = () => process.env.E2E_SUPABASE_URL ?? 'http://localhost:54321';

/** How long a rebuild may take on a busy machine. */
export const REBUILD_TIMEOUT_MS = 240_000;

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${supabaseUrl()}/auth/v1/token?grant_type=password`, {
    headers: { apikey: LOCAL_ANON_KEY },
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Waits for a successful rebuild that started after `since` (Date.now() before the writes); asks
 * again after a failed one. The last finished build is what counts: a build running now, for
 * someone else's writes, does not make the writes it already published any less published (waiting
 * for a moment with no build running starved under back-to-back rebuilds).
 */
export async function rebuiltSince(request: APIRequestContext, since: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = (await (await request.get('/.netlify/build-status')).json()) as {
          building: boolean;
          last: { ok: boolean; startedAt: number } | null;
        };
        if (!status.last || status.last.startedAt < since) return 'waiting';
        if (status.last.ok) return 'built';
        // A build under way started after the failed one, so it has the writes too.
        if (!status.building) await request.post('/.netlify/build-hook');
        return 'waiting';
      },
      { timeout: REBUILD_TIMEOUT_MS, intervals: [1000] },
    )
    .toBe('built');
}

/** Signs in at /admin/login as the demo admin (once the form has hydrated, so typing is not lost) and waits for /admin. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}
