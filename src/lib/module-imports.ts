/**
 * The modules a bundled module imports, read from its code without running it (lib/intent-directive.ts
 * fetches an island's modules ahead this way). Only relative imports of .js files, as the bundler
 * writes them between its chunks: `import{a as b}from"./a.js"` and `import"./a.js"` statically, and
 * import(`./a.js`) lazily.
 */

/** An import's first group is the parenthesis of a lazy import(…), else the named part or nothing. */
const IMPORT = /\bimport\s*(\(\s*|[\w$*{}\s,]*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;

export interface ModuleImport {
  /** The imported module's address, resolved against the importing module's. */
  url: string;
  /** Imported with import(…), when the code asks for it, rather than before the module runs. */
  lazily: boolean;
}

export function moduleImports(code: string, moduleUrl: string): ModuleImport[] {
  return Array.from(code.matchAll(IMPORT), ([, call = '', path = '']) => ({
    url: new URL(path, moduleUrl).href,
    lazily: call.startsWith('('),
  }));
}
