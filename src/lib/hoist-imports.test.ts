import { describe, expect, test } from 'vitest';
import { hoistedImports, reachableChunks, withImportsAppended, type ImportGraph } from './hoist-imports.ts';

const graph: ImportGraph = new Map([
  ['_astro/Header.js', ['_astro/menu.js', '_astro/store.js']],
  ['_astro/menu.js', []],
  ['_astro/store.js', ['_astro/intent.js', '_astro/auth.js']],
  ['_astro/intent.js', ['_astro/auth.js', '_astro/store.js']],
  ['_astro/auth.js', []],
  ['_astro/Footer.js', ['_astro/menu.js']],
]);

describe('reachableChunks', () => {
  test('lists every chunk reached through static imports once, cycles included', () => {
    expect(reachableChunks('_astro/Header.js', graph)).toEqual(['_astro/menu.js', '_astro/store.js', '_astro/intent.js', '_astro/auth.js']);
  });

  test('a chunk that imports nothing reaches nothing', () => {
    expect(reachableChunks('_astro/auth.js', graph)).toEqual([]);
  });
});

describe('hoistedImports', () => {
  test('an entry imports every chunk it reaches only through others', () => {
    expect(hoistedImports('_astro/Header.js', graph)).toBe('import"./intent.js";import"./auth.js";');
  });

  test('an entry whose imports reach nothing further gets nothing', () => {
    expect(hoistedImports('_astro/Footer.js', graph)).toBe('');
  });

  test('a chunk in another folder is named by its path from the entry', () => {
    const nested: ImportGraph = new Map([['pages/a.js', ['_astro/b.js']], ['_astro/b.js', ['_astro/c.js']], ['_astro/c.js', []]]);
    expect(hoistedImports('pages/a.js', nested)).toBe('import"../_astro/c.js";');
  });
});

describe('withImportsAppended', () => {
  test('the imports go after the code, so the entry\'s own imports still run first', () => {
    expect(withImportsAppended('import{s}from"./store.js";s();', 'import"./auth.js";')).toBe('import{s}from"./store.js";s();\nimport"./auth.js";\n');
  });

  test('a source map comment stays last', () => {
    expect(withImportsAppended('s();\n//# sourceMappingURL=a.js.map', 'import"./auth.js";')).toBe('s();\nimport"./auth.js";\n//# sourceMappingURL=a.js.map');
  });

  test('no imports leave the code as it is', () => {
    expect(withImportsAppended('s();', '')).toBe('s();');
  });
});
