/** The auth handler's last line of defence: failures become GoTrue's generic 500, with the cause logged. */
import { afterEach, expect, test, vi } from 'vitest';
import { handleAuth } from '../../supabase/local/auth/handler.ts';
import type { Database } from '../../supabase/local/db.ts';
import type { StandInContext } from '../../supabase/local/http.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/jwt.ts';

const failure = new Error('connection refused');
const brokenDatabase: Database = {
  kind: 'postgres',
  query: () => Promise.reject(failure),
  exec: () => Promise.reject(failure),
  transaction: () => Promise.reject(failure),
  close: () => Promise.resolve(),
};
const ctx: StandInContext = {
  db: brokenDatabase,
  jwtSecret: LOCAL_JWT_SECRET,
  publicUrl: 'http://localhost:54321',
  siteUrl: 'http://localhost:8888',
  maxRows: 1000,
};

afterEach(() => vi.restoreAllMocks());

test('a database failure is answered with a generic 500 and the cause is logged', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const response = await handleAuth(
    new Request('http://localhost:54321/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'robin@example.com', password: 'gift-ideas-42' }),
    }),
    ctx,
  );
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({
    code: 'unexpected_failure',
    message: 'Unexpected failure, please check server logs for more information',
  });
  expect(log).toHaveBeenCalledWith(expect.stringContaining('auth:'), 'POST', expect.any(String), failure);
});

test('unknown paths get the router’s 404 and known paths a 405 for other methods', async () => {
  expect((await handleAuth(new Request('http://localhost:54321/auth/v1/nope'), ctx)).status).toBe(404);
  expect((await handleAuth(new Request('http://localhost:54321/auth/v1/signup'), ctx)).status).toBe(405);
});
