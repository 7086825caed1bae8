/**
 * The local stand-in for hosted Supabase: the HTTP API supabase-js speaks (PostgREST at /rest/v1,
 * GoTrue at /auth/v1) over the project's own migrations, plus a mail outbox page.
 *
 *   node supabase/local/server.ts          boot on .data/pglite (or DATABASE_URL) and serve
 *
 * With smtpPort it also runs an SMTP server (smtp.ts) whose mail lands in the outbox.
 *
 * Started by scripts/start.ts as part of `npm start`; tests start it in-process with startStandIn.
 */
import type { AddressInfo } from 'node:net';
import { handleAuth } from './auth/handler.ts';
import { handleOutbox } from './auth/outbox.ts';
import { openPglite, openPostgres, type Database } from './db.ts';
import { json, serve, type StandInContext } from './http.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_KEY, JwtError, verifyJwt } from './jwt.ts';
import { migrate } from './migrate.ts';
import { handleRest } from './rest/handler.ts';
import { startLocalSmtp, type LocalSmtp } from './smtp.ts';

export const DEFAULT_PORT = 54321;
/** Hosted Supabase's default for the API's "max rows" setting. */
export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_DATA_DIR = new URL('../../.data/pglite', import.meta.url).pathname;

/** Browser redirects into auth carry no API key; every other call needs one, as behind Kong. */
const OPEN_AUTH_PATHS = new Set(['/auth/v1/authorize', '/auth/v1/verify', '/auth/v1/callback', '/auth/v1/health']);

function apiKeyProblem(request: Request, url: URL, secret: string): Response | null {
  if (OPEN_AUTH_PATHS.has(url.pathname)) return null;
  const key = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!key) return json(401, { message: 'No API key found in request', hint: 'Send the anon key in the apikey header.' });
  try {
    verifyJwt(key, secret);
    return null;
  } catch (error) {
    if (error instanceof JwtError) return json(401, { message: 'Invalid API key', hint: error.message });
    throw error;
  }
}

/** How long /health waits for the database's `select 1`. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * GET /health: whether the database answers a real `select 1` within HEALTH_TIMEOUT_MS — 200
 * `{status: 'ok'}`, or 503 `{status: 'unavailable', error}` — so a check never calls a stand-in
 * healthy whose every API call would fail.
 */
async function health(db: Database): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`select 1 did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`)), HEALTH_TIMEOUT_MS);
  });
  const probe = db.query('select 1');
  // Past the deadline, a late failure of the probe is of no interest.
  probe.catch(() => undefined);
  try {
    await Promise.race([probe, deadline]);
    return json(200, { status: 'ok', database: db.kind });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : String(error);
    return json(503, { status: 'unavailable', database: db.kind, error: message }, { 'retry-after': '5' });
  } finally {
    clearTimeout(timer);
  }
}

/** The stand-in as one request handler. */
export function standInHandler(ctx: StandInContext): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/health') return health(ctx.db);
    if (url.pathname === '/outbox' || url.pathname.startsWith('/outbox/')) return handleOutbox(request, ctx);
    const isRest = url.pathname.startsWith('/rest/v1');
    const isAuth = url.pathname.startsWith('/auth/v1');
    if (!isRest && !isAuth) return json(404, { message: 'no Route matched with those values' });
    const problem = apiKeyProblem(request, url, ctx.jwtSecret);
    if (problem) return problem;
    return isRest ? handleRest(request, ctx) : handleAuth(request, ctx);
  };
}

export interface StandIn {
  url: string;
  anonKey: string;
  serviceKey: string;
  db: Database;
  /** The SMTP_URL of its SMTP server (mail sent there lands in the outbox); null when it runs none. */
  smtpUrl: string | null;
  /** Stops answering, as if hosted Supabase were unreachable; the database stays open. */
  suspend(): Promise<void>;
  /** Answers again, on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** 0 picks a free port. */
  port?: number;
  /** An open database; otherwise PGlite in dataDir, or the server at databaseUrl. */
  db?: Database;
  dataDir?: string;
  databaseUrl?: string;
  siteUrl?: string;
  /** The most rows one read answers, as hosted Supabase's "max rows" (default 1,000); null for no cap. */
  maxRows?: number | null;
  /** Runs the SMTP server on this port (0 picks a free one); undefined runs none. */
  smtpPort?: number;
  /** Called once the schema is migrated, before serving (the demo seed hooks in here). */
  prepare?: (db: Database) => Promise<void>;
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const db =
    options.db ??
    (options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR }));
  await migrate(db);
  await options.prepare?.(db);

  const ctx: StandInContext = {
    db,
    jwtSecret: LOCAL_JWT_SECRET,
    publicUrl: '',
    siteUrl: options.siteUrl ?? 'http://localhost:8888',
    maxRows: options.maxRows === undefined ? DEFAULT_MAX_ROWS : options.maxRows,
  };
  // The port is known once listening; handlers read ctx.publicUrl per request.
  const server = serve(standInHandler(ctx));
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(options.port ?? DEFAULT_PORT);
  const { port } = server.address() as AddressInfo;
  ctx.publicUrl = `http://localhost:${port}`;
  let smtp: LocalSmtp | undefined;
  try {
    smtp = options.smtpPort === undefined ? undefined : await startLocalSmtp(db, options.smtpPort);
  } catch (error) {
    await stopListening();
    if (!options.db) await db.close();
    throw new Error(`The stand-in's SMTP server could not listen on port ${options.smtpPort}`, { cause: error });
  }

  return {
    url: ctx.publicUrl,
    anonKey: LOCAL_ANON_KEY,
    serviceKey: LOCAL_SERVICE_KEY,
    db,
    smtpUrl: smtp?.url ?? null,
    // Both are idempotent: a test may resume a stand-in that was never suspended.
    suspend: async () => {
      if (server.listening) await stopListening();
    },
    resume: async () => {
      if (!server.listening) await listen(port);
    },
    async close() {
      if (server.listening) await stopListening();
      await smtp?.close();
      if (!options.db) await db.close();
    },
  };
}

if (import.meta.main) {
  const standIn = await startStandIn({
    port: Number(process.env.SUPABASE_PORT ?? DEFAULT_PORT),
    databaseUrl: process.env.DATABASE_URL,
    siteUrl: process.env.SITE_URL,
    smtpPort: process.env.SMTP_PORT === undefined ? undefined : Number(process.env.SMTP_PORT),
  });
  console.log(`Supabase stand-in on ${standIn.url} (${standIn.db.kind})${standIn.smtpUrl ? `, SMTP on ${standIn.smtpUrl}` : ''}`);
  const stop = async () => {
    await standIn.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
