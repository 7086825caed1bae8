/**
 * /api/price-alerts/unsubscribe, called in-process as Netlify calls it, with the token of a real
 * alert mail: the link works without signing in (GET for people, the one-click POST of RFC 8058
 * for mail clients) and turns off that shopper's alerts only; a bad or unknown token changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import priceAlerts, { LINK_NOT_VALID_PAGE, NOT_VALID, UNSUBSCRIBED_PAGE } from '../../functions/price-alerts.ts';
import type { OutgoingMail } from '../../functions/_shared/mail.ts';
import { sendPriceDropAlerts } from '../../functions/_shared/price-alerts.ts';
import { openAdminHarness, type AdminHarness } from '../support/admin-functions.ts';
import type { SignedIn } from '../support/demo-stand-in.ts';

let h: AdminHarness;
let productIds: string[];
let day = Date.parse('2027-03-01T08:00:00Z');

beforeAll(async () => {
  h = await openAdminHarness();
  productIds = await h.ids(`select p.id from public.products p
    where exists (select 1 from public.price_history h where h.product_id = p.id) order by p.name limit 4`);
});
afterAll(async () => {
  await h?.close();
});

/** A shopper with alerts on and a mailed drop on one product; returns them and the mail's token. */
async function mailedShopper(productId: string): Promise<{ shopper: SignedIn; token: string }> {
  const shopper = await h.shop.newUser();
  await shopper.client.rpc('like_product', { product: productId });
  await shopper.client.rpc('set_price_alerts', { enabled: true });
  await h.shop.sql(`insert into public.price_history (product_id, platform, price, scraped_at)
    select $1, 'Amazon', price - 1, clock_timestamp() from public.lowest_latest_prices where product_id = $1`, [productId]);
  const sent: OutgoingMail[] = [];
  day += 86_400_000;
  await sendPriceDropAlerts({
    db: h.shop.service, siteUrl: 'https://gifts.example.com', now: new Date(day),
    transport: { send: async (m) => void sent.push(m), close() {} },
  });
  const mail = sent.find((m) => m.to === shopper.email);
  const token = new URL(mail!.unsubscribeUrl!).searchParams.get('token');
  return { shopper, token: token! };
}

const alertsOn = async (shopper: SignedIn): Promise<boolean> =>
  (await h.ids('select enabled from public.price_alert_settings where user_id = $1', [shopper.userId]))[0] === 'true';

const call = (method: 'GET' | 'POST', token: string | null) =>
  priceAlerts(new Request(`http://localhost:8888/api/price-alerts/unsubscribe${token === null ? '' : `?token=${token}`}`, {
    method,
    ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  }));

describe('the unsubscribe link', () => {
  test('GET, without signing in, turns the mail\'s shopper\'s alerts off and leads to the unsubscribed page', async () => {
    const { shopper, token } = await mailedShopper(productIds[0]!);
    const { shopper: other } = await mailedShopper(productIds[1]!);
    const answer = await call('GET', token);
    expect([answer.status, answer.headers.get('location')]).toEqual([303, UNSUBSCRIBED_PAGE]);
    expect([await alertsOn(shopper), await alertsOn(other)]).toEqual([false, true]);
    // A second click finds the alerts already off and says the same.
    expect((await call('GET', token)).headers.get('location')).toBe(UNSUBSCRIBED_PAGE);
  });

  test('the one-click POST turns the alerts off: 200 { unsubscribed: true }', async () => {
    const { shopper, token } = await mailedShopper(productIds[2]!);
    const answer = await call('POST', token);
    expect([answer.status, await answer.json()]).toEqual([200, { unsubscribed: true }]);
    expect(await alertsOn(shopper)).toBe(false);
  });

  test.each([
    ['unknown', 'a'.repeat(64)],
    ['malformed', 'not-a-token'],
    ['missing', null],
  ])('a %s token changes nothing: GET leads to the not-valid page, POST answers 400', async (_, token) => {
    const { shopper } = await mailedShopper(productIds[3]!);
    const get = await call('GET', token);
    expect([get.status, get.headers.get('location')]).toEqual([303, LINK_NOT_VALID_PAGE]);
    const post = await call('POST', token);
    expect([post.status, await post.json()]).toEqual([400, { error: NOT_VALID }]);
    expect(await alertsOn(shopper)).toBe(true);
  });
});
