import { describe, expect, test } from 'vitest';
import { quizForAudience, quizPagesShowing, resultLinks } from './choose.ts';

describe('quizForAudience', () => {
  const quizzes = [
    { id: 'both-old', gender: 'for_both' as const, updatedAt: '2026-01-01' },
    { id: 'both-new', gender: 'for_both' as const, updatedAt: '2026-02-01' },
    { id: 'him', gender: 'for_him' as const, updatedAt: '2026-01-15' },
  ];
  test("shows the audience's newest quiz", () => {
    expect(quizForAudience(quizzes, 'for_him')?.id).toBe('him');
  });
  test('falls back to the newest quiz for both', () => {
    expect(quizForAudience(quizzes, 'for_her')?.id).toBe('both-new');
  });
  test('has none when nothing is saved', () => {
    expect(quizForAudience([], 'for_both')).toBeUndefined();
  });
});

describe('quizPagesShowing', () => {
  test('names the audiences whose quiz page shows each quiz, and leaves out a quiz no page shows', () => {
    const shown = quizPagesShowing([
      { id: 'both-old', gender: 'for_both', updatedAt: '2026-01-01' },
      { id: 'both-new', gender: 'for_both', updatedAt: '2026-02-01' },
      { id: 'him', gender: 'for_him', updatedAt: '2026-01-15' },
    ]);
    expect(Object.fromEntries(shown)).toEqual({ him: ['for_him'], 'both-new': ['for_her', 'for_both'] });
  });
});

describe('resultLinks', () => {
  test("links each personality to its category, and a missing one to the default personality's", () => {
    const links = resultLinks([
      { id: 'c1', name: 'Tech Savvy', personality: 'techSavvy' },
      { id: 'c0', name: 'Has Everything', personality: 'dontNeedAnything' },
    ]);
    expect(links.techSavvy).toEqual({ name: 'Tech Savvy', href: '/category/c1/tech-savvy' });
    expect(links.gameMode).toEqual({ name: 'Has Everything', href: '/category/c0/has-everything' });
  });
});
