import { expect, test } from 'vitest';
import { astroImports } from '../../scripts/lint-imports.ts';

test('an .astro file is checked by the imports of its frontmatter and its bundled scripts', () => {
  const source = [
    '---',
    "import Card from '../catalog/Card.astro';",
    "import type { Blog } from './model.ts';",
    '---',
    '<div><Card /></div>',
    "<script>\n  import './like-button.ts';\n</script>",
    '<script is:inline>window.x = 1;</script>',
    '<script type="application/ld+json">{"@type":"Thing"}</script>',
  ].join('\n');
  const code = astroImports(source);
  expect(code).toContain("import Card from '../catalog/Card.astro';");
  expect(code).toContain("import type { Blog } from './model.ts';");
  expect(code).toContain("import './like-button.ts';");
  expect(code).not.toContain('window.x');
  expect(code).not.toContain('<div>');
  expect(code).not.toContain('@type');
});
