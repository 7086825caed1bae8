import { describe, expect, test } from 'vitest';
import { reactIsland } from './react-island.ts';

describe('reactIsland', () => {
  test("tags the component with React's renderer, as astro's own tagging does, and only once", () => {
    function SearchBox() {
      return null;
    }
    expect(reactIsland(SearchBox)).toBe(SearchBox);
    expect(reactIsland(SearchBox)).toBe(SearchBox);
    expect((SearchBox as unknown as Record<symbol, unknown>)[Symbol.for('astro:renderer')]).toBe('@astrojs/react');
  });
});
