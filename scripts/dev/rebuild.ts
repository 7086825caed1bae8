/**
 * Asks a running shop (`npm start`) to rebuild through its build hook and waits for that build:
 * prints how long it took, or the build's output when it failed (exit code 1).
 *
 *   node scripts/dev/rebuild.ts [http://localhost:8888]
 */
import type { BuildStatus } from '../lib/shop.ts';

const site = process.argv[2] ?? 'http://localhost:8888';
const status = async (): Promise<BuildStatus> => (await fetch(`${site}/.netlify/build-status`)).json() as Promise<BuildStatus>;

const asked = Date.now();
const response = await fetch(`${site}/.netlify/build-hook`, { method: 'POST' });
if (!response.ok) throw new Error(`The build hook answered ${response.status}`);
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { last, building } = await status();
  if (!building && last && last.startedAt >= asked) {
    if (last.ok) {
      console.log(`Rebuilt in ${((last.finishedAt - last.startedAt) / 1000).toFixed(1)} s; live at ${site}`);
    } else {
      console.error(last.output);
      process.exitCode = 1;
    }
    break;
  }
}
