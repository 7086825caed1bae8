/**
 * A published build reaches shoppers through the local site server (scripts/lib/site-server.ts)
 * as it would through Netlify's CDN: its pages at once, its new redirects once the server has
 * re-read them. The server restarts Netlify's emulation only for a build that changed _redirects
 * or _headers, which the emulation reads as it starts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildsFolder, publish } from '../../scripts/lib/builder.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/site-server.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

let shop: DemoShop;
let site: SiteServer;
let work: string;
let outDir: string;

/** Publishes a build whose home page says `home`, with these _redirects rules. */
async function publishBuild(name: string, home: string, redirects: string): Promise<void> {
  const build = join(buildsFolder(outDir), `build-${name}`);
  await mkdir(build, { recursive: true });
  await writeFile(join(build, 'index.html'), `<!doctype html><title>${home}</title><p>${home}</p>`);
  await writeFile(join(build, '_redirects'), redirects);
  await (await publish(build, outDir)).removed;
}

beforeAll(async () => {
  shop = await openDemoShop(); // the functions the server loads read their Supabase settings
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  work = await mkdtemp(join(tmpdir(), 'giftshop-site-publish-'));
  outDir = join(work, 'site');
  await publishBuild('a', 'first', '/old-a /a 301\n');
  site = await startSiteServer({ port: 0, publishDir: outDir });
});

afterAll(async () => {
  await site?.close();
  await shop?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const home = async () => (await fetch(`${site.url}/`)).text();
const redirect = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return [response.status, new URL(response.headers.get('location') ?? '', site.url).pathname];
};

test('a build that changes only pages is served as soon as it is published, without a restart', async () => {
  await publishBuild('b', 'second', '/old-a /a 301\n');
  expect(await home()).toContain('second');
  expect(await site.reload()).toBe(false);
  expect(await redirect('/old-a')).toEqual([301, '/a']);
});

test('a build with new redirects restarts the emulation, which then follows them', async () => {
  await publishBuild('c', 'third', '/old-a /a 301\n/old-c /c 301\n');
  expect(await site.reload()).toBe(true);
  expect(await home()).toContain('third');
  expect(await redirect('/old-c')).toEqual([301, '/c']);
});
