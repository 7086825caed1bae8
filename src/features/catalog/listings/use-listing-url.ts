/**
 * A listing's filter state kept in step with the address (spec: the URL is kept in sync with the
 * filter state; the view scrolls to top on change). Every change is a new history entry, so Back
 * undoes it; Back and Forward read the address again.
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';

export function useListingUrl<S>(
  prebuilt: S,
  read: (params: URLSearchParams) => S,
  href: (state: S) => string,
): { state: S; change: (next: S) => void; addressRead: boolean } {
  // The first render matches the prebuilt HTML; the address is read once hydrated.
  const [state, setState] = useState(prebuilt);
  const [addressRead, setAddressRead] = useState(false);

  useEffect(() => {
    const sync = () => setState(read(new URLSearchParams(window.location.search)));
    sync();
    setAddressRead(true);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [read]);

  const change = useCallback(
    (next: S) => {
      const url = href(next);
      if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
      setState(next);
      window.scrollTo({ top: 0 });
    },
    [href],
  );

  return { state, change, addressRead };
}

/** A click the page handles itself: the main button without a modifier (others open tabs or windows). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
