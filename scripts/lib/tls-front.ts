/**
 * HTTPS with HTTP/2 in front of a local site, as the CDN serves it. Netlify serves every site over
 * TLS only (plain HTTP is redirected) and speaks HTTP/2 to browsers, so a page's requests share one
 * warm connection after the document's TLS handshake. The local site server speaks plain HTTP/1.1,
 * where a browser opens up to six connections per origin, each with its own handshake and slow
 * start; a measurement of load times over it models a transport no shopper gets.
 *
 * With `edgeCache`, the front also keeps what Netlify's edge keeps: a page or asset it has served
 * once is answered from memory, as a CDN answers a deployed site's files, without asking the
 * origin again. A local origin answers each request with the emulation's routing, headers and
 * on-the-fly compression: 20–60 ms to the first byte and some 600 ms of CPU per load of the home
 * page, on the same two cores as the browser being measured. Lighthouse models each request's
 * server time from what it observed, and counts the browser's slowed tasks four times over.
 *
 * The certificate is a throwaway self-signed one for localhost, made with the system's openssl:
 * browsers measuring through the front must be told to accept it. Chromium told to trust its key
 * (--ignore-certificate-errors-spki-list with `spki`) treats it as a valid certificate; told only
 * to ignore certificate errors, it keeps nothing from the front in its HTTP cache, which no phone
 * on the CDN would do.
 */
import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TlsFrontOptions {
  /** Answer repeated GETs of cacheable answers from memory, as the CDN's edge does (see above). */
  edgeCache?: boolean;
}

export interface TlsFront {
  /** The front's origin, https://localhost:{port}. */
  url: string;
  /** The certificate's public key, hashed (SHA-256 of its SPKI, in base64) as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spki: string;
  stop(): Promise<void>;
}

/** Headers that belong to one hop (HTTP/1.1 connection management, HTTP/2 pseudo-headers) and are not passed on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'http2-settings', 'proxy-connection']);

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_HEADERS.has(name)));
}

async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'tls-front-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
    ]).catch((error: unknown) => {
      throw new Error(`Making a certificate for the HTTPS front needs the openssl command (Debian: apt-get install openssl): ${String(error)}`);
    });
    return { key: await readFile(key), cert: await readFile(cert) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An answer kept at the edge: its status, headers and body as the origin sent them (compressed). */
interface KeptAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Whether the edge may keep an answer: a whole 200 that sets no cookie and that neither Netlify's
 * own cache header nor Cache-Control keeps from shared caches. The site's files qualify (Netlify
 * keeps them until the next deploy); the functions' answers say `no-store`.
 */
function keptAtEdge(status: number, headers: IncomingHttpHeaders): boolean {
  if (status !== 200 || headers['set-cookie']) return false;
  const policy = String(headers['netlify-cdn-cache-control'] ?? headers['cache-control'] ?? '');
  return !/\b(no-store|private)\b/i.test(policy);
}

/** The edge's key for a request: its path and query, and the encodings it accepts (the answers vary by them). */
const edgeKey = (req: Http2ServerRequest) => `${req.url} ${String(req.headers['accept-encoding'] ?? '')}`;

/**
 * Starts the front on a free port; every request is passed to `site` as it came, and its answer
 * back as it comes (or, with `edgeCache`, from memory once kept).
 */
export async function startTlsFront(site: string, options: TlsFrontOptions = {}): Promise<TlsFront> {
  const target = new URL(site);
  const edge = new Map<string, KeptAnswer>();
  const forward = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const key = options.edgeCache && req.method === 'GET' ? edgeKey(req) : null;
    const kept = key === null ? undefined : edge.get(key);
    if (kept) {
      res.writeHead(kept.status, kept.headers);
      res.end(kept.body);
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...passedOn(req.headers), host: target.host } },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const headers = passedOn(answer.headers);
        res.writeHead(status, headers);
        answer.pipe(res);
        if (key === null || !keptAtEdge(status, headers)) return;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          if (answer.complete) edge.set(key, { status, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  const certificate = await selfSignedCertificate();
  const server = createSecureServer({ ...certificate, allowHTTP1: true }, forward);
  // A browser keeps its HTTP/2 session open: closing the server waits for every session to end.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    spki: createHash('sha256').update(new X509Certificate(certificate.cert).publicKey.export({ type: 'spki', format: 'der' })).digest('base64'),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
