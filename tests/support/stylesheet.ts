/**
 * The site's stylesheet as Tailwind hands it to its optimizer, and a check for the one pattern in
 * which that optimizer, Lightning CSS 1.33, can drop a rule at random.
 *
 * Lightning CSS's minifier merges each style rule into the rule before it when the two have the same
 * selectors or the same declarations. When a merge makes the last rule it had already kept mergeable
 * with the one before that, it merges those too and takes the last one off its list, but its table of
 * rules seen (for dropping exact duplicates) keeps an entry for the place taken off. The next rule
 * kept takes that place; if the entry's 7-bit hash tag matches the new rule's (the hashes are seeded
 * at random per process, so about one process in a hundred for a small list) the table takes the
 * entry for a duplicate of the new rule, compares the rule at that place with itself, and drops the
 * new rule. The liked heart's colour went missing so from one build in about sixty (global.css).
 */
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import postcss, { type Container } from 'postcss';

const GLOBAL_CSS = new URL('../../src/styles/global.css', import.meta.url).pathname;

/** global.css compiled with the classes Tailwind's scanner finds in the site's sources, as the build compiles it. */
export async function siteStylesheet(): Promise<string> {
  const compiler = await compile(await readFile(GLOBAL_CSS, 'utf8'), { base: dirname(GLOBAL_CSS), onDependency: () => undefined });
  if (compiler.root === null || compiler.root === 'none') throw new Error('global.css must name its sources with source(…)');
  const scanner = new Scanner({ sources: [{ ...compiler.root, negated: false }, ...compiler.sources] });
  return compiler.build(scanner.scan());
}

/** A rule Lightning CSS would merge away after keeping it, and the rule after it, which it may then drop. */
export interface MergeCascade {
  mergedAway: string;
  atRisk: string;
}

interface Kept {
  selectors: string;
  declarations: string[];
}

const sameDeclarations = (a: Kept, b: Kept) => [...a.declarations].sort().join(';') === [...b.declarations].sort().join(';');
const mergeable = (a: Kept, b: Kept) => a.selectors === b.selectors || sameDeclarations(a, b);

const propertyOf = (declaration: string) => declaration.slice(0, declaration.indexOf(':'));

/** As the minifier merges: one selector's declarations, a later one replacing an earlier of its property; or one set of declarations' selectors. */
function merge(into: Kept, rule: Kept): void {
  if (into.selectors !== rule.selectors) return void (into.selectors = `${into.selectors},${rule.selectors}`);
  const replaced = new Set(rule.declarations.map(propertyOf));
  into.declarations = [...into.declarations.filter((declaration) => !replaced.has(propertyOf(declaration))), ...rule.declarations];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Where Lightning CSS's minifier would take a rule it kept off its list again, in CSS that may nest
 * (flattened first, as the minifier flattens it). An emulation of its merging that merges at least
 * as often as it does, so it errs towards finding too many.
 */
export async function mergeCascades(css: string): Promise<MergeCascade[]> {
  const flat = (await transform(css, { loader: 'css', target: 'chrome90' })).code;
  const found: MergeCascade[] = [];
  const walk = (container: Container) => {
    // The rules kept in this list; null stands for anything else, which no rule merges across.
    const kept: (Kept | null)[] = [];
    const nodes = container.nodes ?? [];
    nodes.forEach((node, index) => {
      if (node.type === 'atrule') walk(node);
      if (node.type !== 'rule') return void kept.push(null);
      const rule: Kept = {
        selectors: node.selectors.map((selector) => selector.trim()).join(','),
        declarations: node.nodes.flatMap((child) => (child.type === 'decl' ? [`${child.prop}:${child.value}${child.important ? '!' : ''}`] : [])),
      };
      const last = kept.at(-1);
      if (!last || !mergeable(last, rule)) return void kept.push(rule);
      merge(last, rule);
      for (let prev = kept.at(-2); prev && mergeable(prev, kept.at(-1)!); prev = kept.at(-2)) {
        const mergedAway = kept.pop()!;
        merge(prev, mergedAway);
        const next = nodes[index + 1];
        found.push({ mergedAway: mergedAway.selectors, atRisk: next ? oneLine(next.toString()) : '(none)' });
      }
    });
  };
  walk(postcss.parse(flat));
  return found;
}
