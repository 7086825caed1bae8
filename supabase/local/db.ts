/**
 * The database behind the local stand-in: embedded PGlite (Postgres compiled to WASM) in a data
 * folder by default, or a PostgreSQL server when a connection URL is given. Both run the same
 * platform SQL and migrations and enforce the same roles and row-level security.
 *
 * Requests run like PostgREST runs them: one transaction each, as the JWT's role, with the JWT's
 * claims in `request.jwt.claims` for auth.uid() and the policies; a read's transaction is read-only.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface QueryResult<R extends object = Row> {
  rows: R[];
  /** Rows changed by an insert, update or delete. */
  affectedRows: number;
}

export interface Queryable {
  query<R extends object = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

/** Who a request runs as: the role from its JWT and the JWT's claims. */
export interface RequestAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
}

export interface TransactionOptions {
  /**
   * A read-only transaction: a write in it fails (25006). It has nothing to make durable, so its
   * result is answered without waiting for the commit; the connection goes back to the pool once
   * the commit is done.
   */
  readOnly?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction, as `auth`'s role when given, else as the owner. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, auth?: RequestAuth, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

async function becomeRequestRole(tx: Queryable, auth: RequestAuth | undefined): Promise<void> {
  if (!auth) return;
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    [auth.role, JSON.stringify(auth.claims)],
  );
}

/**
 * `begin` (read only for a read), then auth's role and claims, as one message of two statements:
 * the transaction a request runs in starts in one round trip to the server instead of two. The
 * values are written as literals by `literal` (the connection's own quoting), since a message of
 * several statements takes no parameters.
 */
function beginAs(auth: RequestAuth | undefined, readOnly: boolean, literal: (value: string) => string): string {
  const begin = readOnly ? 'begin read only' : 'begin';
  if (!auth) return begin;
  return `${begin}; select set_config('role', ${literal(auth.role)}, true), ` +
    `set_config('request.jwt.claims', ${literal(JSON.stringify(auth.claims))}, true)`;
}

type Turn = 'first' | 'in-turn';

/**
 * Runs work one piece at a time, in order of arrival, except that work asking to go 'first' runs
 * before any waiting 'in-turn' work (never before the piece already running).
 */
export function serialiser() {
  const waiting: Record<Turn, (() => Promise<void>)[]> = { first: [], 'in-turn': [] };
  let busy = false;
  const next = () => {
    const piece = waiting.first.shift() ?? waiting['in-turn'].shift();
    if (!piece) return void (busy = false);
    busy = true;
    void piece().finally(next);
  };
  return <T>(work: () => Promise<T>, turn: Turn = 'in-turn'): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting[turn].push(() => Promise.resolve().then(work).then(resolve, reject));
      if (!busy) next();
    });
}

/** Embedded PGlite. It is a single session, so transactions are queued one after another. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const serialised = serialiser();
  const toResult = <R extends object>(r: { rows: R[]; affectedRows?: number }): QueryResult<R> => ({
    rows: r.rows,
    affectedRows: r.affectedRows ?? 0,
  });

  return {
    kind: 'pglite',
    query: <R extends object>(sql: string, params?: unknown[]) =>
      serialised(async () => toResult(await db.query<R>(sql, params)), 'first'),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, auth?: RequestAuth, options: TransactionOptions = {}) =>
      serialised(
        () =>
          db.transaction(async (raw) => {
            const tx: Queryable = {
              query: async <R extends object>(sql: string, params?: unknown[]) =>
                toResult(await raw.query<R>(sql, params)),
              exec: async (sql: string) => void (await raw.exec(sql)),
            };
            if (options.readOnly) await tx.query('set transaction read only');
            await becomeRequestRole(tx, auth);
            return fn(tx);
          }),
        // A rebuild reads the whole catalogue as anon, hundreds of requests at once; sign-ins
        // (the Auth API's own transactions), a signed-in shopper's and an admin function's
        // requests should not wait behind all of them.
        auth?.role === 'anon' ? 'in-turn' : 'first',
      ),
    exec: (sql: string) => serialised(async () => void (await db.exec(sql)), 'first'),
    close: () => serialised(() => db.close()),
    dumpDataDir: () => serialised(() => db.dumpDataDir('gzip')),
  } as Database & { dumpDataDir(): Promise<Blob> };
}

/** A snapshot of a PGlite database's files, to start copies from without running initdb. */
export async function dumpPglite(db: Database): Promise<Blob> {
  const dump = (db as Database & { dumpDataDir?: () => Promise<Blob> }).dumpDataDir;
  if (!dump) throw new Error('dumpPglite: only a PGlite database can be dumped');
  return dump();
}

/** A PostgreSQL server, through a pool of connections. */
export function openPostgres(connectionString: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // A connection can be killed at any moment (a server restart), and an 'error' no listener hears
  // would crash the stand-in. Each connection has its own listener from the moment the pool hands it
  // out for the first time, before the pool takes its idle listener off: no instant is left unheard,
  // not even a kill read in the same chunk as the end of the connection's start-up. A call the
  // connection was serving fails with the same error and is answered from there; an idle
  // connection the pool also drops and replaces.
  pool.on('connect', (client) => client.on('error', (error) => console.warn('postgres: connection lost:', error.message)));
  // The pool repeats an idle connection's error, which the connection's own listener has reported.
  pool.on('error', () => undefined);
  const toResult = <R extends object>(r: pg.QueryResult): QueryResult<R> => ({
    rows: r.rows as R[],
    affectedRows: r.rowCount ?? 0,
  });

  return {
    kind: 'postgres',
    query: async <R extends object>(sql: string, params?: unknown[]) =>
      toResult<R>(await pool.query(sql, params)),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, auth?: RequestAuth, options: TransactionOptions = {}): Promise<T> {
      const readOnly = options.readOnly ?? false;
      const client = await pool.connect();
      try {
        await client.query(beginAs(auth, readOnly, (value) => client.escapeLiteral(value)));
        const tx: Queryable = {
          query: async <R extends object>(sql: string, params?: unknown[]) =>
            toResult<R>(await client.query(sql, params)),
          exec: async (sql: string) => void (await client.query(sql)),
        };
        const result = await fn(tx);
        if (readOnly) {
          // Nothing to make durable: the result is answered now, and the connection is back in
          // the pool once committed (dropped if even that fails).
          void client.query('commit').then(() => client.release(), () => client.release(true));
          return result;
        }
        await client.query('commit');
        client.release();
        return result;
      } catch (error) {
        // A connection that cannot even roll back is broken: drop it rather than reuse it.
        const broken = await client.query('rollback').then(() => false, () => true);
        client.release(broken);
        throw error;
      }
    },
    exec: async (sql: string) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}
