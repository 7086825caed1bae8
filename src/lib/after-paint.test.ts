import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, deferModuleScripts } from './after-paint.ts';

describe('deferModuleScripts', () => {
  it('turns each module script into a placeholder, in page order, and puts the loader last', () => {
    const body = '<header></header><script type="module" src="/_astro/shell.A1.js"></script><main></main><script type="module" src="/_astro/Carousel.B2.js"></script><footer></footer>';
    expect(deferModuleScripts(body)).toBe(
      '<header></header><script type="text/plain" data-after-paint="/_astro/shell.A1.js"></script><main></main>' +
        `<script type="text/plain" data-after-paint="/_astro/Carousel.B2.js"></script><footer></footer><script>${AFTER_PAINT_LOADER}</script>`,
    );
  });

  it('leaves a body without module scripts as it is, inline and data scripts included', () => {
    const body = '<script>var island = 1;</script><script type="application/ld+json">{}</script><main></main>';
    expect(deferModuleScripts(body)).toBe(body);
  });
});

describe('AFTER_PAINT_LOADER', () => {
  it('is one self-contained classic script that loads the placeholders after the first paint', () => {
    expect(AFTER_PAINT_LOADER).toMatch(/^\(\(\) => \{[\s\S]*\}\)\(\);$/);
    expect(AFTER_PAINT_LOADER).toContain("observe({ type: 'paint', buffered: true })");
    expect(AFTER_PAINT_LOADER).not.toMatch(/\bimport\b|\bexport\b/);
  });
});
