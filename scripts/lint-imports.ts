/**
 * `npm run lint:imports`: checks every import in src/ against the rules of .dependency-cruiser.js
 * (feature layers, lib and UI kit below features, admin rooms). Exits 1 on a violation.
 *
 * dependency-cruiser does not read .astro files, and much of the composition happens in them. So
 * src/ is copied to a scratch folder in which each X.astro becomes X.astro.ts holding the imports
 * of its frontmatter and its <script>s (an import of './X.astro' resolves to it), the copy is
 * cruised, and the report names the .astro files again.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const CONFIG = join(root, '.dependency-cruiser.js');
const CODE = /\.(?:ts|tsx|js|mjs)$/;

/** The code of an .astro file that can import: its frontmatter and its bundled <script>s. */
export function astroImports(source: string): string {
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bis:inline\b|\btype=/.test(attributes ?? ''))
    .map(([, , body]) => body);
  return [frontmatter, ...scripts].join('\n;\n');
}

function copySources(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const target = join(to, relative(from, file));
    if (entry.name.endsWith('.astro')) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(`${target}.ts`, astroImports(readFileSync(file, 'utf8')));
    } else if (CODE.test(entry.name)) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(file));
    }
  }
}

if (import.meta.main) {
  const scratch = mkdtempSync(join(tmpdir(), 'lint-imports-'));
  try {
    copySources(join(root, 'src'), join(scratch, 'src'));
    const cruise = spawnSync(
      join(root, 'node_modules/.bin/depcruise'),
      ['src', '--config', CONFIG, '--no-cache', '--output-type', 'err-long'],
      { cwd: scratch, encoding: 'utf8' },
    );
    const report = `${cruise.stdout}${cruise.stderr}`.replaceAll('.astro.ts', '.astro');
    process.stdout.write(report);
    process.exitCode = cruise.status ?? 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
