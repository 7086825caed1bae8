/**
 * A Vite plugin that lets the browser fetch a script's whole module graph at once.
 *
 * A page's script imports a shared chunk, which imports another, which imports a third: the browser
 * learns of each only once the one before has arrived, so on a phone's network every level of the
 * graph costs another round trip before the page's scripts can run (and Lighthouse counts those
 * levels into the largest paint). Rollup names an entry's transitive imports in the entry itself
 * (its `hoistTransitiveImports`); Rolldown, Vite's bundler, does not yet, so this plugin does.
 *
 * The added imports come after the entry's own: the browser fetches every import of a module before
 * running any, but runs them in the order they are written, and by the time it reaches an added
 * one that chunk has already run through the entry's own imports. So nothing runs in another
 * order than before, cycles between chunks included.
 */
import { dirname, relative } from 'node:path/posix';
import type { Plugin } from 'vite';

/** The chunks each chunk imports statically, by file name. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every chunk `entry` reaches through static imports, each once, depth first. */
export function reachableChunks(entry: string, graph: ImportGraph): string[] {
  const reached: string[] = [];
  const seen = new Set([entry]);
  const visit = (file: string) => {
    for (const dependency of graph.get(file) ?? []) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      reached.push(dependency);
      visit(dependency);
    }
  };
  visit(entry);
  return reached;
}

/** The bare imports to add to `entry`: one per chunk it reaches only through other chunks. */
export function hoistedImports(entry: string, graph: ImportGraph): string {
  const direct = new Set(graph.get(entry));
  return reachableChunks(entry, graph)
    .filter((file) => !direct.has(file))
    .map((file) => `import"${specifier(entry, file)}";`)
    .join('');
}

/** How `from` names `to` in an import: a relative path that starts with a dot. */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** `code` with `imports` added at its end, before a source map comment if it has one. */
export function withImportsAppended(code: string, imports: string): string {
  if (!imports) return code;
  const sourceMap = code.lastIndexOf('\n//# sourceMappingURL=');
  return sourceMap === -1
    ? `${code}\n${imports}\n`
    : `${code.slice(0, sourceMap)}\n${imports}${code.slice(sourceMap)}`;
}

/** The plugin: browser bundles only (the server's modules are read from disk). */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'giftshop:hoist-transitive-imports',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const graph: ImportGraph = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
      for (const chunk of chunks) {
        if (chunk.isEntry || chunk.isDynamicEntry) chunk.code = withImportsAppended(chunk.code, hoistedImports(chunk.fileName, graph));
      }
    },
  };
}
