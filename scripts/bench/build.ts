/**
 * `npm run bench:build`: how fast the whole site builds over a 10,000-product catalogue, and how
 * much memory the build takes.
 *
 * Prepares the catalogue (the demo topped up with the scale seed; copied from the search bench's
 * cached PGlite snapshot when there is one) in .data/bench-build/, serves it with a stand-in of its
 * own, and runs `astro build` in a child process into .data/bench-build/dist with its own Astro
 * cache — never dist/ or the shared shop. Two builds:
 * - cold: an empty Astro cache, so the content loaders read every row;
 * - warm: the content store of the cold build in place and one product renamed since, so the
 *   loaders read the one changed row (what a rebuild after an admin edit does).
 * For each: wall time, pages, pages/s over the whole build and over Astro's page generation alone,
 * and the build process's peak resident memory (GNU time's maximum RSS). Prints a table and a
 * verdict, writes bench-results/build.json and docs/benchmarks/build.md.
 *
 *   npm run bench:build
 *   npm run bench:build -- --products 2000 --cpu-prof
 *
 * Options: --products N (default 10000), --cpu-prof (a V8 CPU profile of each build in
 * .data/bench-build/profiles/, for `node --cpu-prof` analysis), --port N for the stand-in
 * (default 54397).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { ASTRO_NODE_OPTIONS } from '../lib/builder.ts';
import { load1m } from './report.ts';
import { DATA_DIR, ROOT, scaleCatalogueIn } from './shop-data.ts';
import { textTable } from './stats.ts';
import { handWrittenNotes, NOTES_MARKER } from './summary.ts';

const TARGET = { pagesPerSecond: 300, peakMb: 2048 };
const WORK = join(DATA_DIR, 'bench-build');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const RESULT_FILE = join(ROOT, 'bench-results', 'build.json');
const SUMMARY_FILE = join(ROOT, 'docs', 'benchmarks', 'build.md');

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    port: { type: 'string', default: '54397' },
    'cpu-prof': { type: 'boolean', default: false },
  },
  strict: true,
});
const products = Number(values.products);
const port = Number(values.port);
if (!Number.isInteger(products) || products < 400) {
  console.error(`--products wants a whole number of at least 400, not '${values.products}'.`);
  process.exit(2);
}
const command = ['npm run bench:build', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');

type Kind = 'cold' | 'warm';

interface BuildRun {
  kind: Kind;
  ok: boolean;
  wallSeconds: number;
  pages: number;
  /** Astro's own time for generating the pages (its "generating static routes" step). */
  renderSeconds: number | null;
  pagesPerSecond: number;
  renderPagesPerSecond: number | null;
  peakRssMb: number;
  /** CPU time of the build process and its threads (user + system), which a busy machine inflates less than the wall time. */
  cpuSeconds: number;
  /** Where the wall time went, from when each step's first line appeared (see PHASES). */
  phases: Partial<Record<Phase, number>>;
  /** What the content loaders said, e.g. "products: 1 changed, 0 removed, 10000 in all". */
  sync: string[];
  load1m: { start: number; end: number };
  log: string;
}

/**
 * The steps of `astro build`, each starting at the first output line matching its pattern: start-up
 * (Node, config, Vite) until the content sync starts, the sync itself, types and route scanning,
 * bundling (the server and client builds), getStaticPaths (until the first page is written), page
 * generation, and the rest (sitemap, build hooks, clean-up) until the process exits.
 */
const PHASES = [
  ['start-up', /^/],
  ['content sync', /\[content\] Syncing content/],
  ['types and routes', /\[content\] Synced content/],
  ['bundling', /Building static entrypoints/],
  ['getStaticPaths', /generating static routes/],
  ['pages', /[├└]─ \//],
  ['sitemap and finish', /^\S*\s*✓ Completed in/],
] as const;
type Phase = (typeof PHASES)[number][0];

/** Seconds spent in each phase, given when (ms since the start) each line appeared and when the build ended. */
export function phaseSeconds(lines: { at: number; text: string }[], endMs: number): Partial<Record<Phase, number>> {
  const starts: { phase: Phase; at: number }[] = [];
  let next = 0;
  for (const { at, text } of lines) {
    while (next < PHASES.length && PHASES[next]![1].test(text.replace(/^\d\d:\d\d:\d\d /, ''))) {
      starts.push({ phase: PHASES[next]![0], at: next === 0 ? 0 : at });
      next += 1;
    }
  }
  const phases: Partial<Record<Phase, number>> = {};
  starts.forEach(({ phase, at }, i) => (phases[phase] = Math.round(((starts[i + 1]?.at ?? endMs) - at) / 100) / 10));
  return phases;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Astro's durations: "532ms", "9.00s", "1m 9s". */
function durationSeconds(text: string): number | null {
  const match = /^(?:(\d+)m\s*)?(?:([\d.]+)(ms|s))?$/.exec(text.trim());
  if (!match || (!match[1] && !match[2])) return null;
  return Number(match[1] ?? 0) * 60 + (match[2] ? Number(match[2]) / (match[3] === 'ms' ? 1000 : 1) : 0);
}

/** The figures a build's output states: pages built, page generation time, the loaders' sync lines. */
export function readBuildOutput(output: string): { pages: number; renderSeconds: number | null; sync: string[] } {
  // Astro's colours and its timestamps are noise here.
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const pages = Number(/(\d+) page\(s\) built in/.exec(plain)?.[1] ?? Number.NaN);
  const generating = plain.indexOf('generating static routes');
  const completed = generating >= 0 ? /Completed in ((?:\d+m\s*)?[\d.]+(?:ms|s))\./.exec(plain.slice(generating)) : null;
  const renderSeconds = completed ? durationSeconds(completed[1]!) : null;
  const sync = [...plain.matchAll(/\b((?:products|blogs): \d+ changed, \d+ removed, \d+ in all)/g)].map((m) => m[1]!);
  return { pages, renderSeconds, sync };
}

/** Runs `astro build` under GNU time (for the child's maximum RSS); resolves with its output. */
async function astroBuild(kind: Kind, env: Record<string, string>): Promise<BuildRun> {
  const outDir = join(WORK, 'dist');
  const timeFile = join(WORK, `${kind}.time`);
  const logFile = join(WORK, `${kind}.log`);
  await rm(outDir, { recursive: true, force: true });
  // Built as `npm start` builds (scripts/lib/builder.ts), under GNU time.
  const node = [process.execPath, ...ASTRO_NODE_OPTIONS, ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(WORK, 'profiles', kind)}`] : [])];
  const loadStart = load1m();
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, ...node, ASTRO, 'build', '--outDir', outDir], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each line is stamped as it arrives, for the phases.
  const lines: { at: number; text: string }[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const at = performance.now() - started;
    const text = partial + chunk.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '');
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const line of complete) lines.push({ at, text: line });
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wall = performance.now() - started;
  if (partial) lines.push({ at: wall, text: partial });
  const output = lines.map((l) => l.text).join('\n');
  await writeFile(logFile, output);
  const [maxRssKb, userSeconds, systemSeconds] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number);
  const { pages, renderSeconds, sync } = readBuildOutput(output);
  return {
    kind,
    ok: code === 0,
    wallSeconds: seconds(wall),
    pages,
    renderSeconds,
    pagesPerSecond: Math.round(pages / (wall / 1000)),
    renderPagesPerSecond: renderSeconds ? Math.round(pages / renderSeconds) : null,
    peakRssMb: Math.round(maxRssKb! / 1024),
    cpuSeconds: Math.round((userSeconds! + systemSeconds!) * 10) / 10,
    phases: phaseSeconds(lines, wall),
    sync,
    load1m: { start: loadStart, end: load1m() },
    log: logFile,
  };
}

/** One admin-like edit between the builds: a product renamed, its updated_at moved on (as the admin save does). */
async function renameOneProduct(standIn: StandIn): Promise<string> {
  const { rows } = await standIn.db.query<{ id: string; name: string }>(
    `update public.products set name = name || ' (bench edit)', updated_at = now()
      where id = (select id from public.products order by created_at desc, id limit 1)
      returning id, name`,
  );
  return `${rows[0]!.name} (${rows[0]!.id})`;
}

const meets = (r: BuildRun) => r.ok && r.pagesPerSecond >= TARGET.pagesPerSecond && r.peakRssMb <= TARGET.peakMb;

function table(runs: BuildRun[]): string {
  return textTable(
    ['build', 'pages', 'wall s', 'pages/s', 'render s', 'render pages/s', 'CPU s', 'peak RSS MB', 'load 1m', 'content sync'],
    runs.map((r) => [
      r.kind, String(r.pages), r.wallSeconds, String(r.pagesPerSecond), r.renderSeconds === null ? '?' : r.renderSeconds.toFixed(1),
      String(r.renderPagesPerSecond ?? '?'), String(r.cpuSeconds), String(r.peakRssMb), `${r.load1m.start} → ${r.load1m.end}`, r.sync.join('; '),
    ]),
  );
}

/** The phases of each build, in seconds of wall time. */
function phaseTable(runs: BuildRun[]): { head: string[]; rows: string[][] } {
  return {
    head: ['phase', ...runs.map((r) => `${r.kind} s`)],
    rows: PHASES.map(([phase]) => [phase, ...runs.map((r) => String(r.phases[phase] ?? '?'))]),
  };
}

function verdict(runs: BuildRun[]): string {
  return runs
    .map((r) => `${r.kind}: ${meets(r) ? 'MET' : 'MISSED'} (${r.pagesPerSecond} pages/s, ${r.peakRssMb} MB${r.ok ? '' : ', the build failed'})`)
    .join('; ');
}

async function writeSummary(result: { date: string; catalogue: string; runs: BuildRun[]; edited: string }): Promise<void> {
  const previous = await readFile(SUMMARY_FILE, 'utf8').catch(() => '');
  const notes = handWrittenNotes(previous);
  const phases = phaseTable(result.runs);
  const rows = result.runs.map((r) =>
    `| ${r.kind} | ${r.pages} | ${r.wallSeconds} | ${r.pagesPerSecond} | ${r.renderSeconds ?? '?'} | ${r.renderPagesPerSecond ?? '?'} | ${r.cpuSeconds} | ${r.peakRssMb} | ${r.load1m.start} → ${r.load1m.end} | ${r.sync.join('; ')} |`);
  const text = [
    '# Build benchmark',
    '',
    `The whole static site built with \`astro build\` over ${result.catalogue}, served by a local stand-in`,
    'of its own. **cold**: an empty Astro cache, so the content loaders read every row. **warm**: the content',
    `store of the cold build in place and one product renamed since (${result.edited}), so the loaders read`,
    'only that row — what a rebuild after an admin edit does. pages/s is pages over the whole build\'s wall',
    'time (start-up, content sync, bundling, page generation, sitemap); render pages/s is pages over Astro\'s',
    'own page generation time. Peak RSS is the build process\'s maximum resident memory (GNU time).',
    '',
    `Run ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, Astro 7.`,
    `Command: \`${command}\` (options: \`--products N\`, \`--cpu-prof\`, \`--port N\`). The machine is shared: the load`,
    'average shows how busy it was.',
    '',
    '| build | pages | wall s | pages/s | render s | render pages/s | CPU s | peak RSS MB | load average (1 min) | content sync |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
    '',
    'Where the wall time went (from when each step\'s first line appeared in the build\'s output; CPU s is the',
    'build process\'s user + system time over all its threads, less inflated by a busy machine than wall time):',
    '',
    `| ${phases.head.join(' | ')} |`,
    `| --- | ${phases.head.slice(1).map(() => '---:').join(' | ')} |`,
    ...phases.rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Target (Scale issue): at least ${TARGET.pagesPerSecond} pages/s and at most ${TARGET.peakMb / 1024} GB on two cores — ${verdict(result.runs)}.`,
    '',
    NOTES_MARKER,
  ].join('\n');
  await mkdir(join(ROOT, 'docs', 'benchmarks'), { recursive: true });
  await writeFile(SUMMARY_FILE, text + notes);
}

const log = (message: string) => console.log(`[bench:build] ${message}`);
const cleanups = new Set<() => Promise<void>>();
let standIn: StandIn | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.allSettled([...cleanups].map((c) => c()))
      .then(() => standIn?.close())
      .finally(() => process.exit(130));
  });
}

const started = performance.now();
log(`preparing ${products.toLocaleString('en')} products in ${join(WORK, 'pglite')}…`);
await mkdir(WORK, { recursive: true });
await scaleCatalogueIn(join(WORK, 'pglite'), products, log, (cleanup) => void cleanups.add(cleanup));
standIn = await startStandIn({ port, dataDir: join(WORK, 'pglite') });
const counts = (await standIn.db.query<{ products: number; blogs: number }>(
  'select (select count(*)::int from public.products) as products, (select count(*)::int from public.blogs) as blogs',
)).rows[0]!;
const catalogue = `${counts.products.toLocaleString('en')} products and ${counts.blogs} blogs`;
log(`stand-in on ${standIn.url}: ${catalogue}`);

const cacheDir = join(WORK, 'astro-cache');
const env = {
  PUBLIC_SUPABASE_URL: standIn.url,
  PUBLIC_SUPABASE_ANON_KEY: standIn.anonKey,
  SITE_URL: 'http://localhost:8888',
  ASTRO_CACHE_DIR: cacheDir,
};
const runs: BuildRun[] = [];
let edited = '';
try {
  await rm(cacheDir, { recursive: true, force: true });
  log('cold build (empty Astro cache)…');
  runs.push(await astroBuild('cold', env));
  log(`  ${runs[0]!.ok ? 'done' : 'FAILED'} in ${runs[0]!.wallSeconds} s (output: ${runs[0]!.log})`);
  if (runs[0]!.ok) {
    edited = await renameOneProduct(standIn);
    log(`renamed ${edited}; warm build…`);
    runs.push(await astroBuild('warm', env));
    log(`  ${runs[1]!.ok ? 'done' : 'FAILED'} in ${runs[1]!.wallSeconds} s (output: ${runs[1]!.log})`);
  }
} finally {
  await standIn.close();
}

console.log(`\n${catalogue}, ${cpus().length} cores\n${table(runs)}`);
const phases = phaseTable(runs);
console.log(`\n${textTable(phases.head, phases.rows)}`);
console.log(`\nTarget ≥ ${TARGET.pagesPerSecond} pages/s and ≤ ${TARGET.peakMb} MB: ${verdict(runs)}`);
const result = { date: new Date().toISOString(), command, cores: cpus().length, catalogue, edited, runs, target: TARGET, met: runs.length === 2 && runs.every(meets) };
await mkdir(join(ROOT, 'bench-results'), { recursive: true });
await writeFile(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
await writeSummary(result);
console.log(`results: ${RESULT_FILE}, ${SUMMARY_FILE} (bench took ${seconds(performance.now() - started)} s)`);
process.exitCode = runs.every((r) => r.ok) ? 0 : 1;
