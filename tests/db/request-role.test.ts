/**
 * A request's transaction runs as its JWT's role with its claims, exactly as signed, on PGlite and
 * on PostgreSQL (where the role and claims are written into the `begin` message as literals). A
 * read runs read-only. And a transaction that fails leaves nothing behind for the next request on
 * the same connection.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RequestAuth } from '../../supabase/local/db.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { anonAuth } from '../support/fixtures.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

interface Session {
  role: string;
  claims: string;
  uid: string | null;
  email: string | null;
}

const sessionOf = (auth?: RequestAuth) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<Session>(
      `select current_user as role, current_setting('request.jwt.claims', true) as claims,
              (select auth.uid())::text as uid, auth.jwt() ->> 'email' as email`,
    );
    return rows[0]!;
  }, auth);

describe('a request transaction', () => {
  test('runs as the role of the JWT, with its claims as signed, quotes and backslashes included', async () => {
    const claims = {
      role: 'authenticated',
      aud: 'authenticated',
      sub: '5b1c0d6e-2f4a-4c1e-9a5b-3c2d1e0f9a8b',
      email: `o'brien\\"x"@example.com`,
      user_metadata: { note: `it's a 'test'; select 1; -- \\ done` },
    };
    const session = await sessionOf({ role: 'authenticated', claims });

    expect(session.role).toBe('authenticated');
    expect(JSON.parse(session.claims)).toEqual(claims);
    expect(session.uid).toBe(claims.sub);
    expect(session.email).toBe(claims.email);
  });

  test('runs as anon for an anonymous request, and as the owner without one', async () => {
    expect((await sessionOf(anonAuth)).role).toBe('anon');
    const owner = await sessionOf();
    expect(owner.role).not.toBe('anon');
    expect(owner.claims ?? '').toBe('');
  });

  test('that fails is rolled back, and the next one on the pool starts clean', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select set_config('app.marker', 'left behind', false)`);
        await tx.query('select 1 / 0');
      }, anonAuth),
    ).rejects.toThrow(/division by zero/);

    // Enough transactions to reach every connection of the pool the failed one may have used.
    for (let i = 0; i < 25; i++) {
      const marker = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ marker: string | null; role: string }>(
          `select current_setting('app.marker', true) as marker, current_user as role`,
        );
        return rows[0]!;
      });
      expect(marker.marker ?? '').toBe('');
      expect(marker.role).not.toBe('anon');
    }
  });

  test('that reads is read-only: a write in it is refused, and the next one on the pool may write', async () => {
    const write = `update public.categories set name = name || ' (changed)'`;
    await expect(db.transaction((tx) => tx.query(write), anonAuth, { readOnly: true }))
      .rejects.toThrow(/read-only transaction/);
    await expect(db.transaction((tx) => tx.query(write), undefined, { readOnly: true }))
      .rejects.toThrow(/read-only transaction/);

    // Answered before their commits; the connections they leave behind must serve writes again.
    const reads = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      db.transaction(async (tx) => (await tx.query<{ n: number; mode: string }>(
        `select $1::int as n, current_setting('transaction_read_only') as mode`, [i],
      )).rows[0]!, anonAuth, { readOnly: true })));
    expect(reads.map((r) => r.n)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(new Set(reads.map((r) => r.mode))).toEqual(new Set(['on']));

    for (let i = 0; i < 25; i++) {
      const mode = await db.transaction(async (tx) =>
        (await tx.query<{ mode: string }>(`select current_setting('transaction_read_only') as mode`)).rows[0]!.mode);
      expect(mode).toBe('off');
    }
  });

  test('with a role the database does not have is refused, and changes nothing', async () => {
    const unknown = { role: 'nobody_here', claims: { role: 'nobody_here' } } as unknown as RequestAuth;
    await expect(sessionOf(unknown)).rejects.toThrow(/nobody_here/);
    expect((await sessionOf(anonAuth)).role).toBe('anon');
  });
});
