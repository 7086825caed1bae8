/**
 * Price-drop alerts in the database: a shopper reads and changes only their own setting, an
 * unsubscribe token turns off its own subscription only and without signing in, the alert run's
 * functions are the service role's alone, at most one mail per shopper per UTC day, no drop is
 * claimed twice, and only admins read the counts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  addPrice, anonAuth, attempt, createProduct, createUser, runAs, serviceAuth, type TestUser,
} from '../support/fixtures.ts';

let db: TestDatabase;
let admin: TestUser;
const p: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  admin = await createUser(db, { admin: true });
  for (let i = 0; i < 3; i++) {
    const product = await createProduct(db, {
      name: `Alerted ${i}`,
      affiliate_links: [{ platform: 'Amazon', title: 'Buy at Amazon', url: `https://amazon.example.com/${i}` }],
    });
    p.push(product.id);
    await addPrice(db, { product_id: product.id, platform: 'Amazon', price: 50, scraped_at: '2026-11-01T00:00:00Z' });
    await addPrice(db, { product_id: product.id, platform: 'Etsy', price: 60, scraped_at: '2026-11-01T00:00:00Z' });
  }
});
afterAll(async () => {
  await db?.drop();
});

async function shopperLiking(products: string[], alerts = true): Promise<TestUser> {
  const user = await createUser(db);
  await db.query('insert into public.liked_products (user_id, product_id) values ($1, $2)', [user.id, products]);
  if (alerts) await runAs(db, user.auth, 'select public.set_price_alerts(true)');
  return user;
}

const setting = async (user: TestUser): Promise<boolean | null> =>
  (await db.query<{ enabled: boolean }>('select enabled from public.price_alert_settings where user_id = $1', [user.id])).rows[0]
    ?.enabled ?? null;

const announced = async (user: TestUser, product: string): Promise<string | null> =>
  (await db.query<{ announced_price: string }>(
    'select announced_price from public.price_alert_products where user_id = $1 and product_id = $2',
    [user.id, product],
  )).rows[0]?.announced_price ?? null;

async function claim(user: TestUser, day: string, items: unknown[], baselines: unknown[] = []): Promise<number | null> {
  const [row] = await runAs<{ id: string | null }>(db, serviceAuth, 'select public.claim_price_alert_email($1, $2, $3, $4) as id', [
    user.id, day, JSON.stringify(items), JSON.stringify(baselines),
  ]);
  return row?.id == null ? null : Number(row.id);
}

const drop = (product: string, oldPrice: number, newPrice: number) => ({
  product_id: product, name: 'Gift', old_price: oldPrice, new_price: newPrice, platform: 'Amazon', url: 'https://amazon.example.com/x',
});

async function tokenOf(emailId: number): Promise<string> {
  const [row] = await runAs<{ token: string }>(db, serviceAuth, 'select token from public.pending_price_alert_emails() where id = $1', [emailId]);
  if (!row) throw new Error(`mail ${emailId} is not pending`);
  return row.token;
}

const unsubscribe = async (auth: typeof anonAuth, token: string | null): Promise<boolean> =>
  (await runAs<{ ok: boolean }>(db, auth, 'select public.unsubscribe_price_alerts($1) as ok', [token]))[0]!.ok;

describe('the alert setting', () => {
  test('a shopper turns alerts on and off and reads their own setting', async () => {
    const user = await shopperLiking([p[0]!], false);
    expect(await runAs(db, user.auth, 'select enabled from public.price_alert_settings')).toEqual([]);
    await runAs(db, user.auth, 'select public.set_price_alerts(true)');
    expect(await runAs(db, user.auth, 'select enabled from public.price_alert_settings')).toEqual([{ enabled: true }]);
    await runAs(db, user.auth, 'select public.set_price_alerts(false)');
    expect(await setting(user)).toBe(false);
  });

  test('turning alerts on takes the wishlisted products\' lowest latest prices as the baseline', async () => {
    const user = await shopperLiking([p[0]!, p[1]!]);
    expect([await announced(user, p[0]!), await announced(user, p[1]!)]).toEqual(['50.00', '50.00']);
  });

  test('a shopper does not see another shopper\'s setting', async () => {
    const user = await shopperLiking([p[0]!]);
    const other = await createUser(db);
    const seen = await runAs(db, other.auth, 'select user_id from public.price_alert_settings where user_id = $1', [user.id]);
    expect(seen).toEqual([]);
  });

  test('a shopper cannot write the setting table directly, not even their own row', async () => {
    const user = await shopperLiking([p[0]!]);
    const update = await attempt(db, user.auth, 'update public.price_alert_settings set enabled = false');
    const insert = await attempt(db, user.auth, 'insert into public.price_alert_settings (user_id, enabled) values ($1, true)', [user.id]);
    expect([update.ok ? 'ok' : update.code, insert.ok ? 'ok' : insert.code]).toEqual(['42501', '42501']);
  });

  test('a guest cannot turn alerts on', async () => {
    const outcome = await attempt(db, anonAuth, 'select public.set_price_alerts(true)');
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
  });
});

describe('unsubscribing with a mail\'s token', () => {
  test('works without signing in and turns off that mail\'s shopper only', async () => {
    const user = await shopperLiking([p[0]!]);
    const other = await shopperLiking([p[0]!]);
    const id = await claim(user, '2026-11-20', [drop(p[0]!, 50, 40)]);
    expect(await unsubscribe(anonAuth, await tokenOf(id!))).toBe(true);
    expect([await setting(user), await setting(other)]).toEqual([false, true]);
  });

  test('an unknown or malformed token changes nothing and says only false', async () => {
    const user = await shopperLiking([p[0]!]);
    expect(await unsubscribe(anonAuth, 'f'.repeat(64))).toBe(false);
    expect(await unsubscribe(anonAuth, 'not a token')).toBe(false);
    expect(await unsubscribe(anonAuth, null)).toBe(false);
    expect(await setting(user)).toBe(true);
  });

  test('the table keeps only the token\'s hash once the mail is sent, and the link still works', async () => {
    const user = await shopperLiking([p[1]!]);
    const id = (await claim(user, '2026-11-20', [drop(p[1]!, 50, 45)]))!;
    const token = await tokenOf(id);
    await runAs(db, serviceAuth, 'select public.mark_price_alert_sent($1)', [id]);
    const { rows } = await db.query<{ token: string | null; token_hash: string }>('select token, token_hash from public.price_alert_emails where id = $1', [id]);
    expect(rows[0]!.token).toBeNull();
    expect(rows[0]!.token_hash).not.toBe(token);
    expect(await unsubscribe(anonAuth, token)).toBe(true);
    expect(await setting(user)).toBe(false);
  });
});

describe('the alert run\'s functions', () => {
  test.each([
    ['select * from public.price_alert_candidates()'],
    ['select * from public.pending_price_alert_emails()'],
    ['select public.mark_price_alert_sent(1)'],
    ['select public.take_price_alert_email(1)'],
    ['select public.release_price_alert_email(1)'],
    [`select public.claim_price_alert_email('00000000-0000-4000-8000-000000000000', '2026-11-20', '[]', '[]')`],
  ])('are refused to shoppers and guests: %s', async (sql) => {
    const user = await createUser(db);
    for (const auth of [anonAuth, user.auth, admin.auth]) {
      const outcome = await attempt(db, auth, sql);
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
  });

  test.each(['price_alert_products', 'price_alert_emails', 'price_alert_events'])('%s is not readable by shoppers, guests or admins', async (table) => {
    for (const auth of [anonAuth, admin.auth]) {
      const outcome = await attempt(db, auth, `select * from public.${table}`);
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
  });

  test('list the wishlisted products of shoppers with alerts on, with the cheapest retailer and its link', async () => {
    const user = await shopperLiking([p[2]!]);
    const off = await shopperLiking([p[2]!], false);
    const rows = await runAs<Record<string, unknown>>(db, serviceAuth,
      'select * from public.price_alert_candidates() where user_id = any ($1)', [[user.id, off.id]]);
    expect(rows).toEqual([{
      user_id: user.id, product_id: p[2], product_name: 'Alerted 2', lowest_price: '50.00', platform: 'Amazon',
      url: 'https://amazon.example.com/2', announced_price: '50.00',
    }]);
  });

  test('claim at most one mail per shopper per UTC day', async () => {
    const user = await shopperLiking([p[0]!, p[1]!]);
    expect(await claim(user, '2026-11-21', [drop(p[0]!, 50, 40)])).toEqual(expect.any(Number));
    expect(await claim(user, '2026-11-21', [drop(p[1]!, 50, 30)])).toBeNull();
    expect(await announced(user, p[1]!)).toBe('50.00');
    await expect(db.query(`insert into public.price_alert_emails (user_id, day, items, token_hash, token)
      values ($1, '2026-11-21', '[{}]', repeat('a', 64), repeat('b', 64))`, [user.id])).rejects.toThrow(/unique|duplicate/i);
    expect(await claim(user, '2026-11-22', [drop(p[1]!, 50, 30)])).toEqual(expect.any(Number));
  });

  test('never claim the same drop twice', async () => {
    const user = await shopperLiking([p[0]!]);
    await claim(user, '2026-11-21', [drop(p[0]!, 50, 40)]);
    expect(await announced(user, p[0]!)).toBe('40.00');
    const again = await attempt(db, serviceAuth, 'select public.claim_price_alert_email($1, $2, $3, $4)', [
      user.id, '2026-11-22', JSON.stringify([drop(p[0]!, 50, 40)]), '[]',
    ]);
    expect(again.ok ? 'succeeded' : again.code).toBe('40001');
  });

  test('one run at a time takes a mail for sending; a failed send gives it back; a sent mail is never taken', async () => {
    const user = await shopperLiking([p[1]!]);
    const id = (await claim(user, '2026-11-24', [drop(p[1]!, 50, 44)]))!;
    const take = async () => (await runAs<{ ok: boolean }>(db, serviceAuth, 'select public.take_price_alert_email($1) as ok', [id]))[0]!.ok;
    expect([await take(), await take()]).toEqual([true, false]);
    await runAs(db, serviceAuth, 'select public.release_price_alert_email($1)', [id]);
    expect(await take()).toBe(true);
    await runAs(db, serviceAuth, 'select public.mark_price_alert_sent($1)', [id]);
    await runAs(db, serviceAuth, 'select public.release_price_alert_email($1)', [id]);
    expect(await take()).toBe(false);
  });

  test('a claim records first-seen baselines without a mail', async () => {
    const user = await shopperLiking([], true);
    expect(await claim(user, '2026-11-21', [], [{ product_id: p[2], price: 55 }])).toBeNull();
    expect(await announced(user, p[2]!)).toBe('55.00');
  });
});

describe('the counts', () => {
  test('admins read mails sent and unsubscribes of the last days; shoppers and guests are refused', async () => {
    const before = (await runAs<{ emails_sent: string; unsubscribes: string }>(db, admin.auth, 'select * from public.price_alert_counts(30)'))[0]!;
    const user = await shopperLiking([p[2]!]);
    const id = (await claim(user, '2026-11-23', [drop(p[2]!, 50, 20)]))!;
    const token = await tokenOf(id);
    await runAs(db, serviceAuth, 'select public.mark_price_alert_sent($1)', [id]);
    await runAs(db, serviceAuth, 'select public.mark_price_alert_sent($1)', [id]);
    await unsubscribe(anonAuth, token);
    await unsubscribe(anonAuth, token);
    const after = (await runAs<{ emails_sent: string; unsubscribes: string }>(db, admin.auth, 'select * from public.price_alert_counts(30)'))[0]!;
    expect([Number(after.emails_sent) - Number(before.emails_sent), Number(after.unsubscribes) - Number(before.unsubscribes)]).toEqual([1, 1]);
    for (const auth of [anonAuth, user.auth]) {
      const outcome = await attempt(db, auth, 'select * from public.price_alert_counts(30)');
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
  });
});
