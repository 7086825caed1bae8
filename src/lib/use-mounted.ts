/**
 * Whether an island has mounted. The server renders an island's loading state; a store another
 * script updated before hydration must not change the first client render (React error #418), so
 * islands that follow such stores show their loading state until mounted.
 */
import { useEffect, useState } from 'react';

export function useMounted(onMount?: () => void): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    onMount?.();
    // Runs once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return mounted;
}
