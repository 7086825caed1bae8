/**
 * Serves the built site as Netlify would: the functions first (functions-router.ts runs them in
 * this process, as warm instances), then dist/ (or another publish folder) with _redirects,
 * [[headers]], _headers and 404.html for a path nothing matched, through @netlify/dev (Netlify's
 * own emulation library) with everything that needs the network or an account turned off. Also
 * answers the build hook: a POST to BUILD_HOOK_PATH asks for a rebuild (debounced by the
 * Rebuilder), after which the site's emulation restarts if the build changed _redirects or
 * _headers (it reads the pages themselves at each request).
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { keepIdleConnections } from '../../supabase/local/http.ts';
import { loadFunctions } from './functions-router.ts';
import { normalizedTarget } from './request-path.ts';
import { parseRedirects, rewriteStatus, type RewriteRule } from './rewrite-status.ts';

export const BUILD_HOOK_PATH = '/.netlify/build-hook';
/** Local only: the state of the latest rebuild, for scripts that wait for one (GET). */
export const BUILD_STATUS_PATH = '/.netlify/build-status';

const root = new URL('../../', import.meta.url).pathname;
const DEFAULT_PUBLISH_DIR = join(root, 'dist');

/** The files of the publish folder the emulation reads once, as it starts ('' for one the build has not). */
interface StartupFiles {
  redirects: string;
  headers: string;
}

function readStartupFiles(publishDir: string): StartupFiles {
  const read = (name: string) => {
    try {
      return readFileSync(join(publishDir, name), 'utf8');
    } catch {
      return '';
    }
  };
  return { redirects: read('_redirects'), headers: read('_headers') };
}

/**
 * The folder the emulation of a site in another publish folder (a bench's or a test's own build)
 * reads netlify.toml from. @netlify/dev takes the publish folder only from netlify.toml, so this
 * generated root, beside the publish folder, holds the project's netlify.toml as it is and a link
 * named as it names the publish folder, pointing at the site's folder.
 */
function siteRoot(publishDir: string): string {
  const config = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const publish = /^\s*publish\s*=\s*"([\w.-]+)"/m.exec(config)?.[1];
  if (!publish) throw new Error('site server: netlify.toml names no plain `publish` folder under [build]; update siteRoot()');
  const generated = `${resolve(publishDir)}-netlify`;
  mkdirSync(generated, { recursive: true });
  writeFileSync(join(generated, 'netlify.toml'), config);
  rmSync(join(generated, publish), { force: true, recursive: true });
  symlinkSync(resolve(publishDir), join(generated, publish));
  return generated;
}

export interface SiteServer {
  url: string;
  /**
   * After a build: restarts the emulation when the publish folder's _redirects or _headers changed
   * (it reads those once, as it starts; the pages it reads at each request, so a build that changed
   * only pages is served as soon as it is published). Answers whether it restarted.
   */
  reload(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SiteServerOptions {
  port: number;
  /** The built site to serve (default dist/); the folder buildSite publishes into. */
  publishDir?: string;
  /** Called for each POST to the build hook. */
  onBuildHook?: () => void;
  /** Answers GET BUILD_STATUS_PATH. */
  buildStatus?: () => unknown;
}

/**
 * The emulation of the site in a publish folder: dist/ from the project itself; another publish
 * folder (a bench's or a test's own build) from a generated root that names it (siteRoot).
 */
async function startEmulation(publishDir: string): Promise<NetlifyDev> {
  const off = { enabled: false };
  const dev = new NetlifyDev({
    projectRoot: resolve(publishDir) === DEFAULT_PUBLISH_DIR ? root : siteRoot(publishDir),
    aiGateway: off,
    blobs: off,
    database: off,
    edgeFunctions: off,
    geolocation: off,
    images: off,
    server: off,
    environmentVariables: off,
    functions: off,
    staticFiles: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    serverAddress: null,
    logger: { ...console, log: () => undefined, info: () => undefined } as unknown as Console,
  });
  await dev.start();
  return dev;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/** Netlify's CDN compresses text responses; so does this server, so page weights match production. */
function compressorFor(req: IncomingMessage, response: Response) {
  const type = response.headers.get('content-type') ?? '';
  if (!COMPRESSIBLE.test(type) || response.headers.has('content-encoding') || response.status === 204) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return { encoding: 'br', stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip() };
  return null;
}

/** The errors a stream pipeline ends with when the client closed the connection first. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_UNABLE_TO_PIPE', 'ERR_STREAM_DESTROYED']);

async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response, headers: Record<string, string>) {
  const merged: Record<string, string | string[]> = { ...headers };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') merged[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) merged['set-cookie'] = cookies;
  const compressor = response.body ? compressorFor(req, response) : null;
  if (compressor) {
    merged['content-encoding'] = compressor.encoding;
    merged.vary = 'Accept-Encoding';
    delete merged['content-length'];
  }
  res.writeHead(response.status, merged);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  // A file can vanish while it is streamed (a rebuild published a new site and an older build's
  // folder was removed): that ends this response, never the server. A browser that navigated
  // away mid-download is routine and not worth a line in the log.
  const streams = compressor ? [body, compressor.stream, res] : [body, res];
  await pipeline(streams).catch((error: NodeJS.ErrnoException) => {
    if (!CLIENT_GONE.has(error.code ?? '')) console.warn('site server: response cut short', req.method, req.url, error.message);
    res.destroy();
  });
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const publishDir = options.publishDir ?? DEFAULT_PUBLISH_DIR;
  // The functions run in this process; they learn that this is local development the way
  // `netlify dev` tells them (it is what lets the machine itself click without a limit).
  const netlifyDevBefore = process.env.NETLIFY_DEV;
  process.env.NETLIFY_DEV = 'true';
  const functions = await loadFunctions();
  let loaded = readStartupFiles(publishDir);
  let emulation = await startEmulation(publishDir);
  let rewriteRules: RewriteRule[] = parseRedirects(loaded.redirects);

  /** Netlify answers a path nothing matched with the site's 404.html; the emulation does not. */
  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    const notFoundHeaders: Record<string, string> = {};
    const notFound = await emulation.handleAndIntrospect(new Request(`http://${req.headers.host ?? 'localhost'}/404.html`), {
      headersCollector: (name, value) => {
        notFoundHeaders[name.toLowerCase()] = value;
      },
    });
    if (notFound?.response.ok) {
      const { body, headers: pageHeaders } = notFound.response;
      await sendResponse(req, res, new Response(body, { status: 404, headers: pageHeaders }), notFoundHeaders);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (req.url?.split('?')[0] === BUILD_HOOK_PATH) {
        if (req.method !== 'POST') {
          res.writeHead(405, { allow: 'POST' }).end();
          return;
        }
        req.resume();
        options.onBuildHook?.();
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
        return;
      }
      if (req.url?.split('?')[0] === BUILD_STATUS_PATH && options.buildStatus) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(options.buildStatus()));
        return;
      }
      // As Netlify's edge does: the address the connection came from, whatever the client sent
      // (the functions router sets it again for the functions it serves).
      const address = req.socket.remoteAddress ?? '';
      req.headers['x-forwarded-for'] = address;
      req.headers['x-nf-client-connection-ip'] = address;
      const target = normalizedTarget(req.url ?? '/');
      if (target === null) {
        await sendNotFound(req, res);
        return;
      }
      req.url = target;
      const url = new URL(target, `http://${req.headers.host ?? 'localhost'}`);
      const answer = await functions.handle(req, url);
      if (answer) {
        await sendResponse(req, res, answer, {});
        return;
      }
      const headers: Record<string, string> = {};
      const match = await emulation.handleAndIntrospectNodeRequest(req, {
        headersCollector: (name, value) => {
          headers[name.toLowerCase()] = value;
        },
      });
      if (match) {
        // The emulation answers every rewrite with 200; Netlify with the rule's status (404 pages).
        const status = match.type === 'redirect' && match.response.status === 200
          ? rewriteStatus(rewriteRules, new URL(req.url ?? '/', 'http://localhost'), publishDir)
          : undefined;
        const { response } = match;
        await sendResponse(req, res, status && status !== 200 ? new Response(response.body, { status, headers: response.headers }) : response, headers);
        return;
      }
      await sendNotFound(req, res);
    } catch (error) {
      console.error('site server: request failed', req.method, req.url, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      else res.destroy();
    }
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    async reload() {
      const files = readStartupFiles(publishDir);
      if (files.redirects === loaded.redirects && files.headers === loaded.headers) return false;
      const next = await startEmulation(publishDir);
      const previous = emulation;
      emulation = next;
      loaded = files;
      rewriteRules = parseRedirects(files.redirects);
      await previous.stop();
      return true;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await emulation.stop();
      if (netlifyDevBefore === undefined) delete process.env.NETLIFY_DEV;
      else process.env.NETLIFY_DEV = netlifyDevBefore;
    },
  };
}
