import { expect, test } from 'vitest';
import { retailerOffers } from './offers.ts';

const link = (platform: string, url = `https://${platform.toLowerCase().replace(/\s/g, '')}.example/item`) => ({ platform, title: `Buy on ${platform}`, url });

test('prices each retailer at its latest known price, in the order of the links', () => {
  expect(retailerOffers([link('Target'), link('Amazon')], [{ platform: 'Amazon', price: 21.5 }, { platform: 'Target', price: 19 }])).toEqual([
    { platform: 'Target', url: 'https://target.example/item', price: 19 },
    { platform: 'Amazon', url: 'https://amazon.example/item', price: 21.5 },
  ]);
});

test("a retailer with no known price is shown without a price, never at the product's base price", () => {
  expect(retailerOffers([link('Etsy')], [{ platform: 'Amazon', price: 10 }])[0]?.price).toBeNull();
});

test('matches platform names ignoring case and surrounding spaces', () => {
  expect(retailerOffers([link(' Uncommon Goods ')], [{ platform: 'uncommon goods', price: 42 }])).toEqual([
    { platform: 'Uncommon Goods', url: 'https://uncommongoods.example/item', price: 42 },
  ]);
});

test('leaves out links without a platform or without an http(s) URL', () => {
  const offers = retailerOffers(
    [link(''), link('Evil', 'javascript:alert(1)'), link('Broken', 'not a url'), link('Plain', 'http://plain.example/x')],
    [],
  );
  expect(offers.map((o) => o.platform)).toEqual(['Plain']);
});
