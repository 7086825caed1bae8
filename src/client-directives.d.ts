/** The project's own client directive, for the type checker (src/lib/intent-directive.ts). */
import type { IntentOptions } from './lib/intent-directive.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean | IntentOptions;
  }
}

declare global {
  /** The exact text Astro inlines as the `client:intent` loader (defined by astro.config.mjs). */
  const __INTENT_DIRECTIVE_SCRIPT__: string;
}
