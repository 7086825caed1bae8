/**
 * Every page family is valid HTML by the Nu HTML Checker (the vnu-jar package, run on the
 * machine's Java): the built pages as the shop serves them, found by following the home page's
 * links, each checked for errors (warnings are advice and not counted).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

const FIXED_PAGES = [
  '/', '/products', '/blog', '/search?q=gift', '/wishlist', '/gender/for_him', '/quiz-detail/for_her', '/faq',
  '/contact', '/privacy', '/terms', '/login', '/auth', '/profile', '/price-alerts/unsubscribed', '/no-such-page',
  '/admin', '/admin/login', '/wishlist/shared/?list=not-a-token',
];

/** The first link on `path` matching `pattern`, as a path. */
async function firstLink(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(path)).text();
  const href = html.match(pattern)?.[1];
  if (!href) throw new Error(`No link matching ${pattern} on ${path}`);
  return href;
}

test('every page family passes the Nu HTML Checker without an error', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = [
    ...FIXED_PAGES,
    await firstLink(request, '/', /href="(\/products\/[0-9a-f-]{36})"/),
    await firstLink(request, '/', /href="(\/category\/[0-9a-f-]{36}\/[^"]+)"/),
    await firstLink(request, '/blog', /href="(\/blog-detail\/[^"]+)"/),
  ];
  const folder = await mkdtemp(join(tmpdir(), 'giftshop-vnu-'));
  try {
    const files: Record<string, string> = {};
    for (const [index, path] of pages.entries()) {
      const response = await request.get(path);
      const file = join(folder, `page-${index}.html`);
      await writeFile(file, await response.text());
      files[`file:${file}`] = path;
    }
    const args = ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...Object.keys(files).map((url) => url.slice('file:'.length))];
    const vnu = await promisify(execFile)('java', args, { maxBuffer: 16 * 1024 * 1024 })
      .catch((failure: { stderr?: string }) => ({ stderr: failure.stderr ?? '' }));
    // vnu writes its JSON report to stderr and exits 1 when it found errors.
    const messages = (JSON.parse(vnu.stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === 'error')
      .map((m) => `${files[m.url] ?? m.url}:${m.lastLine ?? '?'} ${m.message}`);
    expect(errors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
