import { expect, test } from 'vitest';
import { contactFieldError, mailtoHref } from './contact.ts';

test('links to the shop\'s address', () => {
  expect(mailtoHref()).toBe('mailto:hello@giftshop.example');
});

test('encodes the subject so spaces and ampersands survive', () => {
  expect(mailtoHref('Press & partnerships')).toBe('mailto:hello@giftshop.example?subject=Press%20%26%20partnerships');
});

test('a name or a message of spaces alone is refused with the reason; an empty one is left to the required check', () => {
  expect(contactFieldError('name', '   ')).toBe('Please enter your name, not just spaces.');
  expect(contactFieldError('name', ' Ada ')).toBe('');
  expect(contactFieldError('name', '')).toBe('');
  expect(contactFieldError('message', '          \n   ')).toBe('Please write at least 10 characters, not counting spaces.');
  expect(contactFieldError('message', '   Thanks!    ')).toBe('Please write at least 10 characters, not counting spaces.');
  expect(contactFieldError('message', ' Thank you! ')).toBe('');
  expect(contactFieldError('message', '')).toBe('');
});
