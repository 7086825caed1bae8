/**
 * A server-rendered form can be typed into, or a choice made in its selects, before its island has
 * hydrated: the field shows the input, but React's state still holds the first render's value, so
 * a submit would send that and React's next render would put it back in the field ('Failed to log
 * in: missing email or phone' on /admin/login, a sort chosen on /products undone). Once the island
 * runs, it takes over what the field already holds.
 */
import { useEffect, type RefObject } from 'react';

export function useInputBeforeHydration(field: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string, adopt: (entered: string) => void): void {
  useEffect(() => {
    const entered = field.current?.value;
    if (entered !== undefined && entered !== value) adopt(entered);
    // Only on mount: from then on React's own change events keep the state.
  }, []);
}
