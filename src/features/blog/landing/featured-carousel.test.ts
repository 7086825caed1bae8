import { describe, expect, test } from 'vitest';
import {
  AUTO_ADVANCE_MS, FEATURED_CAROUSEL_BLOGS, featuredCarousel, initialCarouselState, sideListLength,
  type FeaturedCarouselAction, type FeaturedCarouselState,
} from './featured-carousel.ts';

const run = (state: FeaturedCarouselState, ...actions: FeaturedCarouselAction[]) => actions.reduce(featuredCarousel, state);

describe('featuredCarousel', () => {
  test('starts on the first blog, not paused', () => {
    expect(initialCarouselState(6)).toEqual({ current: 0, count: 6, paused: false, timer: 0 });
  });

  test('the arrows wrap around at both ends', () => {
    const start = initialCarouselState(3);
    expect(run(start, { type: 'previous' }).current).toBe(2);
    expect(run(start, { type: 'next' }, { type: 'next' }, { type: 'next' }).current).toBe(0);
  });

  test('hovering a side item shows that blog large', () => {
    expect(run(initialCarouselState(6), { type: 'show', index: 4 }).current).toBe(4);
    expect(run(initialCarouselState(6), { type: 'show', index: 9 }).current).toBe(0);
  });

  test('auto-advances one blog per tick and wraps', () => {
    const state = run(initialCarouselState(2), { type: 'tick' });
    expect(state.current).toBe(1);
    expect(run(state, { type: 'tick' }).current).toBe(0);
  });

  test('pauses while the pointer is over the large item', () => {
    const paused = run(initialCarouselState(6), { type: 'pointer', over: true }, { type: 'tick' });
    expect(paused.current).toBe(0);
    expect(run(paused, { type: 'pointer', over: false }, { type: 'tick' }).current).toBe(1);
  });

  test('manual navigation restarts the auto-advance timer, ticks do not', () => {
    const start = initialCarouselState(6);
    expect(run(start, { type: 'next' }).timer).toBe(1);
    expect(run(start, { type: 'previous' }, { type: 'show', index: 3 }).timer).toBe(2);
    expect(run(start, { type: 'tick' }, { type: 'pointer', over: true }).timer).toBe(0);
  });

  test('an empty carousel stays empty', () => {
    const empty = initialCarouselState(0);
    expect(run(empty, { type: 'next' }, { type: 'tick' }, { type: 'show', index: 0 })).toEqual(empty);
  });
});

test('lists up to 5 numbered side items of the 6 featured blogs, advancing every 5 seconds', () => {
  expect(FEATURED_CAROUSEL_BLOGS).toBe(6);
  expect(AUTO_ADVANCE_MS).toBe(5000);
  expect([0, 3, 5, 6].map(sideListLength)).toEqual([0, 3, 5, 5]);
});
