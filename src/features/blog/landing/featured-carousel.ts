/**
 * The featured-blog carousel on the blog landing page as plain state: which blog is large, whether
 * the pointer rests on it, and a timer generation that changes whenever the auto-advance timer
 * must start over (after manual navigation). The <featured-blogs> element only maps events to
 * actions and renders the state.
 */

/** Featured blogs the carousel shows (spec: 6 featured on the blog page). */
export const FEATURED_CAROUSEL_BLOGS = 6;
/** Numbered side list length (spec: up to 5 side items). */
export const SIDE_LIST_ITEMS = 5;
/** Auto-advance interval (spec: 5000 ms). */
export const AUTO_ADVANCE_MS = 5000;

export interface FeaturedCarouselState {
  /** Index of the large blog. */
  current: number;
  count: number;
  /** The pointer is over the large item: auto-advance waits. */
  paused: boolean;
  /** Changes when the auto-advance timer must restart. */
  timer: number;
}

export type FeaturedCarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'show'; index: number }
  | { type: 'tick' }
  | { type: 'pointer'; over: boolean };

export function initialCarouselState(count: number): FeaturedCarouselState {
  return { current: 0, count: Math.max(0, count), paused: false, timer: 0 };
}

/** Carousel transitions (spec: arrows wrap, side items switch on hover, auto-advance pauses under the pointer and restarts after manual navigation). */
export function featuredCarousel(state: FeaturedCarouselState, action: FeaturedCarouselAction): FeaturedCarouselState {
  if (state.count === 0) return state;
  switch (action.type) {
    case 'next':
      return manual(state, wrap(state.current + 1, state.count));
    case 'previous':
      return manual(state, wrap(state.current - 1, state.count));
    case 'show':
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= state.count) return state;
      return manual(state, action.index);
    case 'tick':
      return state.paused || state.count < 2 ? state : { ...state, current: wrap(state.current + 1, state.count) };
    case 'pointer':
      return { ...state, paused: action.over };
  }
}

/** How many numbered side items the carousel lists (spec: up to 5). */
export function sideListLength(count: number): number {
  return Math.min(Math.max(0, count), SIDE_LIST_ITEMS);
}

function manual(state: FeaturedCarouselState, current: number): FeaturedCarouselState {
  return { ...state, current, timer: state.timer + 1 };
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}
