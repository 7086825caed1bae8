import { describe, expect, test } from 'vitest';
import { moduleImports } from './module-imports.ts';

const AT = 'https://shop.example/_astro/SearchBox.C7FEbWFL.js';

describe('moduleImports', () => {
  test('reads the static imports the bundler writes, named, bare and hoisted, resolved against the module', () => {
    const code =
      'import{t as e}from"./react.XepQxplV.js";import{a as r,r as i}from"./query-cache.CtiAUqje.js";' +
      'var b=e();export{b as default};\nimport"./rolldown-runtime.4tVxZq34.js";import"../other/links.js";\n';
    expect(moduleImports(code, AT)).toEqual([
      { url: 'https://shop.example/_astro/react.XepQxplV.js', lazily: false },
      { url: 'https://shop.example/_astro/query-cache.CtiAUqje.js', lazily: false },
      { url: 'https://shop.example/_astro/rolldown-runtime.4tVxZq34.js', lazily: false },
      { url: 'https://shop.example/other/links.js', lazily: false },
    ]);
  });

  test('tells a lazy import(…) from a static one', () => {
    const code = 'import{n}from"./preload-helper.js";function m(){return n(async()=>{let{browserDb:e}=await import(`./supabase.C9IGqoAh.js`);return e})}';
    expect(moduleImports(code, AT)).toEqual([
      { url: 'https://shop.example/_astro/preload-helper.js', lazily: false },
      { url: 'https://shop.example/_astro/supabase.C9IGqoAh.js', lazily: true },
    ]);
  });

  test('leaves out what is not a relative .js module: packages, stylesheets, the word in text', () => {
    const code = 'import"react";import"./site.css";const note="Cannot import the file";import x from"/abs.js";';
    expect(moduleImports(code, AT)).toEqual([]);
  });
});
