import { describe, expect, test } from 'vitest';
import { afterCategoryChosen, afterCategoryCleared, afterGenderChosen, openListsFor, shownGender } from './filter-sidebar.ts';

describe('blogs filter sidebar', () => {
  test('opens the Categories list when neither category nor gender is chosen, and the Gender list', () => {
    expect(openListsFor({ category: null, gender: null })).toEqual({ categories: true, gender: true });
    expect(openListsFor({ category: 'c1', gender: null })).toEqual({ categories: false, gender: true });
    expect(openListsFor({ category: null, gender: 'for_her' })).toEqual({ categories: false, gender: true });
  });

  test('choosing a category closes the Categories list', () => {
    expect(afterCategoryChosen({ categories: true, gender: true })).toEqual({ categories: false, gender: true });
  });

  test('choosing a gender closes the Gender list', () => {
    expect(afterGenderChosen({ categories: true, gender: true })).toEqual({ categories: true, gender: false });
  });

  test('clearing the category reopens the Categories list if no gender is set', () => {
    expect(afterCategoryCleared({ categories: false, gender: true }, null)).toEqual({ categories: true, gender: true });
    expect(afterCategoryCleared({ categories: false, gender: false }, 'for_him')).toEqual({ categories: false, gender: false });
  });

  test('the empty gender value means for_both', () => {
    expect(shownGender(null)).toBe('for_both');
    expect(shownGender('for_him')).toBe('for_him');
    expect(openListsFor({ category: null, gender: 'for_both' })).toEqual({ categories: true, gender: true });
    expect(afterCategoryCleared({ categories: false, gender: true }, 'for_both').categories).toBe(true);
  });
});
