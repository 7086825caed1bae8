/**
 * `npm test`: the import rules (`npm run lint:imports`), unit, database and integration tests
 * (vitest), then the end-to-end journeys in Chromium (Playwright). Installs Debian's chromium
 * when it is missing and this is a root shell with apt; otherwise says what to run.
 */
import { spawnSync } from 'node:child_process';
import { chromiumPath, hasChromium } from '../tests/e2e/support/chromium.ts';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function ensureChromium(): void {
  if (hasChromium()) return;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canApt) {
    console.error(
      `Chromium is needed for the browser tests and was not found at ${chromiumPath()}.\n` +
        'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get install -y chromium)…');
  const install = () => spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' }).status === 0;
  if (!install()) {
    run('apt-get', ['update']);
    if (!install()) process.exit(1);
  }
}

run('node', ['scripts/lint-imports.ts']);
ensureChromium();
run('vitest', ['run']);
run('playwright', ['test']);
