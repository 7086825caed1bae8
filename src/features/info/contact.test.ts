import { expect, test } from 'vitest';
import { mailtoHref } from './contact.ts';

test('links to the shop\'s address', () => {
  expect(mailtoHref()).toBe('mailto:hello@giftshop.example');
});

test('encodes the subject so spaces and ampersands survive', () => {
  expect(mailtoHref('Press & partnerships')).toBe('mailto:hello@giftshop.example?subject=Press%20%26%20partnerships');
});
