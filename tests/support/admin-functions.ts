/**
 * The admin functions under test, called in-process as Netlify would call them: the demo shop's
 * stand-in (tests/support/demo-stand-in.ts) as their Supabase, a local build hook that counts its
 * calls, and the access tokens of the demo admin and the demo shopper, signed in through
 * /auth/v1/token like the admin login page does.
 *
 * The functions read their environment once per process, so a test file opens one harness in
 * beforeAll, before the first call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD,
} from '../../supabase/seed/accounts.ts';
import { openDemoShop, type DemoShop } from './demo-stand-in.ts';

export type Handler = (request: Request) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Sent as JSON; a string is sent as it is (for malformed bodies). */
  body?: unknown;
  /** The access token for `Authorization: Bearer`; null sends no header. */
  token?: string | null;
  /** Appended to the URL, e.g. '?id=…'. */
  query?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body. */
  body: { error?: string; field?: string; deleted?: boolean } & Record<string, unknown>;
}

export interface BuildHook {
  url: string;
  /** How many POSTs it has had. */
  calls(): number;
  /** The trigger_title of each call, in order. */
  titles(): string[];
  /** Answer the next call with a 500. */
  failNext(): void;
  close(): Promise<void>;
}

/** A stand-in for a build hook: counts POSTs and answers 202, like the local shop's hook. */
export async function startBuildHook(): Promise<BuildHook> {
  const titles: string[] = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    titles.push(new URL(req.url ?? '/', 'http://hook').searchParams.get('trigger_title') ?? '');
    const status = fail ? 500 : 202;
    fail = false;
    res.writeHead(status, { 'content-type': 'application/json' }).end(status === 202 ? '{"queued":true}' : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build-hook`,
    calls: () => titles.length,
    titles: () => [...titles],
    failNext: () => {
      fail = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface AdminHarness {
  shop: DemoShop;
  hook: BuildHook;
  adminToken: string;
  shopperToken: string;
  /** Calls a function's handler with a request to `path`, as the admin unless told otherwise. */
  call(handler: Handler, path: string, method: Method, options?: CallOptions): Promise<Answer>;
  /** One value per catalogue table that changes whenever any of its rows does. */
  catalogue(): Promise<Record<string, string>>;
  /** A query's first column of every row, as the database owner. */
  ids(sql: string, params?: unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

/** An access token for a demo account, from a password sign-in at /auth/v1/token. */
export async function accessToken(shop: DemoShop, email: string, password: string): Promise<string> {
  const response = await fetch(`${shop.standIn.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: shop.standIn.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await response.json()) as { access_token?: string };
  if (!response.ok || !session.access_token) throw new Error(`sign-in of ${email} failed with ${response.status}`);
  return session.access_token;
}

const CATALOGUE_TABLES = ['products', 'categories', 'subcategories', 'blogs', 'quizzes', 'platforms'] as const;

export async function openAdminHarness(): Promise<AdminHarness> {
  const shop = await openDemoShop();
  const hook = await startBuildHook();
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  process.env.BUILD_HOOK_URL = hook.url;
  const adminToken = await accessToken(shop, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  const shopperToken = await accessToken(shop, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);

  async function call(handler: Handler, path: string, method: Method, options: CallOptions = {}): Promise<Answer> {
    const token = options.token === undefined ? adminToken : options.token;
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await handler(new Request(`http://localhost:8888${path}${options.query ?? ''}`, { method, headers, body }));
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  }

  return {
    shop,
    hook,
    adminToken,
    shopperToken,
    call,
    async catalogue() {
      const digests: Record<string, string> = {};
      for (const table of CATALOGUE_TABLES) {
        const [row] = await shop.sql<{ digest: string }>(
          `select coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as digest from public.${table} t`,
        );
        digests[table] = row?.digest ?? '';
      }
      return digests;
    },
    async ids(sql, params) {
      const rows = await shop.sql<Record<string, unknown>>(sql, params);
      return rows.map((row) => String(Object.values(row)[0]));
    },
    async close() {
      await hook.close();
      await shop.close();
    },
  };
}
