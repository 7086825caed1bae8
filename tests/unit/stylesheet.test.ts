import { expect, test } from 'vitest';
import { mergeCascades, siteStylesheet } from '../support/stylesheet.ts';

test('finds the merge cascade after which Lightning CSS may drop the next rule', async () => {
  // The heart's four disabled utilities as Tailwind nests them, and its liked colour after them.
  const css = `.heart {
    &:disabled { cursor: wait; }
    &:disabled { opacity: 60%; }
    &[aria-disabled="true"] { cursor: wait; }
    &[aria-disabled="true"] { opacity: 60%; }
    &[aria-pressed="true"] { color: red; }
  }`;
  expect(await mergeCascades(css)).toEqual([
    { mergedAway: '.heart[aria-disabled=true]', atRisk: '.heart[aria-pressed=true] { color: red; }' },
  ]);
});

test('rules merged straight into the rule before them are no cascade', async () => {
  const css = `.a { color: red; }
    .a { opacity: 0.5; }
    .b { color: red; opacity: 0.5; }
    .c { color: blue; }`;
  expect(await mergeCascades(css)).toEqual([]);
});

test('the site stylesheet gives Lightning CSS no cascade that could drop a rule from a build', async () => {
  const css = await siteStylesheet();
  expect(css).toContain('.like-toggle');
  expect(await mergeCascades(css)).toEqual([]);
});
