/**
 * The stand-in's own GET /health reports its database, as a health check should: 200 while a real
 * `select 1` answers, 503 when the database refuses connections or does not answer within the
 * check's short deadline — never "ok" for a server whose every API call would fail.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPostgres, type Database } from '../../supabase/local/db.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/jwt.ts';
import { HEALTH_TIMEOUT_MS, standInHandler, startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
});
afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

/** /health of a stand-in over `database`, asked without a server around it. */
async function healthOver(database: Database): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const handler = standInHandler({ db: database, jwtSecret: LOCAL_JWT_SECRET, publicUrl: 'http://localhost:54321', siteUrl: 'http://localhost:8888', maxRows: 1000 });
  const started = Date.now();
  const response = await handler(new Request('http://localhost:54321/health'));
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, ms: Date.now() - started };
}

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /health', () => {
  test('answers 200 with the database kind while the database answers', async () => {
    const response = await fetch(`${standIn.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: db.kind });
  });

  test('answers 503 when the PostgreSQL server refuses connections', async () => {
    const refusing = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/giftshop`, 1);
    try {
      const { status, body } = await healthOver(refusing);
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', database: 'postgres' });
      expect(String(body.error)).toContain('ECONNREFUSED');
    } finally {
      await refusing.close();
    }
  });

  test('answers 503 within its short deadline when the database never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const hanging = openPostgres(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/giftshop`, 1);
    try {
      const { status, body, ms } = await healthOver(hanging);
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', database: 'postgres', error: `select 1 did not answer within ${HEALTH_TIMEOUT_MS / 1000} s` });
      expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await hanging.close().catch(() => undefined);
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
