/**
 * Builds the site with Astro in a child process into a folder of its own and only then publishes
 * it, so a failed build leaves the previous site serving. The Rebuilder coalesces a burst of
 * build requests into one build, and never drops a request that arrives while a build runs.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { LINKED_BUILD_ENV } from '../../src/lib/linked-build.ts';
import { dropKeys, linkCarriedPages, noteKeysWrittenBy, pruneUncarriedPages } from './carried-pages.ts';

const root = new URL('../../', import.meta.url).pathname;
const ASTRO = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** Where `npm start` publishes, and what netlify.toml names as the publish folder. */
export const DEFAULT_OUT_DIR = join(root, 'dist');
/** Astro's cache folder when BuildOptions.cacheDir is not given (astro.config.mjs: cacheDir). */
const DEFAULT_CACHE_DIR = join(root, 'node_modules', '.astro');
/**
 * Node options for the build process: a build makes a great many short-lived strings (each page's
 * HTML), and a larger young generation lets the garbage collector sweep them up less often. Over
 * three alternating 3,000-product builds it took 20% less user CPU time (11.6 s against 14.5 s)
 * and 10% less memory; 64 MB did worse than 32 (docs/benchmarks/build.md).
 */
export const ASTRO_NODE_OPTIONS = ['--max-semi-space-size=32'];

export interface BuildOptions {
  /** Where the finished site is published (default dist/): a link to the build's own folder. */
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
  pages: PageCounts;
  /** The build process's peak resident memory in MB (0 where /proc cannot tell). */
  peakMemoryMb: number;
}

export interface PageCounts {
  /** Pages rendered by this build. */
  rendered: number;
  /** Pages copied from the previous build, their data and code unchanged (astro.config: incrementalBuild). */
  carried: number;
}

/**
 * How many pages a build rendered and how many it carried over, read from Astro's log of the
 * static routes: a line per page ('├─ /products/…/index.html'), which ends '(restored)' or
 * '(cached)' when the page was carried over.
 */
export function pageCounts(output: string): PageCounts {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // without colours
  const start = plain.indexOf('generating static routes');
  if (start < 0) return { rendered: 0, carried: 0 };
  const end = plain.indexOf('Completed in', start);
  const pages = plain.slice(start, end < 0 ? undefined : end).split('\n').filter((line) => line.includes('├─'));
  const carried = pages.filter((line) => /\((restored|cached)\)/.test(line)).length;
  return { rendered: pages.length - carried, carried };
}

/**
 * Follows a process's peak resident memory (Linux's VmHWM, the high-water mark the kernel keeps),
 * read every 200 ms while it runs; `stop` answers the last reading in MB.
 */
function watchPeakMemory(pid: number | undefined): { stop(): number } {
  let peakKb = 0;
  const read = () => {
    if (pid === undefined) return;
    try {
      const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peakKb = Math.max(peakKb, Number(match[1]));
    } catch {
      // Not on Linux, or the process has just ended: keep the last reading.
    }
  };
  const timer = setInterval(read, 200);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peakKb / 1024);
    },
  };
}

/**
 * The folder the builds of an output folder live in, beside it (dist/ → .dist-builds/), so that
 * publishing is a rename on one disk.
 */
export function buildsFolder(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}-builds`);
}

export async function buildSite(env: Record<string, string>, options: BuildOptions = {}): Promise<BuildResult> {
  const started = Date.now();
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const builds = buildsFolder(outDir);
  await mkdir(builds, { recursive: true });
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const build = await mkdtemp(join(builds, 'build-'));
  await chmod(build, 0o755); // mkdtemp's folder is private; a site is not
  const linked = await linkCarriedPages(cacheDir, await publishedBuild(outDir), build);
  const child = spawn(process.execPath, [...ASTRO_NODE_OPTIONS, ASTRO, 'build', '--outDir', build], {
    cwd: root,
    env: { ...process.env, ...env, ASTRO_CACHE_DIR: cacheDir, [LINKED_BUILD_ENV]: build },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const memory = watchPeakMemory(child.pid);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const peakMemoryMb = memory.stop();
  if (code !== 0) {
    await rm(build, { recursive: true, force: true });
    // Astro updates its copies of the pages as it renders them and their keys only at the end: after
    // a failed build the copies may be newer than the keys, so the next build starts afresh.
    await dropKeys(cacheDir);
    return { ok: false, milliseconds: Date.now() - started, output, pages: pageCounts(output), peakMemoryMb };
  }
  await pruneUncarriedPages(cacheDir, build, linked);
  await publish(build, outDir);
  await noteKeysWrittenBy(cacheDir, build);
  return { ok: true, milliseconds: Date.now() - started, output, pages: pageCounts(output), peakMemoryMb };
}

/** The build folder the output folder points at, or null when it is no link (nothing built yet, or `astro build`'s own folder). */
async function publishedBuild(outDir: string): Promise<string | null> {
  return readlink(outDir).then((target) => join(dirname(outDir), target), () => null);
}

/**
 * Points the output folder at a finished build. The output folder is a symbolic link, replaced by
 * renaming a new link over it: one atomic step, so a request never finds the site missing or half
 * old and half new (a folder cannot be renamed over a folder; swapping two folders left a moment
 * with none, and images requested in it failed). The build published before stays on disk until
 * the next publish, for a server still reading through a path it resolved earlier; older ones go.
 * Answers once the build is live; the older builds are removed after that, off the way of the
 * edit to the live site (a 10,000-product build is 1.3 GB of files), by a process of their own
 * (removeFolders): `removed` settles when they are gone, and never fails (a build that could not
 * be removed is logged and tried again next time).
 */
export async function publish(build: string, outDir: string): Promise<{ removed: Promise<void> }> {
  const builds = dirname(build);
  const previous = await publishedBuild(outDir);
  const link = `${build}.link`;
  await symlink(relative(dirname(outDir), build), link);
  // An output folder that is a real folder (from `astro build`, or an older checkout's swap) is
  // moved into the builds folder first; that once, there is a moment with no site.
  const existing = await lstat(outDir).catch(() => null);
  if (existing?.isDirectory()) await rename(outDir, `${build}.replaced`);
  await rename(link, outDir);
  // Listed now: the next build's folder, made after this one is published, is never among them.
  const stale = (await readdir(builds)).map((name) => join(builds, name)).filter((path) => path !== build && path !== previous);
  const removed = removeFolders(stale).catch((error: unknown) => console.error(`Could not remove an old build in ${builds}:`, error));
  return { removed };
}

/**
 * Removes folders and everything in them, in a child process. Removed here, an old 10,000-page
 * build's tens of thousands of unlinks queue on this process's I/O threads, which the site server
 * reads pages through in `npm start`: a page request right after a publish waited 1.3 s for them.
 */
async function removeFolders(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const script = 'for (const path of process.argv.slice(1)) require("node:fs").rmSync(path, { recursive: true, force: true });';
  const child = spawn(process.execPath, ['-e', script, ...paths], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  if (code !== 0) throw new Error(`removing ${paths.join(', ')} failed (exit code ${code}): ${errors.trim()}`);
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
