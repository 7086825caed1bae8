import { expect, test } from 'vitest';
import { retailerOffers } from './offers.ts';

const link = (platform: string, url = `https://${platform.toLowerCase().replace(/\s/g, '')}.example/item`) => ({ platform, title: `Buy on ${platform}`, url });

test('prices each retailer at its latest known price, in the order of the links', () => {
  expect(retailerOffers([link('Target'), link('Amazon')], [{ platform: 'Amazon', price: 21.5 }, { platform: 'Target', price: 19 }], 25)).toEqual([
    { platform: 'Target', url: 'https://target.example/item', price: 19 },
    { platform: 'Amazon', url: 'https://amazon.example/item', price: 21.5 },
  ]);
});

test("falls back to the product's price for a platform without a known price", () => {
  expect(retailerOffers([link('Etsy')], [{ platform: 'Amazon', price: 10 }], 24.99)[0]?.price).toBe(24.99);
});

test('matches platform names ignoring case and surrounding spaces', () => {
  expect(retailerOffers([link(' Uncommon Goods ')], [{ platform: 'uncommon goods', price: 42 }], 50)).toEqual([
    { platform: 'Uncommon Goods', url: 'https://uncommongoods.example/item', price: 42 },
  ]);
});

test('leaves out links without a platform or without an http(s) URL', () => {
  const offers = retailerOffers(
    [link(''), link('Evil', 'javascript:alert(1)'), link('Broken', 'not a url'), link('Plain', 'http://plain.example/x')],
    [],
    10,
  );
  expect(offers.map((o) => o.platform)).toEqual(['Plain']);
});
