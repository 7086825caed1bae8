/**
 * /api/admin/prices — retailer price feeds: the admin uploads a CSV, sees the last imports, and
 * sets each platform's feed URL (fetched daily by price-feeds-daily).
 *
 *   POST  the CSV file as the body (Content-Type: text/csv; gzip it with Content-Encoding: gzip),
 *         its name in X-File-Name (URI-encoded) or ?file=   200 the import's report
 *   GET   { imports: the last 20 reports, newest first, feeds: one per platform }
 *   PUT   { platform_id, url, enabled }   200 the platform's feed; url '' removes it
 *
 * A file refused as a whole (not CSV text, wrong header, empty, larger than 20 MB, more than
 * 200,000 rows) is answered 400 with the reason and changes nothing; a body announced larger than
 * the limit is refused (413) before it is read. 401 'Sign in as an admin'; 403 'Admins only'.
 * A report that imported rows asks for a rebuild (after-price-import.ts).
 */
import type { Config } from '@netlify/functions';
import { feedSaveSchema } from '../src/features/admin/prices/schemas.ts';
import { readBody, requireAdmin, type AdminContext } from './_shared/admin.ts';
import { afterPriceImport } from './_shared/after-price-import.ts';
import { isLocalDevelopment } from './_shared/click-guard.ts';
import { SUPABASE_DEADLINE_MS, withDeadline } from './_shared/deadline.ts';
import { clipText, FieldError, HttpError, json, respond } from './_shared/http.ts';
import { feedHostProblem } from './_shared/price-import/feed-fetch.ts';
import { importPrices, type ImportReport } from './_shared/price-import/import.ts';
import { MAX_FILE_BYTES, TOO_LARGE } from './_shared/price-import/read.ts';
import { PriceFileError } from './_shared/price-import/rules.ts';
import { serviceDb } from './_shared/supabase.ts';

/** How many imports GET lists. */
export const RECENT_IMPORTS = 20;
const IMPORT_COLUMNS = 'id, source, feed_id, platform_id, file_name, imported_by, started_at, finished_at, status, imported, duplicates, rejected, rejections, failure';
/** What a browser may call a CSV file. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);

type Route = (request: Request, context?: AdminContext) => Promise<Response>;

const routes: Record<string, Route> = { GET: list, POST: upload, PUT: saveFeed };

export default (request: Request, context?: AdminContext): Promise<Response> =>
  respond('admin-prices', async () => {
    const route = routes[request.method];
    if (!route) return json(405, { error: 'Use GET, POST, PUT' }, { allow: 'GET, POST, PUT' });
    return route(request, context);
  });

async function list(request: Request): Promise<Response> {
  return withDeadline(SUPABASE_DEADLINE_MS, async () => {
    await requireAdmin(request);
    const db = serviceDb();
    const [imports, feeds] = await Promise.all([
      db.from('price_imports').select(IMPORT_COLUMNS).order('finished_at', { ascending: false }).order('id', { ascending: false }).limit(RECENT_IMPORTS),
      db.from('price_feeds').select('id, platform_id, url, enabled, updated_at'),
    ]);
    if (imports.error) throw new Error('admin-prices: reading price_imports failed', { cause: imports.error });
    if (feeds.error) throw new Error('admin-prices: reading price_feeds failed', { cause: feeds.error });
    return json(200, { imports: imports.data, feeds: feeds.data });
  });
}

/** The file's name as the page sent it: X-File-Name (URI-encoded) or ?file=. */
function fileNameOf(request: Request): string {
  const header = request.headers.get('x-file-name');
  let name = new URL(request.url).searchParams.get('file') ?? '';
  if (header) {
    try {
      name = decodeURIComponent(header);
    } catch {
      name = header;
    }
  }
  return clipText(name.trim(), 200) || 'upload.csv';
}

async function upload(request: Request, context?: AdminContext): Promise<Response> {
  const admin = await withDeadline(SUPABASE_DEADLINE_MS, () => requireAdmin(request));
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.has(type)) throw new HttpError(415, 'Send the price file as CSV (Content-Type: text/csv)');
  const encoding = (request.headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity' && encoding !== 'gzip') throw new HttpError(415, 'Send the price file uncompressed or gzip-compressed');
  const announced = Number(request.headers.get('content-length') ?? Number.NaN);
  if (announced > MAX_FILE_BYTES) throw new HttpError(413, TOO_LARGE);
  if (!request.body) throw new HttpError(400, 'The file is empty: it needs the header product_id, platform, price, scraped_at and rows');

  let report: ImportReport;
  try {
    report = await importPrices(request.body, { source: 'upload', fileName: fileNameOf(request), importer: admin.userId }, {
      gzip: encoding === 'gzip',
    });
  } catch (error) {
    if (error instanceof PriceFileError) throw new HttpError(400, error.message);
    throw error;
  }
  console.info(`admin-prices: ${report.file_name} imported by ${admin.email ?? admin.userId}: ${summary(report)}`);
  if (report.imported > 0) {
    const after = afterPriceImport(`prices imported from ${report.file_name}`);
    if (context?.waitUntil) context.waitUntil(after);
    else await after;
  }
  return json(200, report);
}

export const summary = (r: ImportReport) => `${r.imported} imported, ${r.duplicates} duplicates, ${r.rejected} rejected`;

async function saveFeed(request: Request): Promise<Response> {
  return withDeadline(SUPABASE_DEADLINE_MS, async () => {
    const admin = await requireAdmin(request);
    const feed = await readBody(request, feedSaveSchema);
    // Local development's feeds are served from this machine, as they may be fetched (feed-fetch.ts).
    const hostProblem = feed.url !== '' && !isLocalDevelopment() ? feedHostProblem(feed.url) : null;
    if (hostProblem) throw new FieldError('url', hostProblem);
    const db = serviceDb();
    const platform = await db.from('platforms').select('id, name').eq('id', feed.platform_id).maybeSingle();
    if (platform.error) throw new Error('admin-prices: reading the platform failed', { cause: platform.error });
    if (!platform.data) throw new HttpError(404, 'Platform not found');
    if (feed.url === '') {
      const { error } = await db.from('price_feeds').delete().eq('platform_id', feed.platform_id);
      if (error) throw new Error('admin-prices: removing the feed failed', { cause: error });
      console.info(`admin-prices: feed of ${platform.data.name} removed by ${admin.email ?? admin.userId}`);
      return json(200, { platform_id: feed.platform_id, url: '', enabled: false });
    }
    const { data, error } = await db.from('price_feeds')
      .upsert({ platform_id: feed.platform_id, url: feed.url, enabled: feed.enabled }, { onConflict: 'platform_id' })
      .select('id, platform_id, url, enabled, updated_at').single();
    if (error) throw new Error('admin-prices: saving the feed failed', { cause: error });
    console.info(`admin-prices: feed of ${platform.data.name} set to ${feed.url} by ${admin.email ?? admin.userId}`);
    return json(200, data);
  });
}

export const config: Config = { path: '/api/admin/prices', method: ['GET', 'POST', 'PUT'] };
