import { describe, expect, test } from 'vitest';
import { containsPattern, nameOrDescriptionContains } from './db.ts';

describe('containsPattern (search on name or description, any letter case)', () => {
  test('wraps the term in wildcards and quotes', () => expect(containsPattern('desk lamp')).toBe('"*desk lamp*"'));
  test('commas and parentheses stay inside the quoted value', () => expect(containsPattern('a, b (c)')).toBe('"*a, b (c)*"'));
  test("the term's % and _ match themselves", () => expect(containsPattern('50%_off')).toBe('"*50\\\\%\\\\_off*"'));
  test('quotes and backslashes cannot end the value', () => expect(containsPattern('say "hi"\\')).toBe('"*say \\"hi\\"\\\\\\\\*"'));
  test('a * matches any one character', () => expect(containsPattern('a*b')).toBe('"*a_b*"'));
});

describe('nameOrDescriptionContains', () => {
  test('matches the term in the name or in the description', () => {
    expect(nameOrDescriptionContains('lamp')).toBe('name.ilike."*lamp*",description.ilike."*lamp*"');
  });
});
