/**
 * Astro chooses an island's renderer by asking each renderer whether the component is its own, and
 * React answers by rendering the component on the server, so every island is rendered twice, unless
 * the component carries its renderer's tag (the one astro's `__astro_tag_component__` sets for
 * MDX and JSX components). The islands in the shell of every page (search box, account control,
 * toaster) are tagged, which saves thousands of React renders in a build.
 */
const RENDERER = Symbol.for('astro:renderer');

/** The React component, tagged as React's for Astro's island rendering. */
export function reactIsland<T extends object>(component: T): T {
  if (!Object.hasOwn(component, RENDERER)) Object.defineProperty(component, RENDERER, { value: '@astrojs/react' });
  return component;
}
