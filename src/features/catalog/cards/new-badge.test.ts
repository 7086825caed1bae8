import { expect, test } from 'vitest';
import { isNew } from './new-badge.ts';

const now = new Date('2026-11-30T12:00:00Z');

test('is new when created within the last 30 days', () => {
  expect(isNew('2026-11-29T12:00:00Z', now)).toBe(true);
  expect(isNew('2026-10-31T12:00:00Z', now)).toBe(true);
  expect(isNew('2026-10-31T11:59:59Z', now)).toBe(false);
  expect(isNew(new Date('2025-01-01T00:00:00Z'), now)).toBe(false);
  expect(isNew('2026-11-30T12:05:00Z', now)).toBe(true);
  expect(isNew('not a date', now)).toBe(false);
});
