import { describe, expect, test } from 'vitest';
import type { Suggestion } from './rules.ts';
import { boxView, groupSuggestions, type SuggestionRead } from './suggestion-box.ts';

const product = (id: string): Suggestion => ({ type: 'product', id, text: `Product ${id}`, imageUrl: null });
const category = (id: string): Suggestion => ({ type: 'category', id, text: `Category ${id}` });
const read = (term: string | null, status: SuggestionRead['status'], suggestions: Suggestion[] = []): SuggestionRead => ({ term, status, suggestions });

describe('groups', () => {
  test('labels products, categories and recent searches, keeping each option’s place in the whole list', () => {
    const groups = groupSuggestions([product('p1'), product('p2'), category('c1')]);
    expect(groups.map((g) => g.label)).toEqual(['Products', 'Categories']);
    expect(groups[1]?.options).toEqual([{ suggestion: category('c1'), index: 2 }]);
    expect(groupSuggestions([{ type: 'recent', id: 'recent-0', text: 'mugs' }])[0]?.label).toBe('Recent searches');
    expect(groupSuggestions([])).toEqual([]);
  });
});

describe('what the box lists', () => {
  test('an empty box lists at most 5 recent searches', () => {
    const recent = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'];
    const view = boxView('  ', recent, read(null, 'idle'), []);
    expect(view.suggestions.map((s) => s.text)).toEqual(recent.slice(0, 5));
    expect(view.note).toBeNull();
  });

  test('one character lists nothing and asks for nothing', () => {
    expect(boxView(' w ', ['mugs'], read(null, 'idle'), [product('p1')])).toEqual({ suggestions: [], note: null });
  });

  test('while the typing has not paused or the answer is awaited, keeps the previous list and says it is searching', () => {
    expect(boxView('wat', [], read('wa', 'ready', [product('p1')]), [product('p1')])).toEqual({ suggestions: [product('p1')], note: 'searching' });
    expect(boxView('Wat ', [], read('wat', 'loading'), [])).toEqual({ suggestions: [], note: 'searching' });
  });

  test('shows the answer for the typed term, trimmed and lower case', () => {
    const found = [product('p1'), category('c1')];
    expect(boxView(' WA ', [], read('wa', 'ready', found), [])).toEqual({ suggestions: found, note: null });
    expect(boxView('zz', [], read('zz', 'ready', []), [])).toEqual({ suggestions: [], note: 'noMatches' });
  });

  test('a failed read is a quiet note, not a list', () => {
    expect(boxView('wa', [], read('wa', 'error'), [product('p1')])).toEqual({ suggestions: [], note: 'error' });
  });
});
