/**
 * A server-rendered form can be typed into, or a choice made in its selects, before its island has
 * hydrated: the field shows the input, but React's state still holds the first render's value, so
 * a submit would send that and React's next render would put it back in the field ('Failed to log
 * in: missing email or phone' on /admin/login, a sort chosen on /products undone). The field's
 * value at mount is what was entered if it differs from what React rendered; once the island is
 * `ready` (a listing: once it has read its address), that entry is taken over unless it is what the
 * island now holds anyway (a select the browser refilled on Back, for the address it came back to).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useInputBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  adopt: (entered: string) => void,
  ready = true,
): void {
  const entered = useRef<string | undefined>(undefined);
  useEffect(() => {
    const atMount = field.current?.value;
    if (atMount !== undefined && atMount !== value) entered.current = atMount;
    // Only on mount: React's next render puts its own value back in the field.
  }, []);
  useEffect(() => {
    if (!ready || entered.current === undefined) return;
    const text = entered.current;
    entered.current = undefined;
    if (text !== value) adopt(text);
    // Once, when ready: from then on React's own change events keep the state.
  }, [ready]);
}
