/**
 * The price-drop alert run (functions/_shared/price-alerts.ts) over the demo shop's stand-in, as
 * the functions call it: one mail per shopper listing their wishlisted products' drops, never the
 * same drop twice, at most one mail a UTC day, and every pending alert sent exactly once when a
 * run dies half-way and runs again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MailTransport, OutgoingMail } from '../../functions/_shared/mail.ts';
import { sendPriceDropAlerts, type PriceAlertOptions } from '../../functions/_shared/price-alerts.ts';
import { openDemoShop, type DemoShop, type SignedIn } from '../support/demo-stand-in.ts';

let shop: DemoShop;
let products: { id: string; name: string }[];
const SITE = 'https://gifts.example.com';
let day = Date.parse('2027-01-01T09:00:00Z');

beforeAll(async () => {
  shop = await openDemoShop();
  products = await shop.sql<{ id: string; name: string }>(
    `select p.id, p.name from public.products p
      where exists (select 1 from public.price_history h where h.product_id = p.id) order by p.name limit 12`,
  );
});
afterAll(async () => {
  await shop?.close();
});

/** A transport that keeps what it sends; with failAfter, it throws once it has sent that many. */
function recorder(failAfter = Infinity): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (sent.length >= failAfter) throw new Error('connection lost');
      sent.push(mail);
    },
    close() {},
  };
}

/** Each test runs on days of its own, so the one-mail-a-day rule of one never meets another's. */
function newDay(): Date {
  day += 7 * 86_400_000;
  return new Date(day);
}

const run = (transport: MailTransport, now: Date, options: PriceAlertOptions = {}) =>
  sendPriceDropAlerts({ db: shop.service, transport, siteUrl: SITE, now, ...options });

async function lowest(productId: string): Promise<number> {
  const [row] = await shop.sql<{ price: string }>('select price from public.lowest_latest_prices where product_id = $1', [productId]);
  return Number(row!.price);
}

/** A new lowest price at a retailer, scraped now (past every seeded price). */
async function dropTo(productId: string, price: number, platform = 'Amazon'): Promise<void> {
  await shop.sql(`insert into public.price_history (product_id, platform, price, scraped_at) values ($1, $2, $3, clock_timestamp())`, [
    productId, platform, price,
  ]);
}

async function shopperWatching(productIds: string[]): Promise<SignedIn> {
  const shopper = await shop.newUser();
  for (const id of productIds) {
    const { error } = await shopper.client.rpc('like_product', { product: id });
    if (error) throw new Error('like_product', { cause: error });
  }
  const { error } = await shopper.client.rpc('set_price_alerts', { enabled: true });
  if (error) throw new Error('set_price_alerts', { cause: error });
  return shopper;
}

const mailsTo = (t: { sent: OutgoingMail[] }, email: string) => t.sent.filter((m) => m.to === email);

describe('the alert run', () => {
  test('mails a wishlisted product\'s drop once, with old and new price, the retailer link and the unsubscribe headers', async () => {
    const product = products[0]!;
    const shopper = await shopperWatching([product.id]);
    const before = await lowest(product.id);
    await dropTo(product.id, before - 5);
    const t = recorder();
    const now = newDay();
    await run(t, now);
    const [mail, ...more] = mailsTo(t, shopper.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`${product.name}: $${before.toFixed(2)} → $${(before - 5).toFixed(2)} at Amazon`);
    expect(mail!.unsubscribeUrl).toMatch(new RegExp(`^${SITE}/api/price-alerts/unsubscribe\\?token=[0-9a-f]{64}$`));
    expect(mail!.html).toContain(`href="${mail!.unsubscribeUrl}"`);

    await run(t, new Date(now.getTime() + 3_600_000));
    expect(mailsTo(t, shopper.email)).toHaveLength(1);
  });

  test('sends at most one mail a UTC day: a second drop that day waits for the next day', async () => {
    const product = products[1]!;
    const shopper = await shopperWatching([product.id]);
    const first = await lowest(product.id) - 4;
    await dropTo(product.id, first);
    const t = recorder();
    const now = newDay();
    await run(t, now);
    await dropTo(product.id, first - 3);
    await run(t, new Date(now.getTime() + 3_600_000));
    expect(mailsTo(t, shopper.email)).toHaveLength(1);
    await run(t, new Date(now.getTime() + 86_400_000));
    const mails = mailsTo(t, shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`$${first.toFixed(2)} → $${(first - 3).toFixed(2)}`);
  });

  test('a product liked after alerts were turned on starts at its price then; only a later drop is mailed', async () => {
    const product = products[2]!;
    const shopper = await shopperWatching([]);
    await dropTo(product.id, (await lowest(product.id)) - 1);
    await shopper.client.rpc('like_product', { product: product.id });
    const t = recorder();
    await run(t, newDay());
    expect(mailsTo(t, shopper.email)).toEqual([]);
    await dropTo(product.id, (await lowest(product.id)) - 1);
    await run(t, newDay());
    expect(mailsTo(t, shopper.email)).toHaveLength(1);
  });

  test('a run killed half-way and run again sends every pending alert exactly once', async () => {
    const watched = products.slice(3, 7);
    const shoppers = [];
    for (const p of watched) shoppers.push(await shopperWatching([p.id]));
    for (const p of watched) await dropTo(p.id, (await lowest(p.id)) - 2);
    const now = newDay();

    const crashing = recorder(1);
    await expect(run(crashing, now)).rejects.toThrow(/sending mail \d+ failed after 1 sent/);
    expect(crashing.sent).toHaveLength(1);

    const rerun = recorder();
    await run(rerun, new Date(now.getTime() + 60_000));
    const all = [...crashing.sent, ...rerun.sent];
    for (const s of shoppers) expect(mailsTo({ sent: all }, s.email), s.email).toHaveLength(1);

    const third = recorder();
    await run(third, new Date(now.getTime() + 120_000));
    expect(shoppers.flatMap((s) => mailsTo(third, s.email))).toEqual([]);
  });

  test('a run killed before its first mail leaves everything claimed; the next run sends it all once, even on a later day', async () => {
    const watched = products.slice(7, 9);
    const shoppers = [];
    for (const p of watched) shoppers.push(await shopperWatching([p.id]));
    for (const p of watched) await dropTo(p.id, (await lowest(p.id)) - 2);
    const crashing = recorder(0);
    await expect(run(crashing, newDay())).rejects.toThrow(/after 0 sent/);
    const rerun = recorder();
    await run(rerun, newDay());
    for (const s of shoppers) expect(mailsTo(rerun, s.email)).toHaveLength(1);
  });

  test('two runs at once send each shopper one mail', async () => {
    const watched = products.slice(10, 12);
    const shoppers = [];
    for (const p of watched) shoppers.push(await shopperWatching([p.id]));
    for (const p of watched) await dropTo(p.id, (await lowest(p.id)) - 2);
    const [a, b] = [recorder(), recorder()];
    const now = newDay();
    await Promise.all([run(a, now), run(b, now)]);
    for (const s of shoppers) expect(mailsTo({ sent: [...a.sent, ...b.sent] }, s.email)).toHaveLength(1);
  });

  test('a shopper who unsubscribed after the claim is not mailed', async () => {
    const product = products[9]!;
    const shopper = await shopperWatching([product.id]);
    await dropTo(product.id, (await lowest(product.id)) - 2);
    const crashing = recorder(0);
    await expect(run(crashing, newDay())).rejects.toThrow();
    await shopper.client.rpc('set_price_alerts', { enabled: false });
    const rerun = recorder();
    await run(rerun, newDay());
    expect(mailsTo(rerun, shopper.email)).toEqual([]);
  });
});
