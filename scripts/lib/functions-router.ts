/**
 * Runs the Netlify functions of functions/ inside this process, as a warm Netlify instance runs
 * them: each module is imported once, and its default export answers every request that its
 * `config` names (path and methods). Other requests are not matched and go on to the site.
 *
 * Why not @netlify/dev's function emulation: it starts a worker thread and imports the function
 * afresh for every request, a cold start each time — 1 to 2 s per request on these machines, so
 * every admin save and every tracked click waited that long under `npm start`, 64 clients at once
 * made it time out, and the click batcher and limiter never saw a second request
 * (docs/benchmarks/clicks.md). The site itself is still served by the emulation.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';

const DEFAULT_FUNCTIONS_DIR = new URL('../../functions/', import.meta.url).pathname;

type Handler = (request: Request, context: Context) => Promise<Response> | Response;

interface FunctionRoute {
  /** The file's name without .ts, as Netlify names the function. */
  name: string;
  patterns: URLPattern[];
  /** Upper-case methods; null for every method. */
  methods: string[] | null;
  handler: Handler;
}

export interface FunctionsRouter {
  /** The function's answer to the request, or undefined when no function serves its path and method. */
  handle(req: IncomingMessage, url: URL): Promise<Response | undefined>;
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Imports every function of the folder (top-level .ts files, tests aside) once. */
export async function loadFunctions(dir = DEFAULT_FUNCTIONS_DIR): Promise<FunctionsRouter> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort();
  const routes: FunctionRoute[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { default?: unknown; config?: Config };
    // A scheduled function has no URL on Netlify either; the shop runs its work on its schedule.
    if (module.config?.schedule && !module.config.path) continue;
    const paths = asList(module.config?.path);
    if (typeof module.default !== 'function' || paths.length === 0) {
      throw new Error(`functions/${file}: the local router serves functions with a default export and a config.path only`);
    }
    const methods = asList(module.config?.method).map((method) => method.toUpperCase());
    routes.push({
      name: file.slice(0, -'.ts'.length),
      patterns: paths.map((pathname) => new URLPattern({ pathname })),
      methods: methods.length ? methods : null,
      handler: module.default as Handler,
    });
  }

  return {
    async handle(req, url) {
      const method = (req.method ?? 'GET').toUpperCase();
      for (const route of routes) {
        if (route.methods && !route.methods.includes(method)) continue;
        const match = route.patterns.map((pattern) => pattern.exec({ pathname: url.pathname })).find(Boolean);
        if (!match) continue;
        return route.handler(toRequest(req, url, method), context(req, url, match.pathname.groups, route.name));
      }
      return undefined;
    },
  };
}

/** The header Netlify's edge sets to the address it saw (functions/_shared/click-guard.ts). */
const CLIENT_ADDRESS_HEADER = 'x-nf-client-connection-ip';

function toRequest(req: IncomingMessage, url: URL, method: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of asList(value)) headers.append(name, one);
  }
  // As Netlify's edge does: the address the connection came from, whatever the client sent.
  headers.set(CLIENT_ADDRESS_HEADER, req.socket.remoteAddress ?? '');
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The parts of Netlify's Context a local run can know: the client's address (the socket's, as
 * the header), the path's parameters, a request id, the URL, and waitUntil — work that goes on
 * after the answer (an admin write's build hook call); here the process simply keeps running it.
 */
function context(req: IncomingMessage, url: URL, params: Record<string, string | undefined>, name: string): Context {
  const waitUntil = (promise: Promise<unknown>) =>
    void promise.catch((error: unknown) => console.error(`functions/${name}.ts: work after the answer failed`, error));
  return { ip: req.socket.remoteAddress ?? '', params, requestId: randomUUID(), url, waitUntil } as unknown as Context;
}
