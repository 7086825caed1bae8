/**
 * Spec: the scroll position is restored per path on back navigation. The browser restores it once
 * the page has loaded, but a listing whose address is not its prebuilt first page (/products?page=2,
 * a filter) fills in after that, so the browser clamps the position to the still-short page: on a
 * phone, Back from a product on page 2 landed rows above the card. The listing remembers where the
 * shopper left each address and, back on it, returns there once its results are shown — unless the
 * shopper has meanwhile scrolled with wheel, touch or keys, or moved to another address.
 */
import { useEffect, useRef } from 'react';

const KEY = 'giftshop:listing-scroll';

/** The positions remembered this session, by address (whatever sessionStorage holds is read defensively). */
function remembered(): Record<string, unknown> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const here = () => window.location.pathname + window.location.search;

export function useScrollOnReturn(resultsShown: boolean): void {
  const pending = useRef(true);
  const arrivedAt = useRef<string | null>(null);

  useEffect(() => {
    arrivedAt.current = here();
    const remember = () => {
      try {
        sessionStorage.setItem(KEY, JSON.stringify({ ...remembered(), [here()]: window.scrollY }));
      } catch {
        // Storage full or refused: Back lands where the browser puts it.
      }
    };
    const scrolledByShopper = () => {
      pending.current = false;
    };
    const inputs = ['wheel', 'touchmove', 'keydown'] as const;
    window.addEventListener('pagehide', remember);
    for (const input of inputs) window.addEventListener(input, scrolledByShopper, { passive: true, once: true });
    return () => {
      window.removeEventListener('pagehide', remember);
      for (const input of inputs) window.removeEventListener(input, scrolledByShopper);
    };
  }, []);

  useEffect(() => {
    if (!resultsShown || !pending.current) return;
    pending.current = false;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const left = remembered()[here()];
    const stillThere = here() === arrivedAt.current;
    if (navigation?.type === 'back_forward' && stillThere && typeof left === 'number' && left > window.scrollY) window.scrollTo({ top: left });
  }, [resultsShown]);
}
