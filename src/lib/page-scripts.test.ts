import { describe, expect, it } from 'vitest';
import { loadPageScriptsLast, PAGE_SCRIPTS_LOADER } from './page-scripts.ts';

describe('loadPageScriptsLast', () => {
  it('takes the module scripts out of the body and puts one loader of them last, in page order', () => {
    const body = '<header></header><script type="module" src="/_astro/shell.A1.js"></script><main></main><script type="module" src="/_astro/Carousel.B2.js"></script><footer></footer>';
    expect(loadPageScriptsLast(body)).toBe(
      `<header></header><main></main><footer></footer><script data-page-scripts="/_astro/shell.A1.js /_astro/Carousel.B2.js">${PAGE_SCRIPTS_LOADER}</script>`,
    );
  });

  it('names a script that a page writes twice once', () => {
    const tag = '<script type="module" src="/_astro/Carousel.B2.js"></script>';
    expect(loadPageScriptsLast(`${tag}<main></main>${tag}`)).toBe(`<main></main><script data-page-scripts="/_astro/Carousel.B2.js">${PAGE_SCRIPTS_LOADER}</script>`);
  });

  it('leaves a body without module scripts as it is, inline and data scripts included', () => {
    const body = '<script>var island = 1;</script><script type="application/ld+json">{}</script><main></main>';
    expect(loadPageScriptsLast(body)).toBe(body);
  });
});
