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

/** The parts of PostCSS's at-rule node this plugin uses. */
interface AtRule {
  name: string;
  params: string;
  parent?: { type: string; name?: string; params?: string };
  nodes?: unknown[];
  remove(): void;
  replaceWith(...nodes: unknown[]): void;
}

export function cssVariablesFallback() {
  return {
    postcssPlugin: 'giftshop-css-variables-fallback',
    AtRule: {
      // Only Tailwind's own: the fallback below gives its variables their initial values.
      property: (rule: AtRule) => {
        if (rule.params.startsWith('--tw-')) rule.remove();
      },
      supports: (rule: AtRule) => {
        const { parent } = rule;
        if (parent?.type === 'atrule' && parent.name === 'layer' && parent.params === 'properties') {
          rule.replaceWith(...(rule.nodes ?? []));
        }
      },
    },
  };
}
cssVariablesFallback.postcss = true;
