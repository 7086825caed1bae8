/**
 * The wishlist functions a signed-in shopper calls: like_product, unlike_product and
 * merge_guest_likes. Each works on the caller's own row only, identified by their JWT.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RequestAuth } from '../../supabase/local/db.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { anonAuth, attempt, createProduct, createUser, runAs, serviceAuth, type TestUser } from '../support/fixtures.ts';

let db: TestDatabase;
const p: string[] = [];
const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

beforeAll(async () => {
  db = await openTestDatabase();
  for (let i = 0; i < 6; i++) p.push((await createProduct(db, { name: `Liked ${i}` })).id);
});
afterAll(async () => {
  await db?.drop();
});

const call = async (auth: RequestAuth, fn: string, arg: unknown): Promise<string[]> =>
  (await runAs<{ liked: string[] }>(db, auth, `select public.${fn}($1) as liked`, [arg]))[0]!.liked;
const like = (user: TestUser, product: string) => call(user.auth, 'like_product', product);
const unlike = (user: TestUser, product: string) => call(user.auth, 'unlike_product', product);
const merge = (user: TestUser, products: string[]) => call(user.auth, 'merge_guest_likes', products);

/** The stored row, read as the owner: null when the user has none. */
async function stored(user: TestUser): Promise<string[] | null> {
  const { rows } = await db.query<{ product_id: string[] }>('select product_id from public.liked_products where user_id = $1', [user.id]);
  return rows[0]?.product_id ?? null;
}

describe('like_product', () => {
  test('the first like creates the user\'s row with that product', async () => {
    const user = await createUser(db);
    expect(await stored(user)).toBeNull();
    expect(await like(user, p[0]!)).toEqual([p[0]]);
    expect(await stored(user)).toEqual([p[0]]);
  });

  test('later likes are appended, newest last', async () => {
    const user = await createUser(db);
    await like(user, p[2]!);
    await like(user, p[0]!);
    expect(await like(user, p[1]!)).toEqual([p[2], p[0], p[1]]);
  });

  test('liking a liked product again changes nothing', async () => {
    const user = await createUser(db);
    await like(user, p[0]!);
    await like(user, p[1]!);
    expect(await like(user, p[0]!)).toEqual([p[0], p[1]]);
    expect(await stored(user)).toEqual([p[0], p[1]]);
  });

  test('an unknown product is refused and nothing is stored', async () => {
    const user = await createUser(db);
    const outcome = await attempt(db, user.auth, 'select public.like_product($1)', [UNKNOWN]);
    expect(outcome.ok ? 'succeeded' : [outcome.code, outcome.message]).toEqual(['22023', `No product has the id ${UNKNOWN}`]);
    expect(await stored(user)).toBeNull();
  });
});

describe('unlike_product', () => {
  test('removes the product and keeps the order of the rest', async () => {
    const user = await createUser(db);
    for (const id of [p[0]!, p[1]!, p[2]!]) await like(user, id);
    expect(await unlike(user, p[1]!)).toEqual([p[0], p[2]]);
    expect(await stored(user)).toEqual([p[0], p[2]]);
  });

  test('unliking a product that is not liked changes nothing', async () => {
    const user = await createUser(db);
    await like(user, p[0]!);
    expect(await unlike(user, p[3]!)).toEqual([p[0]]);
  });

  test('unliking without a row returns an empty list and creates no row', async () => {
    const user = await createUser(db);
    expect(await unlike(user, p[0]!)).toEqual([]);
    expect(await stored(user)).toBeNull();
  });
});

describe('merge_guest_likes', () => {
  test('keeps the user\'s likes first, then adds the guest\'s new ones in order, without duplicates or unknown ids', async () => {
    const user = await createUser(db);
    await like(user, p[0]!);
    await like(user, p[1]!);
    expect(await merge(user, [p[3]!, p[0]!, UNKNOWN, p[2]!, p[3]!])).toEqual([p[0], p[1], p[3], p[2]]);
    expect(await stored(user)).toEqual([p[0], p[1], p[3], p[2]]);
  });

  test('creates the row from the guest\'s likes when the user has none', async () => {
    const user = await createUser(db);
    expect(await merge(user, [p[4]!, p[4]!, p[2]!])).toEqual([p[4], p[2]]);
  });

  test('merging nothing leaves the likes as they were', async () => {
    const user = await createUser(db);
    await like(user, p[5]!);
    expect(await merge(user, [])).toEqual([p[5]]);
    expect(await merge(user, [UNKNOWN])).toEqual([p[5]]);
  });

  test('merging the same guest list twice adds nothing the second time', async () => {
    const user = await createUser(db);
    await merge(user, [p[1]!, p[2]!]);
    expect(await merge(user, [p[2]!, p[1]!])).toEqual([p[1], p[2]]);
  });
});

describe('who may call them', () => {
  test.each([
    ['like_product', 'uuid', () => p[0]],
    ['unlike_product', 'uuid', () => p[0]],
    ['merge_guest_likes', 'uuid[]', () => [p[0]]],
  ])('anon and the service role cannot call %s', async (fn, type, arg) => {
    for (const auth of [anonAuth, serviceAuth]) {
      const outcome = await attempt(db, auth, `select public.${fn}($1::${type})`, [arg()]);
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
    }
  });

  test('a user\'s like, unlike and merge never touch another user\'s row', async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    await like(other, p[0]!);
    await like(other, p[1]!);
    await like(user, p[0]!);
    await unlike(user, p[1]!);
    await unlike(user, p[0]!);
    await merge(user, [p[2]!, p[3]!]);
    expect(await stored(other)).toEqual([p[0], p[1]]);
    expect(await stored(user)).toEqual([p[2], p[3]]);
  });

  test('a user cannot store a product that does not exist by writing their row directly', async () => {
    const user = await createUser(db);
    await like(user, p[0]!);
    const outcome = await attempt(db, user.auth, `update public.liked_products set product_id = product_id || $1::uuid`, [UNKNOWN]);
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
  });

  test('a user cannot create their row with a product that does not exist', async () => {
    const user = await createUser(db);
    const outcome = await attempt(db, user.auth, `insert into public.liked_products (user_id, product_id) values ($1, $2)`, [
      user.id, [p[0], UNKNOWN],
    ]);
    expect(outcome.ok ? 'succeeded' : [outcome.code, outcome.message]).toEqual(['22023', `No product has the id ${UNKNOWN}`]);
  });

  test('deleting several products at once removes them all from every wishlist, keeping the order of the rest', async () => {
    const doomed = [(await createProduct(db)).id, (await createProduct(db)).id];
    const user = await createUser(db);
    for (const id of [p[1]!, doomed[0]!, p[0]!, doomed[1]!, p[2]!]) await like(user, id);
    await db.query('delete from public.products where id = any ($1)', [doomed]);
    expect(await stored(user)).toEqual([p[1], p[0], p[2]]);
  });

  test('deleting a product removes it from every wishlist', async () => {
    const doomed = await createProduct(db);
    const user = await createUser(db);
    const other = await createUser(db);
    await like(user, p[0]!);
    await like(user, doomed.id);
    await like(other, doomed.id);
    await db.query('delete from public.products where id = $1', [doomed.id]);
    expect([await stored(user), await stored(other)]).toEqual([[p[0]], []]);
  });
});
