/**
 * Spec: a floating 'Filters' button appears when the filter bar has scrolled out of view while the
 * grid is visible; it scrolls back to the filters. The fixed header covers the top of the window,
 * so the bar counts as out of view once it is within 80px of the top. The grid is the cards alone:
 * once they have scrolled away, the button goes, and does not cover the pages' links or the footer.
 */
import { useEffect, useState, type RefObject } from 'react';

/** The floating Filters button's offset (spec: 80px), clear of the fixed header. */
const FILTERS_OFFSET_PX = 80;

interface Props {
  panel: RefObject<HTMLElement | null>;
  /** Focused once scrolled back, so the keyboard goes on from the filters. */
  heading: RefObject<HTMLHeadingElement | null>;
  /** The grid of cards on show (null while there is none). */
  grid: HTMLElement | null;
}

export function FloatingFilters({ panel, heading, grid }: Props) {
  const shown = useFloatingFilters(panel, grid);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const top = (panel.current?.getBoundingClientRect().top ?? 0) + window.scrollY - FILTERS_OFFSET_PX;
        window.scrollTo({ top, behavior: 'smooth' });
        heading.current?.focus({ preventScroll: true });
      }}
      className="fixed bottom-6 left-1/2 z-30 -translate-x-1/2 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white shadow-lg hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      Filters
    </button>
  );
}

/** Whether the filter bar is out of view (under the header) while the grid is in view. */
function useFloatingFilters(panel: RefObject<HTMLElement | null>, list: HTMLElement | null): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const bar = panel.current;
    setShown(false);
    if (!bar || !list || !('IntersectionObserver' in window)) return;
    const visible = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target, entry.isIntersecting);
        setShown(visible.get(bar) === false && visible.get(list) === true);
      },
      { rootMargin: `-${FILTERS_OFFSET_PX}px 0px 0px 0px` },
    );
    observer.observe(bar);
    observer.observe(list);
    return () => observer.disconnect();
  }, [panel, list]);
  return shown;
}
