/**
 * The stand-in's HTTP plumbing: handlers are plain `(Request) => Response` functions (easy to call
 * from tests), served by node:http through a small adapter.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Database } from './db.ts';

export interface StandInContext {
  db: Database;
  jwtSecret: string;
  /** Where the stand-in is reachable, e.g. http://localhost:54321. */
  publicUrl: string;
  /** The shop's URL: the default place auth redirects return to. */
  siteUrl: string;
  /**
   * The most rows one read answers (hosted Supabase's API setting "max rows", PostgREST's
   * db-max-rows); null for no cap.
   */
  maxRows: number | null;
}

export type Handler = (request: Request, ctx: StandInContext) => Promise<Response>;

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function html(status: number, body: string, headers: HeadersInit = {}): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  });
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, ' +
    'content-profile, x-client-info, x-supabase-api-version, x-retry-count',
  'access-control-expose-headers':
    'content-range, content-location, location, x-total-count, link, x-supabase-api-version',
  'access-control-max-age': '86400',
};

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
}

async function send(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (method === 'HEAD' || response.body === null) {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Idle keep-alive connections stay open this long. Node closes them after 5 s and 1 s of grace by
 * default, which races a client that reuses one just then (ECONNRESET); hosted Supabase's gateway
 * and Netlify's edge keep them far longer, and clients' own idle limits are shorter than this.
 */
const KEEP_ALIVE_MS = 65_000;

/** Keeps the server's idle connections open as the hosted services do (KEEP_ALIVE_MS). */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed to arrive on a connection kept open that long.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** Serves a handler over HTTP; an exception becomes a 500 with a generic body, logged. */
export function serve(handler: (request: Request) => Promise<Response>): Server {
  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    try {
      if (method === 'OPTIONS') {
        await send(res, new Response(null, { status: 204 }), method);
        return;
      }
      await send(res, await handler(await toRequest(req)), method);
    } catch (error) {
      console.error('stand-in: unhandled error for', method, req.url, error);
      if (!res.headersSent) {
        await send(res, json(500, { message: 'Internal server error' }), method).catch(() => undefined);
      } else {
        res.destroy();
      }
    }
  });
  keepIdleConnections(server);
  return server;
}
