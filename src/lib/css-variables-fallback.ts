/**
 * A PostCSS plugin for the site's stylesheet, which every page carries inline (astro.config.mjs:
 * a separate stylesheet costs a phone one more round trip before the first paint).
 *
 * Tailwind registers its internal variables (--tw-shadow, --tw-gradient-from, …) with @property
 * rules, and gives browsers without @property the same initial values on every element inside
 * `@layer properties`, behind an @supports test. The Nu HTML Checker rejects @property inside a
 * page (its CSS validator predates it), so this plugin drops Tailwind's @property rules and sets
 * those initial values for every browser: the pages look the same, the variables are only untyped
 * (Tailwind 3 set its variables this way), which matters only to transitions of a gradient's
 * colours, and the site has none.
 */

import type { AtRule, Plugin } from 'postcss';

export function cssVariablesFallback(): Plugin {
  return {
    postcssPlugin: 'giftshop-css-variables-fallback',
    AtRule: {
      // Only Tailwind's own: the fallback below gives its variables their initial values.
      property: (rule) => {
        if (rule.params.startsWith('--tw-')) rule.remove();
      },
      supports: (rule) => {
        const parent = rule.parent as AtRule | undefined;
        if (parent?.type === 'atrule' && parent.name === 'layer' && parent.params === 'properties') {
          rule.replaceWith(rule.nodes ?? []);
        }
      },
    },
  };
}
