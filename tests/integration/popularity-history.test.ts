/**
 * Popularity rankings through supabase-js: a visitor and a shopper get today's only; a ranking as
 * of another day is click history, which only admins and the service role may read, and the
 * refusal says so in PostgREST's shape.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const GADGETS = '10000000-0000-4000-8000-000000000001';
const LAMP = '30000000-0000-4000-8000-000000000001';
const SHOPPER = '50000000-0000-4000-8000-000000000001';
const ADMIN = '50000000-0000-4000-8000-000000000002';
/** A past day: its monthly ranking counts January 2026's clicks, when the lamp was clicked. */
const LAST_MONTH = '2026-02-15T12:00:00Z';

let db: TestDatabase;
let standIn: StandIn;
let visitor: SupabaseClient;
let shopper: SupabaseClient;
let admin: SupabaseClient;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };
const signedIn = (sub: string) => {
  const token = signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 });
  return createClient(standIn.url, standIn.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });
};

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db });
  await db.exec(`
    insert into public.categories (id, name, type) values ('${GADGETS}', 'Gadgets', '{product}');
    insert into public.products (id, name, price, image_url, category_ids, gender_category)
      values ('${LAMP}', 'Desk Lamp', 20, 'https://img.test/lamp.png', '{${GADGETS}}', 'for_both');
    insert into public.clicks_daily (item_id, click_type, day, clicks, last_click_at)
      values ('${LAMP}', 'product', '2026-01-20', 7, '2026-01-20T12:00:00Z');
    insert into auth.users (id, email) values ('${SHOPPER}', 'shopper@example.test'), ('${ADMIN}', 'admin@example.test');
    update public.profiles set is_admin = true where id = '${ADMIN}';
  `);
  visitor = createClient(standIn.url, standIn.anonKey, clientOptions);
  shopper = signedIn(SHOPPER);
  admin = signedIn(ADMIN);
});

afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

describe('popularity as of another day', () => {
  test.each([
    ['a visitor', 401, () => visitor],
    ['a shopper', 403, () => shopper],
  ])('is refused to %s with %i, naming the rule and what to do', async (_, status, client) => {
    const answer = await client().rpc('popular_products', { time_window: 'monthly', fallback: false, as_of: LAST_MONTH });
    expect(answer.status).toBe(status);
    expect(answer.data).toBeNull();
    expect(answer.error).toMatchObject({
      code: '42501',
      message: 'only admins may rank clicks as of another day than today, not as of 2026-02-15 12:00:00 UTC',
      hint: 'Leave as_of out to get the rankings as of now.',
    });
  });

  test('answers an admin with that day\'s ranking', async () => {
    const { data, error } = await admin.rpc('popular_products', { time_window: 'monthly', fallback: false, as_of: LAST_MONTH });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: LAMP, clicks: 7, ranked_window: 'monthly', total_count: 1 }]);
  });

  test('leaves today\'s rankings to everyone', async () => {
    for (const client of [visitor, shopper, admin]) {
      const { data, error } = await client.rpc('popular_products', { time_window: 'monthly', include_unclicked: true });
      expect(error).toBeNull();
      expect(data).toEqual([{ id: LAMP, clicks: 0, ranked_window: 'monthly', total_count: 1 }]);
    }
  });
});
