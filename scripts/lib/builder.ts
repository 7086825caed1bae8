/**
 * Builds the site with Astro in a child process into a staging folder and only then swaps it into
 * the output folder (dist/ unless told otherwise), so a failed build leaves the previous site
 * serving. The Rebuilder coalesces a burst of build requests into one build, and never drops a
 * request that arrives while a build runs.
 */
import { spawn } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const ASTRO = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** Where `npm start` publishes, and what netlify.toml names as the publish folder. */
export const DEFAULT_OUT_DIR = join(root, 'dist');
/**
 * Node options for the build process: a build makes a great many short-lived strings (each page's
 * HTML), and a larger young generation lets the garbage collector sweep them up less often. Over
 * three alternating 3,000-product builds it took 20% less user CPU time (11.6 s against 14.5 s)
 * and 10% less memory; 64 MB did worse than 32 (docs/benchmarks/build.md).
 */
export const ASTRO_NODE_OPTIONS = ['--max-semi-space-size=32'];

export interface BuildOptions {
  /** The folder the finished site is swapped into (default dist/). */
  outDir?: string;
  /**
   * Astro's cache folder, which holds the content store and its sync cursors (default astro.config's,
   * node_modules/.astro). A shop with an output folder of its own wants its own cache too, or
   * its incremental sync would start from another database's cursor.
   */
  cacheDir?: string;
}

export interface BuildResult {
  ok: boolean;
  milliseconds: number;
  /** The build's output, for the log when it fails. */
  output: string;
}

/** The staging and previous folders beside the output folder (dist/ → .dist-next, .dist-previous), so the swaps are renames on one disk. */
function besideOutput(outDir: string, suffix: 'next' | 'previous'): string {
  return join(dirname(outDir), `.${basename(outDir)}-${suffix}`);
}

export async function buildSite(env: Record<string, string>, options: BuildOptions = {}): Promise<BuildResult> {
  const started = Date.now();
  const dist = options.outDir ?? DEFAULT_OUT_DIR;
  const staging = besideOutput(dist, 'next');
  await mkdir(dirname(dist), { recursive: true });
  await rm(staging, { recursive: true, force: true });
  const child = spawn(process.execPath, [...ASTRO_NODE_OPTIONS, ASTRO, 'build', '--outDir', staging], {
    cwd: root,
    env: { ...process.env, ...env, ...(options.cacheDir ? { ASTRO_CACHE_DIR: options.cacheDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    await rm(staging, { recursive: true, force: true });
    return { ok: false, milliseconds: Date.now() - started, output };
  }
  const previous = besideOutput(dist, 'previous');
  await rm(previous, { recursive: true, force: true });
  await rename(dist, previous).catch(() => undefined);
  await rename(staging, dist);
  await rm(previous, { recursive: true, force: true });
  return { ok: true, milliseconds: Date.now() - started, output };
}

export interface Rebuilder {
  /** Asks for a rebuild; requests within the quiet period share one build. */
  request(): void;
  /** Resolves once no build is pending or running. */
  idle(): Promise<void>;
}

export function createRebuilder(run: () => Promise<void>, quietMs = 1000): Rebuilder {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;

  const start = () => {
    timer = undefined;
    if (running) return; // picked up when the running build ends
    pending = false;
    running = run()
      .catch((error) => console.error('rebuild failed:', error))
      .finally(() => {
        running = undefined;
        if (pending) schedule();
      });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(start, quietMs);
  };

  return {
    request() {
      pending = true;
      schedule();
    },
    async idle() {
      while (pending || running || timer) {
        await (running ?? new Promise((resolve) => setTimeout(resolve, 50)));
      }
    },
  };
}
