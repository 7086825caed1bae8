/**
 * For islands loaded with client:intent (lib/intent-directive.ts): tells the directive, from the
 * island's own element, that the island has mounted, so a press or a form sent before React
 * arrived is done again now that React handles it. Every client:intent island calls it.
 */
import { useEffect, type RefObject } from 'react';
import { ISLAND_READY_EVENT } from './intent-signals.ts';

export function useIntentReady(element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    element.current?.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
