/**
 * Publishing a build points the output folder at it in one step: a reader never finds the site
 * missing, sees the new build right after, and the builds folder keeps the published build and
 * the one before it, no more.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildsFolder, publish } from '../../scripts/lib/builder.ts';

let work: string;
let outDir: string;

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'giftshop-publish-'));
  outDir = join(work, 'site');
});

afterEach(() => rm(work, { recursive: true, force: true }));

/** A finished build in the builds folder whose home page says `text`. */
async function build(text: string): Promise<string> {
  const folder = join(buildsFolder(outDir), `build-${text}`);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'index.html'), text);
  return folder;
}

const home = () => readFile(join(outDir, 'index.html'), 'utf8');

test('a reader never finds the site missing while builds are published one after another', async () => {
  await publish(await build('0'), outDir);
  let publishing = true;
  let reads = 0;
  const failures: string[] = [];
  const reader = (async () => {
    while (publishing) await home().then(() => reads++, (error: Error) => failures.push(error.message));
  })();
  for (let n = 1; n <= 30; n++) {
    await publish(await build(String(n)), outDir);
    expect(await home()).toBe(String(n));
  }
  publishing = false;
  await reader;
  expect(failures).toEqual([]);
  expect(reads).toBeGreaterThan(30);
});

test('the builds folder keeps the published build and the one before it', async () => {
  for (const text of ['a', 'b', 'c']) await (await publish(await build(text), outDir)).removed;
  expect((await readdir(buildsFolder(outDir))).sort()).toEqual(['build-b', 'build-c']);
  expect(await home()).toBe('c');
});

test('a build is live before the older builds are removed, and the next build is never among them', async () => {
  await publish(await build('a'), outDir);
  await publish(await build('b'), outDir);
  const { removed } = await publish(await build('c'), outDir);
  expect(await home()).toBe('c');
  const next = await build('d'); // started while build-a is still being removed
  await removed;
  expect((await readdir(buildsFolder(outDir))).sort()).toEqual(['build-b', 'build-c', 'build-d']);
  await (await publish(next, outDir)).removed;
  expect((await readdir(buildsFolder(outDir))).sort()).toEqual(['build-c', 'build-d']);
  expect(await home()).toBe('d');
});

test('an output folder that is a real folder (from `astro build`) is replaced by the build', async () => {
  await mkdir(outDir);
  await writeFile(join(outDir, 'index.html'), 'built by astro build');
  await (await publish(await build('first'), outDir)).removed;
  expect(await home()).toBe('first');
  expect(await readdir(buildsFolder(outDir))).toEqual(['build-first']);
});
