import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const BASE_ENV = { SUPABASE_URL: 'http://localhost:54321', SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-for-tests' };

/** requestRebuild with a fresh environment (functionsEnv reads it once per module instance). */
async function rebuildWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...BASE_ENV, ...env })) vi.stubEnv(name, value);
  return (await import('./rebuild.ts')).requestRebuild;
}

let info: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.stubEnv('BUILD_HOOK_URL', undefined);
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requestRebuild', () => {
  test('without BUILD_HOOK_URL it calls nothing and says so', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await (await rebuildWith({}))('product "Lamp" created');
    expect(fetch).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('rebuild skipped (product "Lamp" created): BUILD_HOOK_URL is not set');
  });

  test('POSTs the hook once, titled with the change', async () => {
    const fetch = vi.fn(async () => new Response('{"queued":true}', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    await (await rebuildWith({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc123' }))('blog "Gifts" updated');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.toString()).toBe('https://api.netlify.com/build_hooks/abc123?trigger_title=Admin+edit%3A+blog+%22Gifts%22+updated');
    expect(init).toMatchObject({ method: 'POST', body: '{}' });
    expect(error).not.toHaveBeenCalled();
  });

  test('nothing is debounced in production: three edits in a row POST the hook three times, each titled with its edit', async () => {
    const fetch = vi.fn(async () => new Response('{"queued":true}', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const rebuild = await rebuildWith({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc123' });
    await Promise.all(['product "A" updated', 'product "B" updated', 'product "C" updated'].map((change) => rebuild(change)));
    const titles = (fetch.mock.calls as unknown as [URL][]).map(([url]) => new URL(url).searchParams.get('trigger_title'));
    expect(titles).toEqual(['Admin edit: product "A" updated', 'Admin edit: product "B" updated', 'Admin edit: product "C" updated']);
  });

  test('a hook that answers with an error is logged, not thrown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('gone', { status: 404 })));
    const rebuild = await rebuildWith({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/deleted' });
    await expect(rebuild('quiz "Q" deleted')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('rebuild request failed (quiz "Q" deleted): the build hook answered 404');
  });

  test('a hook that cannot be reached is logged, not thrown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('fetch failed');
    }));
    const rebuild = await rebuildWith({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc123' });
    await expect(rebuild('platform "Etsy" added')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('rebuild request failed (platform "Etsy" added):', expect.any(TypeError));
  });
});

describe('the daily rebuild', () => {
  test.each([
    ['2026-11-22T23:00:00Z', 65 * 60_000],
    ['2026-11-22T00:04:59Z', 1000],
    ['2026-11-22T00:05:00Z', 24 * 3_600_000],
    ['2026-12-31T12:05:00Z', 12 * 3_600_000],
  ])('from %s the next one is %i ms away', async (now, ms) => {
    const { msUntilDailyRebuild } = await import('./rebuild.ts');
    expect(msUntilDailyRebuild(new Date(now))).toBe(ms);
  });

  test('the scheduled function POSTs the hook titled as the daily rebuild', async () => {
    const fetch = vi.fn(async () => new Response('{"queued":true}', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    for (const [name, value] of Object.entries({ ...BASE_ENV, BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc123' })) vi.stubEnv(name, value);
    const daily = await import('../daily-rebuild.ts');
    await daily.default();
    expect(daily.config.schedule).toBe('5 0 * * *');
    const [url] = fetch.mock.calls[0] as unknown as [URL];
    expect(new URL(url).searchParams.get('trigger_title')).toBe('Daily rebuild: the popularity windows moved on');
  });
});
