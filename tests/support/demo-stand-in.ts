/**
 * The demo shop behind the local stand-in, for the integration tests that drive the
 * specification's calls: a test database seeded once with the demo catalogue as of a fixed
 * moment, the stand-in serving it, typed supabase-js clients (anon, the service role, the demo
 * accounts signed in through /auth/v1), and SQL as the owner to work out what an answer should be.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Row } from '../../supabase/local/db.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { seedDemo } from '../../supabase/seed/demo.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export type Db = SupabaseClient<Database>;

/** The moment the catalogue is seeded as of: a Wednesday, so last week and last month are whole windows. */
export const DEMO_NOW = new Date('2026-11-18T10:30:00Z');

/** The stand-in's default site, where auth redirects return to. */
export const SITE = 'http://localhost:8888';
export const AUTH_CALLBACK = `${SITE}/auth/callback`;

const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export interface SignedIn {
  client: Db;
  userId: string;
  email: string;
}

export interface DemoShop {
  standIn: StandIn;
  db: TestDatabase;
  /** A visitor's client (anon key, no session). */
  anon: Db;
  /** The functions' client: the service key, which bypasses row-level security. */
  service: Db;
  /** A new client with the anon key and no session yet. */
  client(): Db;
  /** A new client signed in with email and password through /auth/v1. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** A confirmed user made through the admin API, signed in. */
  newUser(): Promise<SignedIn>;
  /** Rows of a query run as the database owner (row-level security does not apply). */
  sql<R extends Row>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

let sequence = 0;

/** `now`: the moment the catalogue is seeded as of (DEMO_NOW unless told). */
export async function openDemoShop({ now = DEMO_NOW }: { now?: Date } = {}): Promise<DemoShop> {
  const mediaDir = await mkdtemp(join(tmpdir(), 'giftshop-spec-'));
  const db = await openTestDatabase();
  await seedDemo(db, { mediaDir, now });
  const standIn = await startStandIn({ port: 0, db });

  const client = (): Db => createClient<Database>(standIn.url, standIn.anonKey, CLIENT_OPTIONS);
  const service = createClient<Database>(standIn.url, standIn.serviceKey, CLIENT_OPTIONS);

  async function signIn(email: string, password: string): Promise<SignedIn> {
    const signedIn = client();
    const { data, error } = await signedIn.auth.signInWithPassword({ email, password });
    if (error || !data.user) throw new Error(`signIn(${email})`, { cause: error });
    return { client: signedIn, userId: data.user.id, email };
  }

  return {
    standIn,
    db,
    anon: client(),
    service,
    client,
    signIn,
    async newUser() {
      const email = `giver${++sequence}.${process.pid}.${Date.now()}@example.com`;
      const password = 'ribbon-and-bow-9';
      const { error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
      if (error) throw new Error(`newUser(${email})`, { cause: error });
      return signIn(email, password);
    },
    async sql<R extends Row>(text: string, params?: unknown[]) {
      return (await db.query<R>(text, params)).rows;
    },
    async close() {
      await standIn.close();
      await db.drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The ids of rows, in order. */
export const idsOf = (rows: readonly { id: string }[] | null): string[] => (rows ?? []).map((r) => r.id);

/** Whether a list is sorted by a key (ascending unless told otherwise); ties allowed. */
export function isSortedBy<T>(rows: readonly T[], key: (row: T) => number | string, order: 'asc' | 'desc' = 'asc'): boolean {
  return rows.every((row, i) => {
    if (i === 0) return true;
    const a = key(rows[i - 1] as T);
    const b = key(row);
    return order === 'asc' ? a <= b : a >= b;
  });
}

/** A timestamp as milliseconds, for comparing PostgREST's and the driver's renderings. */
export const ms = (value: string | Date): number => new Date(value).getTime();
