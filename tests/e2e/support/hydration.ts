/**
 * Islands and React's runtime in the journeys: waiting until a page's islands have hydrated, and
 * holding React back so that what a journey does lands before it.
 */
import type { Page } from '@playwright/test';

/** React's runtime, which every island waits for. */
export const REACT_RUNTIME = /\/_astro\/client\.[\w-]+\.js$/;

/** The page's islands that hydrate on load or idle (the header's, which load on intent, keep `ssr`). */
export const NOT_HYDRATED = 'astro-island[ssr]:not([client="intent"])';

/** Waits until the page's load and idle islands have hydrated, so typing is not lost to a re-render. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction((selector) => !document.querySelector(selector), NOT_HYDRATED);
}

/**
 * Delays React's runtime by `ms`, or until the returned function is called, so that an action
 * made meanwhile lands before React does. A journey that checks that its action came first holds
 * React with a long `ms` and releases it once it has checked: a fixed delay alone can run out
 * before the action on a slow machine.
 */
export async function holdBackReact(page: Page, ms: number): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(REACT_RUNTIME, async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, ms))]);
    await route.continue();
  });
  return release;
}
