/**
 * The Analytics tab's price-drop alert counts, read as the Analytics room reads them (its
 * queries.ts with the signed-in admin's supabase-js client): alert emails sent and unsubscribes
 * of the last 30 days, counted once each; a shopper is refused.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { OutgoingMail } from '../../functions/_shared/mail.ts';
import { sendPriceDropAlerts } from '../../functions/_shared/price-alerts.ts';
import { priceAlertCounts } from '../../src/features/admin/analytics/queries.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../supabase/seed/accounts.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

let shop: DemoShop;

beforeAll(async () => {
  shop = await openDemoShop();
});
afterAll(async () => {
  await shop?.close();
});

test('an admin reads alert emails sent and unsubscribes; a shopper cannot', async () => {
  const admin = (await shop.signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).client;
  const before = await priceAlertCounts(admin, 30);

  const [product] = await shop.sql<{ id: string }>(
    'select product_id as id from public.lowest_latest_prices order by product_id limit 1',
  );
  const shopper = await shop.newUser();
  await shopper.client.rpc('like_product', { product: product!.id });
  await shopper.client.rpc('set_price_alerts', { enabled: true });
  await shop.sql(`insert into public.price_history (product_id, platform, price, scraped_at)
    select product_id, 'Amazon', price - 1, clock_timestamp() from public.lowest_latest_prices where product_id = $1`, [product!.id]);
  const sent: OutgoingMail[] = [];
  await sendPriceDropAlerts({ db: shop.service, siteUrl: 'https://gifts.example.com', transport: { send: async (m) => void sent.push(m), close() {} } });
  const token = new URL(sent.find((m) => m.to === shopper.email)!.unsubscribeUrl!).searchParams.get('token');
  await shop.anon.rpc('unsubscribe_price_alerts', { token: token! });

  expect(await priceAlertCounts(admin, 30)).toEqual({ emailsSent: before.emailsSent + 1, unsubscribes: before.unsubscribes + 1 });
  await expect(priceAlertCounts(shopper.client, 30)).rejects.toThrow('admin.priceAlertCounts(30)');
});
