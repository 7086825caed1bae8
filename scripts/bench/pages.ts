/**
 * `npm run bench:pages`: Lighthouse (mobile, its default simulated throttling) on the home page, a
 * product, a category, a blog article and /products, plus the JavaScript a product page loads.
 * Prints the scores and writes them to bench-results/pages.json and docs/benchmarks/pages.md.
 *
 *   node scripts/bench/pages.ts                       start a shop of its own (ports 8895/54395) and measure it
 *   node scripts/bench/pages.ts --url http://localhost:8888   measure a shop that is already running
 *   node scripts/bench/pages.ts --page product                 measure one page family only (home, product, category, blog article, products)
 *
 * Targets (Storefront issue): performance ≥ 95, accessibility and best practices 100 on each page,
 * SEO 100 on every indexable page, CLS ≤ 0.02, at most 90 KB of gzipped JavaScript on a product page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../../tests/e2e/support/chromium.ts';
import { startShop } from '../lib/shop.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.02, productJsKb: 90 };

interface PageResult {
  name: string;
  url: string;
  indexable: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page loaded, gzipped (bodies only, level 9; not the HTTP headers). */
  scriptKb: number;
}

/** The pages to measure, found by following links from the home page. */
async function pagesOf(site: string): Promise<{ name: string; url: string }[]> {
  const home = await (await fetch(site)).text();
  const first = (pattern: RegExp) => {
    const match = home.match(pattern);
    if (!match) throw new Error(`No link matching ${pattern} on the home page`);
    return new URL(match[1]!, site).toString();
  };
  const blog = await (await fetch(new URL('/blog', site))).text();
  const article = blog.match(/href="(\/blog-detail\/[^"]+)"/)?.[1];
  if (!article) throw new Error('No article link on /blog');
  return [
    { name: 'home', url: site },
    { name: 'product', url: first(/href="(\/products\/[0-9a-f-]{36})"/) },
    { name: 'category', url: first(/href="(\/category\/[0-9a-f-]{36}\/[a-z0-9-]+)"/) },
    { name: 'blog article', url: new URL(article, site).toString() },
    { name: 'products', url: new URL('/products', site).toString() },
  ];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** The gzipped size of the scripts' bodies: what "gzipped JavaScript" means, free of header overhead. */
async function gzippedSize(urls: string[]): Promise<number> {
  const sizes = await Promise.all(urls.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function measure(port: number, page: { name: string; url: string }): Promise<PageResult> {
  const result = await lighthouse(page.url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
  const { lhr } = result;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] } | undefined)?.items ?? [];
  const scriptBytes = await gzippedSize(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url));
  const robots = lhr.audits['is-crawlable']?.score;
  return {
    ...page,
    indexable: robots === 1,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    scriptKb: Number((scriptBytes / 1024).toFixed(1)),
  };
}

function failures(r: PageResult): string[] {
  const missed: string[] = [];
  if (r.performance < TARGETS.performance) missed.push(`performance ${r.performance} < ${TARGETS.performance}`);
  if (r.accessibility < TARGETS.accessibility) missed.push(`accessibility ${r.accessibility}`);
  if (r.bestPractices < TARGETS.bestPractices) missed.push(`best practices ${r.bestPractices}`);
  if (r.indexable && r.seo < TARGETS.seo) missed.push(`SEO ${r.seo}`);
  if (r.cls > TARGETS.cls) missed.push(`CLS ${r.cls}`);
  if (r.name === 'product' && r.scriptKb > TARGETS.productJsKb) missed.push(`JS ${r.scriptKb} KB > ${TARGETS.productJsKb} KB`);
  return missed;
}

function markdown(results: PageResult[], site: string): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.indexable ? r.seo : `${r.seo} (noindex)`} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.scriptKb} | ${failures(r).join('; ') || 'met'} |`,
  );
  return `# Page benchmarks (Lighthouse, mobile)

Measured ${new Date().toISOString()} with \`npm run bench:pages\` against ${site}, on a shared
2-core machine (Lighthouse's simulated mobile throttling; the local server compresses like the CDN).
Targets: performance ≥ ${TARGETS.performance}, accessibility and best practices 100, SEO 100 on indexable
pages, CLS ≤ ${TARGETS.cls}, at most ${TARGETS.productJsKb} KB of gzipped JavaScript on a product page.

| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | JS KB (gz) | targets |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

const { values } = parseArgs({ options: { url: { type: 'string' }, page: { type: 'string' } } });
let stop = async () => undefined as unknown;
let site = values.url;
if (!site) {
  const shop = await startShop({ sitePort: 8895, supabasePort: 54395, dataDir: join(ROOT, '.data', 'bench-pglite'), log: () => undefined });
  site = shop.siteUrl;
  stop = () => shop.stop();
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const results: PageResult[] = [];
try {
  for (const page of (await pagesOf(site)).filter((p) => !values.page || p.name === values.page)) {
    const result = await measure(chrome.port, page);
    results.push(result);
    console.log(
      `${result.name.padEnd(13)} perf ${result.performance}  a11y ${result.accessibility}  bp ${result.bestPractices}  seo ${result.seo}${result.indexable ? '' : ' (noindex)'}  LCP ${result.lcpMs} ms  TBT ${result.tbtMs} ms  CLS ${result.cls}  JS ${result.scriptKb} KB  ${failures(result).join('; ') || '✓ targets met'}`,
    );
  }
} finally {
  chrome.kill();
  await stop();
}

await mkdir(join(ROOT, 'bench-results'), { recursive: true });
await writeFile(join(ROOT, 'bench-results', 'pages.json'), JSON.stringify({ site, date: new Date().toISOString(), results }, null, 2));
await mkdir(join(ROOT, 'docs', 'benchmarks'), { recursive: true });
await writeFile(join(ROOT, 'docs', 'benchmarks', 'pages.md'), markdown(results, site));
const missed = results.flatMap(failures);
console.log(missed.length ? `\nTargets missed: ${missed.length}` : '\nAll targets met.');
