/**
 * HTTPS with HTTP/2 in front of a local site, as the CDN serves it. Netlify serves every site over
 * TLS only (plain HTTP is redirected) and speaks HTTP/2 to browsers, so a page's requests share one
 * warm connection after the document's TLS handshake. The local site server speaks plain HTTP/1.1,
 * where a browser opens up to six connections per origin, each with its own handshake and slow
 * start; a measurement of load times over it models a transport no shopper gets.
 *
 * The certificate is a throwaway self-signed one for localhost, made with the system's openssl:
 * browsers measuring through the front must be told to accept it (--ignore-certificate-errors).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TlsFront {
  /** The front's origin, https://localhost:{port}. */
  url: string;
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

/** Starts the front on a free port; every request is passed to `site` as it came, and its answer back as it comes. */
export async function startTlsFront(site: string): Promise<TlsFront> {
  const target = new URL(site);
  const forward = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...passedOn(req.headers), host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  const server = createSecureServer({ ...(await selfSignedCertificate()), allowHTTP1: true }, forward);
  // A browser keeps its HTTP/2 session open: closing the server waits for every session to end.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
