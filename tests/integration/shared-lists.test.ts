/**
 * Shared gift lists through supabase-js against the stand-in, with the wishlist's own queries: a
 * shopper shares, renames and stops sharing; a visitor (signed out or another shopper) reads the
 * list by its token, with the owner's current likes, and the HTTP answer carries nothing about the
 * owner; the shares table is closed to them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  latestPricesOf, ownListShare, sharedWishlist, shareWishlist, stopSharingWishlist,
} from '../../src/features/wishlist/queries.ts';
import { openDemoShop, type DemoShop, type SignedIn } from '../support/demo-stand-in.ts';

let shop: DemoShop;
let owner: SignedIn;
let liked: string[];
let extra: string;

beforeAll(async () => {
  shop = await openDemoShop();
  owner = await shop.newUser();
  // Products with retailer prices, so the shared page's prices have something to show.
  const priced = (await shop.sql<{ id: string }>('select distinct product_id as id from public.latest_prices order by 1 limit 4')).map((r) => r.id);
  liked = priced.slice(0, 3);
  extra = priced[3]!;
  for (const product of liked) expect((await owner.client.rpc('like_product', { product })).error).toBeNull();
});
afterAll(async () => {
  await shop?.close();
});

describe('the owner', () => {
  test('shares, sees their share, renames it keeping the link, stops, and shares again with a new link', async () => {
    expect(await ownListShare(owner.client, owner.userId)).toBeNull();
    const shared = await shareWishlist(owner.client, 'My gift ideas');
    expect(shared).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), title: 'My gift ideas' });
    expect(await ownListShare(owner.client, owner.userId)).toEqual(shared);

    expect(await shareWishlist(owner.client, 'Birthday')).toEqual({ token: shared.token, title: 'Birthday' });

    await stopSharingWishlist(owner.client);
    expect(await ownListShare(owner.client, owner.userId)).toBeNull();
    expect(await sharedWishlist(shop.anon, shared.token)).toBeNull();

    const again = await shareWishlist(owner.client, 'Birthday');
    expect(again.token).not.toBe(shared.token);
    expect(await sharedWishlist(shop.anon, again.token)).toEqual({ title: 'Birthday', productIds: liked });
    await stopSharingWishlist(owner.client);
  });

  test('a title the database refuses comes back as an error naming the call', async () => {
    await expect(shareWishlist(owner.client, ' ')).rejects.toThrow('wishlist.shareWishlist');
  });

  test('a guest can neither share nor stop sharing', async () => {
    await expect(shareWishlist(shop.anon, 'Mine')).rejects.toThrow('wishlist.shareWishlist');
    await expect(stopSharingWishlist(shop.anon)).rejects.toThrow('wishlist.stopSharingWishlist');
  });
});

describe('a visitor with the link', () => {
  test('reads the title and the owner\'s likes as they are now, signed out or signed in', async () => {
    const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
    const visitor = await shop.newUser();
    expect(await sharedWishlist(shop.anon, token)).toEqual({ title: 'Gifts for Sam', productIds: liked });
    expect(await sharedWishlist(visitor.client, token)).toEqual({ title: 'Gifts for Sam', productIds: liked });

    await owner.client.rpc('like_product', { product: extra });
    expect((await sharedWishlist(shop.anon, token))?.productIds).toEqual([...liked, extra]);
    await owner.client.rpc('unlike_product', { product: extra });
    expect((await sharedWishlist(shop.anon, token))?.productIds).toEqual(liked);
    await stopSharingWishlist(owner.client);
  });

  test('the HTTP answer holds the title and the product ids, and nothing about the owner', async () => {
    const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
    const response = await fetch(`${shop.standIn.url}/rest/v1/rpc/shared_wishlist`, {
      method: 'POST',
      headers: { apikey: shop.standIn.anonKey, authorization: `Bearer ${shop.standIn.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = await response.text();
    expect(JSON.parse(body)).toEqual([{ title: 'Gifts for Sam', product_ids: liked }]);
    expect(body).not.toContain(owner.userId);
    expect(body).not.toContain(owner.email);
    await stopSharingWishlist(owner.client);
  });

  test('a wrong, malformed or empty token reads no list and is no error', async () => {
    const { token } = await shareWishlist(owner.client, 'Gifts for Sam');
    for (const wrong of ['x'.repeat(43), token.slice(0, 20), '', `${token}'`]) {
      expect(await sharedWishlist(shop.anon, wrong), wrong).toBeNull();
    }
    await stopSharingWishlist(owner.client);
  });

  test('cannot read the shares table, signed out or as another shopper', async () => {
    await shareWishlist(owner.client, 'Gifts for Sam');
    const visitor = await shop.newUser();
    const asGuest = await shop.anon.from('shared_lists').select('token, title');
    expect(asGuest.error?.code).toBe('42501');
    const asOther = await visitor.client.from('shared_lists').select('token, title');
    expect(asOther.data).toEqual([]);
    await stopSharingWishlist(owner.client);
  });

  test('reads each gift\'s latest price per retailer', async () => {
    const rows = await shop.sql<{ product_id: string; platform: string; price: string }>(
      'select product_id, platform, price from public.latest_prices where product_id = any($1)', [liked],
    );
    const prices = await latestPricesOf(shop.anon, liked);
    expect([...prices.values()].flat().length).toBe(rows.length);
    for (const row of rows) expect(prices.get(row.product_id)).toContainEqual({ platform: row.platform, price: Number(row.price) });
  });
});
