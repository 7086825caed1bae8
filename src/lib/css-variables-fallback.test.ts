import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import postcss from 'postcss';
import { compile } from 'tailwindcss';
import { expect, test } from 'vitest';
import { cssVariablesFallback } from './css-variables-fallback.ts';

const resolve = createRequire(import.meta.url).resolve;

/** Tailwind's own output for these classes, as the site's build gets it, then through the plugin. */
async function siteCss(classes: string[]): Promise<{ before: string; after: string }> {
  const compiler = await compile('@import "tailwindcss";', {
    loadStylesheet: async (id) => {
      const path = resolve(id === 'tailwindcss' ? 'tailwindcss/index.css' : id);
      return { path, base: dirname(path), content: await readFile(path, 'utf8') };
    },
  });
  const before = compiler.build(classes);
  const { css: after } = await postcss([cssVariablesFallback()]).process(before, { from: undefined });
  return { before, after };
}

/** The declarations of the rule that gives every element Tailwind's variables, or null without one. */
function everyElementVariables(css: string): Map<string, string> | null {
  const root = postcss.parse(css);
  let found: Map<string, string> | null = null;
  root.walkRules((rule) => {
    if (!rule.selector.startsWith('*') || !rule.parent || rule.parent.type !== 'atrule') return;
    const layer = rule.parent as postcss.AtRule;
    if (layer.name !== 'layer' || layer.params !== 'properties') return;
    found = new Map();
    rule.walkDecls((decl) => void found!.set(decl.prop, decl.value));
  });
  return found;
}

test('the stylesheet has no @property rule, which the Nu HTML Checker rejects in a page', async () => {
  const { before, after } = await siteCss(['shadow-lg', 'ring-2', 'bg-linear-to-r', 'from-white', 'rotate-6']);
  expect(before).toContain('@property --tw-shadow');
  expect(after).not.toContain('@property');
});

test('every element gets, in every browser, the initial value each @property gave', async () => {
  const { before, after } = await siteCss(['shadow-lg', 'ring-2', 'bg-linear-to-r', 'from-white', 'rotate-6']);
  const registered = new Map<string, string>();
  postcss.parse(before).walkAtRules('property', (rule) => {
    rule.walkDecls('initial-value', (decl) => void registered.set(rule.params, decl.value));
  });
  expect(registered.size).toBeGreaterThan(5);
  const variables = everyElementVariables(after);
  expect(variables).not.toBeNull();
  for (const [name, initial] of registered) expect(variables!.get(name), name).toBe(initial);
  // Unconditionally: no @supports test left around them.
  expect(after).not.toMatch(/@layer properties\s*\{\s*@supports/);
});

test('an @property rule of the site\'s own stays', async () => {
  const own = '@property --angle { syntax: "<angle>"; inherits: false; initial-value: 0deg; }';
  const { css } = await postcss([cssVariablesFallback()]).process(own, { from: undefined });
  expect(css).toContain('@property --angle');
});

test('other @supports rules stay as they are', async () => {
  const { before, after } = await siteCss(['bg-white/50', 'shadow-lg']);
  const supports = (css: string) => (css.match(/@supports/g) ?? []).length;
  expect(supports(after)).toBe(supports(before) - 1);
});
