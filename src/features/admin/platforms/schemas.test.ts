import { describe, expect, test } from 'vitest';
import { platformCreateSchema } from './schemas.ts';
import { firstProblemOf as problem } from '../fields.ts';

describe('platforms', () => {
  test.each<[unknown, string, string]>([
    [{}, 'name', 'Platform name is required'],
    [{ name: '  ' }, 'name', 'Platform name is required'],
    [{ name: 'x'.repeat(61) }, 'name', 'Platform name must be at most 60 characters'],
    [{ name: 'Etsy', url: 'https://etsy.com' }, 'url', 'Unknown field: url'],
  ])('%j → %s: %s', (body, field, message) => {
    expect(problem(platformCreateSchema, body)).toEqual({ field, message });
  });

  test('a name is trimmed', () => {
    expect(platformCreateSchema.parse({ name: ' Bookshop ' })).toEqual({ name: 'Bookshop' });
  });
});
