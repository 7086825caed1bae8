/**
 * `client:intent`: an island whose prebuilt HTML is all a visitor needs until they reach for it.
 * React and the island's code load on the first sign of intent inside the island — the pointer
 * over it, a press, the focus, a key — and a press or a form sent before they arrived is done
 * again on the hydrated island, so nothing the shopper did is lost. Registered by astro.config.mjs; Astro
 * inlines it into each page that uses it (the Content-Security-Policy allows it by hash:
 * features/seo/inline-scripts.ts).
 *
 * Options, for islands that must show something without being touched:
 *   stored: 'local:<key>' or 'session:<key>' — load at once when the browser holds that value (the
 *           account control of a signed-in shopper), and when another tab writes a local one;
 *   event:  a window event that loads the island (a toast to show, a sign-in elsewhere on the page).
 * While a stored value is found the island carries `data-stored`, so its prebuilt HTML can stay
 * hidden until it renders what the value says. Every such island calls useIntentReady once mounted.
 *
 * And for an island typed into (the header's search box):
 *   typingPause: ms — the island's code is fetched at the first sign of intent but run only once it
 *           has arrived and the shopper has paused that long. Running React is one task of
 *           150–250 ms on a phone slowed 4×, which would otherwise hold the keystroke it lands on. A
 *           form sent runs it at once.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_READY_EVENT } from './intent-signals.ts';
import { moduleImports } from './module-imports.ts';

export interface IntentOptions {
  stored?: `${'local' | 'session'}:${string}`;
  event?: string;
  typingPause?: number;
}

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How long a hydrated island may take to say it has mounted before a held press is dropped (a held form is sent). */
const READY_WAIT_MS = 5000;

/** The storage and key an option names: 'local:<key>' or 'session:<key>'. */
function storedPlace(stored: NonNullable<IntentOptions['stored']>): { area: 'local' | 'session'; key: string } {
  const colon = stored.indexOf(':');
  return { area: stored.startsWith('session:') ? 'session' : 'local', key: stored.slice(colon + 1) };
}

function readStored({ area, key }: ReturnType<typeof storedPlace>): string | null {
  try {
    return (area === 'session' ? sessionStorage : localStorage).getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes): nothing is stored.
    return null;
  }
}

/** Asks the browser for a module without running it; resolves once it has arrived or failed. */
function preloadModule(url: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
}

/**
 * Brings an island's modules to the browser without running any: its renderer's (React's runtime)
 * and its component's, named on the island's element by Astro, with every module the component
 * imports. The component's modules are read for their imports (into the HTTP cache: the bundles are
 * immutable files); the others are preloaded. Resolves once all have arrived or failed (a failure is
 * left for the import to report); the modules they load lazily (the search's database client) follow.
 */
function fetchModules(island: HTMLElement): Promise<void> {
  const read = new Set<string>();
  const lazy = new Set<string>();
  const readImports = async (url: string): Promise<void> => {
    if (read.has(url)) return;
    read.add(url);
    const response = await fetch(url);
    if (!response.ok) return;
    const imports = moduleImports(await response.text(), url);
    for (const { url: imported } of imports.filter(({ lazily }) => lazily)) lazy.add(imported);
    await Promise.all(imports.filter(({ lazily }) => !lazily).map(({ url: imported }) => readImports(imported)));
  };
  const address = (name: string) => {
    const path = island.getAttribute(name);
    return path ? new URL(path, location.href).href : null;
  };
  const [component, renderer] = [address('component-url'), address('renderer-url')];
  const arrived = Promise.all([component && readImports(component), renderer && preloadModule(renderer)]).then(
    () => undefined,
    () => undefined,
  );
  void arrived.then(() => {
    for (const url of lazy) if (!read.has(url)) void preloadModule(url);
  });
  return arrived;
}

const intent: ClientDirective = (load, options, el) => {
  const { stored, event, typingPause } = (typeof options.value === 'object' && options.value ? options.value : {}) as IntentOptions;
  let started = false;
  // What the shopper did before React arrived, to do again once it has: the last press of a
  // control, or a form sent (held back, since the island's own handler decides what sending means).
  let replay: (() => void) | null = null;
  // Without React (it failed to load) a form held back is sent as the browser would have sent it.
  let fallback: (() => void) | null = null;
  const hold = (action: Event) => {
    if (action.type === 'submit' && action.target instanceof HTMLFormElement) {
      action.preventDefault();
      const form = action.target;
      replay = () => form.requestSubmit();
      fallback = () => form.submit();
      // The shopper waits for a search to be sent, not for a pause in their typing.
      void start();
      return;
    }
    // Only controls are pressed again: a link followed before React arrived has done its work.
    const control = action.target instanceof Element ? action.target.closest('button, input') : null;
    if (control instanceof HTMLElement) {
      replay = () => control.isConnected && control.click();
      fallback = null;
    }
  };
  const release = () => {
    el.removeEventListener('click', hold, { capture: true });
    el.removeEventListener('submit', hold, { capture: true });
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of signs) el.removeEventListener(type, onIntent, { capture: true });
    if (event) window.removeEventListener(event, start);
    // React hydrates in a transition, after hydrate() returns: the island says when it has mounted.
    const mounted = new Promise<void>((resolve) => el.addEventListener(ISLAND_READY_EVENT, () => resolve(), { once: true }));
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      release();
      fallback?.();
      throw error;
    }
    // However long React took to arrive, the wait for the mount itself is bounded.
    const ready = await Promise.race([mounted.then(() => true), new Promise<false>((resolve) => setTimeout(resolve, READY_WAIT_MS, false))]);
    release();
    if (ready) replay?.();
    else fallback?.();
  };

  // With a typing pause every sign of intent, a keystroke included, starts the wait for the pause again.
  let modules: Promise<void> | null = null;
  let lastSign = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;
  const waitForPause = (wait: number) => {
    modules ??= fetchModules(el);
    lastSign = performance.now();
    clearTimeout(pause);
    pause = setTimeout(async () => {
      await modules;
      if (performance.now() - lastSign >= wait) void start();
    }, wait);
  };
  const signs = typingPause === undefined ? INTENT_EVENTS : [...INTENT_EVENTS, 'input'];
  const onIntent = typingPause === undefined ? () => void start() : () => waitForPause(typingPause);
  for (const type of signs) el.addEventListener(type, onIntent, { capture: true, passive: true });
  el.addEventListener('click', hold, { capture: true });
  el.addEventListener('submit', hold, { capture: true });
  if (event) window.addEventListener(event, start);
  if (!stored) return;
  const place = storedPlace(stored);
  if (readStored(place) !== null) {
    el.dataset.stored = '';
    void start();
  } else if (place.area === 'local') {
    window.addEventListener('storage', (change) => change.key === place.key && void start());
  }
};

export default intent;
