import { describe, expect, test } from 'vitest';
import {
  canSubmitSearch, enterAction, isBestMatch, moveHighlight, readRecentSearches, recentSuggestions, rememberSearch,
  searchHref, searchOffset, searchTerm, suggestionHref, typedSuggestions, type Suggestion,
} from './rules.ts';

describe('submitting and fetching', () => {
  test('does not submit empty or whitespace-only text', () => {
    expect(canSubmitSearch('')).toBe(false);
    expect(canSubmitSearch(' \t ')).toBe(false);
    expect(canSubmitSearch('a')).toBe(true);
    expect(searchHref('  mugs & cups ')).toBe('/search?q=mugs%20%26%20cups');
  });

  test('fetches suggestions and results only with at least 2 trimmed characters, trimmed and lower case', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('  Pasta MAKER ')).toBe('pasta maker');
    expect(searchTerm('TV')).toBe('tv');
    // The search functions refuse more than 200 characters: a longer text is cut, by characters.
    expect(searchTerm(` ${'Mug'.repeat(70)} `)).toBe('mug'.repeat(70).slice(0, 200));
    expect(Array.from(searchTerm('🎁'.repeat(250))!)).toHaveLength(200);
  });
});

describe('recent searches', () => {
  test('saves only with at least 2 trimmed characters, newest first, duplicates removed', () => {
    expect(rememberSearch(['mugs'], ' a ')).toEqual(['mugs']);
    expect(rememberSearch(['mugs', 'lamps'], ' Lamps ')).toEqual(['Lamps', 'mugs']);
  });

  test('stores at most 10 and shows at most 5 when the box is empty', () => {
    const many = Array.from({ length: 10 }, (_, i) => `search ${i}`);
    expect(rememberSearch(many, 'newest')).toEqual(['newest', ...many.slice(0, 9)]);
    expect(recentSuggestions(many).map((s) => s.text)).toEqual(many.slice(0, 5));
    expect(recentSuggestions(['mugs'])).toEqual([{ type: 'recent', id: 'recent-0', text: 'mugs' }]);
  });

  test('reads the stored list defensively', () => {
    expect(readRecentSearches('["mugs", 3, "x", "MUGS", "lamps"]')).toEqual(['mugs', 'lamps']);
    expect(readRecentSearches('{"a":1}')).toEqual([]);
    expect(readRecentSearches('not json')).toEqual([]);
    expect(readRecentSearches(null)).toEqual([]);
  });
});

describe('suggestions', () => {
  test('lists up to 5 products, then up to 3 categories', () => {
    const products = Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, imageUrl: null }));
    const categories = Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, name: `Category ${i}` }));
    const list = typedSuggestions(products, categories);
    expect(list.map((s) => s.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'c0', 'c1', 'c2']);
    expect(list[0]).toEqual({ type: 'product', id: 'p0', text: 'Product 0', imageUrl: null });
  });

  test('choosing a category opens its page; anything else runs a search', () => {
    expect(suggestionHref({ type: 'category', id: 'c1', text: 'Builders & Fixers' })).toBe('/category/c1/builders-and-fixers');
    expect(suggestionHref({ type: 'product', id: 'p1', text: 'Pasta Maker', imageUrl: null })).toBe('/search?q=Pasta%20Maker');
    expect(suggestionHref({ type: 'recent', id: 'recent-0', text: 'mugs' })).toBe('/search?q=mugs');
  });
});

describe('keyboard highlight', () => {
  test('arrow keys move without wrapping; up from the first returns to none; down from none goes to the first', () => {
    expect(moveHighlight(null, 'ArrowDown', 3)).toBe(0);
    expect(moveHighlight(0, 'ArrowDown', 3)).toBe(1);
    expect(moveHighlight(2, 'ArrowDown', 3)).toBe(2);
    expect(moveHighlight(2, 'ArrowUp', 3)).toBe(1);
    expect(moveHighlight(0, 'ArrowUp', 3)).toBeNull();
    expect(moveHighlight(null, 'ArrowUp', 3)).toBeNull();
    expect(moveHighlight(null, 'ArrowDown', 0)).toBeNull();
  });

  test('Enter chooses the highlighted item, else submits the typed text', () => {
    const suggestions: Suggestion[] = [{ type: 'recent', id: 'recent-0', text: 'mugs' }];
    expect(enterAction(0, suggestions, 'mu')).toEqual({ kind: 'choose', suggestion: suggestions[0] });
    expect(enterAction(null, suggestions, ' mu ')).toEqual({ kind: 'submit', text: 'mu' });
    expect(enterAction(null, suggestions, '  ')).toEqual({ kind: 'none' });
  });
});

describe('results', () => {
  test('shows Best Match when the rank is above 0.8', () => {
    expect(isBestMatch(0.81)).toBe(true);
    expect(isBestMatch(0.8)).toBe(false);
  });

  test('pages hold 24 results', () => {
    expect(searchOffset(1)).toBe(0);
    expect(searchOffset(3)).toBe(48);
    expect(searchOffset(0)).toBe(0);
  });
});
