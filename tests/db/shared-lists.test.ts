/**
 * Shared gift lists in the database: a shopper shares, renames and stops sharing their own
 * wishlist only; a token reads its own list only — the title and the owner's current likes, and
 * nothing about the owner; a wrong, stopped or malformed token reads nothing; nobody but the owner
 * reads the shares table, and nobody writes it directly.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { anonAuth, attempt, createProduct, createUser, refusal, runAs, serviceAuth, type TestUser } from '../support/fixtures.ts';
import type { RequestAuth } from '../../supabase/local/db.ts';

let db: TestDatabase;
const p: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  for (let i = 0; i < 4; i++) p.push((await createProduct(db, { name: `Shared gift ${i}` })).id);
});
afterAll(async () => {
  await db?.drop();
});

type Share = {
  owner_id: string;
  token: string;
  title: string;
};

async function shopperLiking(products: string[]): Promise<TestUser> {
  const user = await createUser(db);
  if (products.length > 0) await db.query('insert into public.liked_products (user_id, product_id) values ($1, $2)', [user.id, products]);
  return user;
}

const share = async (user: TestUser, title: string | null = 'My gift ideas'): Promise<Share> =>
  (await runAs<Share>(db, user.auth, 'select owner_id, token, title from public.share_wishlist($1)', [title]))[0]!;

const stopSharing = async (user: TestUser): Promise<boolean> =>
  (await runAs<{ stopped: boolean }>(db, user.auth, 'select public.stop_sharing_wishlist() as stopped'))[0]!.stopped;

const open = async (auth: RequestAuth, token: string | null) =>
  runAs<{ title: string; product_ids: string[] }>(db, auth, 'select * from public.shared_wishlist($1)', [token]);

describe('sharing a wishlist', () => {
  test('gives the shopper a token of 43 base64url characters (256 bits) for a list with their title', async () => {
    const user = await shopperLiking([p[0]!]);
    const shared = await share(user, 'Birthday ideas');
    expect(shared).toEqual({ owner_id: user.id, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), title: 'Birthday ideas' });
  });

  test('tokens differ from shopper to shopper and from one share to the next', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const user = await shopperLiking([]);
      tokens.add((await share(user)).token);
      await stopSharing(user);
      tokens.add((await share(user)).token);
    }
    expect(tokens.size).toBe(10);
  });

  test('sharing again while shared renames the list and keeps its link', async () => {
    const user = await shopperLiking([p[0]!]);
    const first = await share(user, 'My gift ideas');
    const renamed = await share(user, '  Wedding list  ');
    expect(renamed).toEqual({ ...first, title: 'Wedding list' });
    expect(await open(anonAuth, first.token)).toEqual([{ title: 'Wedding list', product_ids: [p[0]] }]);
  });

  test.each([
    ['an empty title', '   ', 'Give the list a title'],
    ['no title', null, 'Give the list a title'],
    ['a title over 80 characters', 'x'.repeat(81), 'A list title can have at most 80 characters'],
    ['a title with a line break', 'Gifts\nfor Sam', 'A list title cannot contain line breaks or control characters'],
  ])('%s is refused with a message saying why, and nothing changes', async (_, title, message) => {
    const user = await shopperLiking([p[0]!]);
    const before = await share(user, 'Kept title');
    expect(await refusal(db, user.auth, 'select public.share_wishlist($1)', [title])).toEqual({ code: '22023', message });
    expect(await open(anonAuth, before.token)).toEqual([{ title: 'Kept title', product_ids: [p[0]] }]);
  });

  test('80 characters are fine', async () => {
    const user = await shopperLiking([]);
    expect((await share(user, 'x'.repeat(80))).title).toHaveLength(80);
  });

  test('a guest can neither share nor stop sharing', async () => {
    expect((await refusal(db, anonAuth, `select public.share_wishlist('Mine')`)).code).toBe('42501');
    expect((await refusal(db, anonAuth, 'select public.stop_sharing_wishlist()')).code).toBe('42501');
  });
});

describe('opening a shared list with its token', () => {
  test('anyone reads the title and the owner\'s likes, oldest first, whether signed in or not', async () => {
    const owner = await shopperLiking([p[2]!, p[0]!]);
    const visitor = await shopperLiking([p[3]!]);
    const { token } = await share(owner, 'Gifts for Sam');
    const list = [{ title: 'Gifts for Sam', product_ids: [p[2], p[0]] }];
    expect(await open(anonAuth, token)).toEqual(list);
    expect(await open(visitor.auth, token)).toEqual(list);
    expect(await open(owner.auth, token)).toEqual(list);
  });

  test('answers only with the title and the product ids: no owner id, email or other column', async () => {
    const owner = await shopperLiking([p[1]!]);
    const { token } = await share(owner);
    const [row] = await open(anonAuth, token);
    expect(Object.keys(row!).sort()).toEqual(['product_ids', 'title']);
    expect(JSON.stringify(row)).not.toContain(owner.id);
    expect(JSON.stringify(row)).not.toContain(owner.email);
  });

  test('shows the wishlist as it is now: a like or unlike after sharing shows at once', async () => {
    const owner = await shopperLiking([p[0]!]);
    const { token } = await share(owner);
    await runAs(db, owner.auth, 'select public.like_product($1)', [p[1]]);
    await runAs(db, owner.auth, 'select public.unlike_product($1)', [p[0]]);
    expect(await open(anonAuth, token)).toEqual([{ title: 'My gift ideas', product_ids: [p[1]] }]);
  });

  test('a shopper who likes nothing shares an empty list, not an error', async () => {
    const owner = await shopperLiking([]);
    const { token } = await share(owner, 'Empty so far');
    expect(await open(anonAuth, token)).toEqual([{ title: 'Empty so far', product_ids: [] }]);
  });

  test('each token reads its own list only', async () => {
    const alice = await shopperLiking([p[0]!]);
    const bob = await shopperLiking([p[1]!, p[2]!]);
    const aliceToken = (await share(alice, 'Alice list')).token;
    const bobToken = (await share(bob, 'Bob list')).token;
    expect(await open(anonAuth, aliceToken)).toEqual([{ title: 'Alice list', product_ids: [p[0]] }]);
    expect(await open(anonAuth, bobToken)).toEqual([{ title: 'Bob list', product_ids: [p[1], p[2]] }]);
  });

  test.each([
    ['an unknown token of the right shape', () => 'A'.repeat(43)],
    ['a token cut short', (token: string) => token.slice(0, 42)],
    ['a token with one more character', (token: string) => `${token}x`],
    ['a token in other letter case', (token: string) => (token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase())],
    ['a pattern instead of a token', () => '%'],
    ['a token with SQL in it', (token: string) => `${token}' or '1'='1`],
    ['an empty token', () => ''],
    ['no token', () => null],
  ])('%s reads nothing', async (_, wrong) => {
    const owner = await shopperLiking([p[0]!]);
    const { token } = await share(owner);
    expect(await open(anonAuth, wrong(token))).toEqual([]);
  });

  test('a stopped share\'s token reads nothing, and sharing again makes a new link while the old one stays dead', async () => {
    const owner = await shopperLiking([p[0]!]);
    const first = await share(owner);
    expect(await stopSharing(owner)).toBe(true);
    expect(await open(anonAuth, first.token)).toEqual([]);
    expect(await stopSharing(owner)).toBe(false);
    const again = await share(owner);
    expect(again.token).not.toBe(first.token);
    expect(await open(anonAuth, again.token)).toEqual([{ title: 'My gift ideas', product_ids: [p[0]] }]);
    expect(await open(anonAuth, first.token)).toEqual([]);
  });

  test('a shopper stops only their own share', async () => {
    const owner = await shopperLiking([p[0]!]);
    const other = await shopperLiking([p[1]!]);
    const { token } = await share(owner);
    expect(await stopSharing(other)).toBe(false);
    expect(await open(anonAuth, token)).toHaveLength(1);
  });

  test('a deleted account\'s share goes with it', async () => {
    const owner = await shopperLiking([p[0]!]);
    const { token } = await share(owner);
    await db.query('delete from auth.users where id = $1', [owner.id]);
    expect(await open(anonAuth, token)).toEqual([]);
  });
});

describe('the shares table', () => {
  test('a guest cannot read it at all', async () => {
    const owner = await shopperLiking([p[0]!]);
    await share(owner);
    expect((await refusal(db, anonAuth, 'select token from public.shared_lists')).code).toBe('42501');
  });

  test('a shopper reads their own share and no one else\'s', async () => {
    const owner = await shopperLiking([p[0]!]);
    const other = await shopperLiking([p[1]!]);
    const { token } = await share(owner, 'Only mine');
    expect(await runAs(db, owner.auth, 'select token, title from public.shared_lists')).toEqual([{ token, title: 'Only mine' }]);
    expect(await runAs(db, other.auth, 'select token from public.shared_lists where owner_id = $1 or token = $2', [owner.id, token])).toEqual([]);
  });

  test.each([
    ['insert a share with a token of their choosing', `insert into public.shared_lists (owner_id, token, title) values ($1, repeat('a', 43), 'Mine')`],
    ['change their token', `update public.shared_lists set token = repeat('a', 43) where owner_id = $1`],
    ['change their title directly', `update public.shared_lists set title = 'Renamed' where owner_id = $1`],
    ['delete their share directly', 'delete from public.shared_lists where owner_id = $1'],
  ])('a shopper cannot %s', async (_, sql) => {
    const owner = await shopperLiking([p[0]!]);
    if (!sql.startsWith('insert')) await share(owner);
    expect((await refusal(db, owner.auth, sql, [owner.id])).code).toBe('42501');
  });

  test('the service role reads it (the owner id is not exposed through the API to anyone else)', async () => {
    const owner = await shopperLiking([]);
    const { token } = await share(owner);
    expect(await runAs(db, serviceAuth, 'select owner_id from public.shared_lists where token = $1', [token])).toEqual([{ owner_id: owner.id }]);
  });
});

describe('no other data through a share', () => {
  test('the reading function gives no way to another shopper\'s likes: a guest still cannot read liked_products', async () => {
    const owner = await shopperLiking([p[0]!]);
    await share(owner);
    const outcome = await attempt(db, anonAuth, 'select product_id from public.liked_products');
    expect(outcome.ok ? 'read' : outcome.code).toBe('42501');
  });

  test('a visitor holding a token still sees only their own likes and share', async () => {
    const owner = await shopperLiking([p[0]!, p[1]!]);
    const visitor = await shopperLiking([p[3]!]);
    await share(owner);
    expect(await runAs(db, visitor.auth, 'select user_id, product_id from public.liked_products')).toEqual([{ user_id: visitor.id, product_id: [p[3]] }]);
    expect(await runAs(db, visitor.auth, 'select token from public.shared_lists')).toEqual([]);
  });

  test('the reading function is security definer with an empty search_path, and only anon and authenticated may run it', async () => {
    const { rows } = await db.query<{ definer: boolean; config: string[]; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
         from pg_proc p where p.oid = 'public.shared_wishlist(text)'::regprocedure`,
    );
    expect(rows).toEqual([{ definer: true, config: ['search_path=""'], anon: true, authenticated: true, service: false }]);
  });
});
