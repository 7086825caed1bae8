import { describe, expect, test } from 'vitest';
import { alertDecision, itemLink, planAlerts, priceAlertMail, utcDay, type AlertCandidate } from './price-alert-rules.ts';

const candidate = (over: Partial<AlertCandidate>): AlertCandidate => ({
  user_id: 'u1', product_id: 'p1', product_name: 'Lamp', lowest_price: 40, platform: 'Amazon',
  url: 'https://amazon.example.com/lamp', announced_price: 50, ...over,
});

describe('alertDecision', () => {
  test('a product never announced is baselined at its price now, not mailed', () => {
    expect(alertDecision(null, 10)).toBe('baseline');
  });
  test('a lowest latest price under the last announced price is a drop', () => {
    expect(alertDecision(50, 49.99)).toBe('drop');
  });
  test('the same price as announced is no drop, so a drop is never mailed twice', () => {
    expect(alertDecision(40, 40)).toBe('none');
  });
  test('a rise is no drop', () => {
    expect(alertDecision(40, 45)).toBe('none');
  });
});

describe('planAlerts', () => {
  test('lists each shopper\'s drops with old and new price and the cheapest retailer\'s link, in wishlist order', () => {
    const plans = planAlerts([
      candidate({ product_id: 'p2', product_name: 'Mug', lowest_price: 8, announced_price: 10 }),
      candidate({ product_id: 'p1' }),
      candidate({ user_id: 'u2', product_id: 'p1', announced_price: 40 }),
    ]);
    expect(plans).toEqual([{
      userId: 'u1',
      items: [
        { product_id: 'p2', name: 'Mug', old_price: 10, new_price: 8, platform: 'Amazon', url: 'https://amazon.example.com/lamp' },
        { product_id: 'p1', name: 'Lamp', old_price: 50, new_price: 40, platform: 'Amazon', url: 'https://amazon.example.com/lamp' },
      ],
      baselines: [],
    }]);
  });

  test('records first-seen products as baselines apart from the drops', () => {
    expect(planAlerts([candidate({ announced_price: null, lowest_price: 30 })])).toEqual([
      { userId: 'u1', items: [], baselines: [{ product_id: 'p1', price: 30 }] },
    ]);
  });
});

describe('utcDay', () => {
  test('is the UTC date, whatever the local time zone', () => {
    expect(utcDay(new Date('2026-11-20T23:59:59-05:00'))).toBe('2026-11-21');
  });
});

describe('priceAlertMail', () => {
  const links = { siteUrl: 'https://shop.example.com', unsubscribeUrl: 'https://shop.example.com/api/price-alerts/unsubscribe?token=abc' };
  const item = { product_id: 'p1', name: 'Lamp <Deluxe>', old_price: 50, new_price: 40, platform: 'Amazon', url: 'https://amazon.example.com/lamp' };

  test('shows old and new price, the retailer link and the unsubscribe link in both parts', () => {
    const mail = priceAlertMail([item], links);
    expect(mail.subject).toBe('Price drop: Lamp <Deluxe> is now $40.00');
    expect(mail.text).toContain('Lamp <Deluxe>: $50.00 → $40.00 at Amazon\n  https://amazon.example.com/lamp');
    expect(mail.text).toContain(links.unsubscribeUrl);
    expect(mail.html).toContain('<strong>Lamp &lt;Deluxe&gt;</strong>: <s>$50.00</s> $40.00');
    expect(mail.html).toContain('<a href="https://amazon.example.com/lamp">Amazon</a>');
    expect(mail.html).toContain(`<a href="${links.unsubscribeUrl}">Unsubscribe</a>`);
  });

  test('counts the gifts in the subject and the first line when several dropped', () => {
    const mail = priceAlertMail([item, { ...item, product_id: 'p2' }], links);
    expect(mail.subject).toBe('Price drops on 2 gifts in your wishlist');
    expect(mail.text.split('\n')[0]).toBe('2 gifts in your wishlist got cheaper:');
    expect(mail.html).toContain('<p>2 gifts in your wishlist got cheaper:</p>');
    expect(priceAlertMail([item], links).text.split('\n')[0]).toBe('A gift in your wishlist got cheaper:');
  });

  test('links a retailer without a link on the product to the product page', () => {
    expect(itemLink({ ...item, url: null }, 'https://shop.example.com/')).toBe('https://shop.example.com/products/p1');
  });
});
