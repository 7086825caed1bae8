/**
 * What the header's search box lists under the text: recent searches in an empty box, else the
 * products and categories found for the typed term, grouped under their labels while the keyboard
 * highlight counts them as one list; and the notes it shows while looking or when it cannot.
 */
import type { QueryStatus } from '../../lib/query-cache.ts';
import { recentSuggestions, searchTerm, type Suggestion } from './rules.ts';

/** Suggestion debounce (spec: 300 ms). */
export const SUGGESTION_DEBOUNCE_MS = 300;
/** Suggestion freshness (spec: 60 seconds). */
export const SUGGESTIONS_STALE_MS = 60_000;

export const GROUP_LABELS: Readonly<Record<Suggestion['type'], string>> = {
  product: 'Products',
  category: 'Categories',
  recent: 'Recent searches',
};

export interface SuggestionGroup {
  type: Suggestion['type'];
  label: string;
  /** Each option with its place in the whole list, which the highlight counts in. */
  options: { suggestion: Suggestion; index: number }[];
}

/** The list in groups of one type each (Products, Categories, Recent searches), in list order. */
export function groupSuggestions(list: readonly Suggestion[]): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [];
  list.forEach((suggestion, index) => {
    const last = groups[groups.length - 1];
    if (last?.type === suggestion.type) last.options.push({ suggestion, index });
    else groups.push({ type: suggestion.type, label: GROUP_LABELS[suggestion.type], options: [{ suggestion, index }] });
  });
  return groups;
}

export type BoxNote = 'searching' | 'error' | 'noMatches' | null;

export interface BoxView {
  suggestions: Suggestion[];
  note: BoxNote;
}

export interface SuggestionRead {
  /** The term last sent, once the typing paused (spec: debounced 300 ms); null when none is. */
  term: string | null;
  status: QueryStatus;
  suggestions: Suggestion[];
}

/**
 * The box's list for the text as typed (spec: recent searches when the box is empty; suggestions
 * only for at least 2 trimmed characters). While the next answer is awaited the previous list
 * stays (`kept`) under a 'searching' note, so the list does not flicker with every key.
 */
export function boxView(text: string, recent: readonly string[], read: SuggestionRead, kept: readonly Suggestion[]): BoxView {
  if (text.trim() === '') return { suggestions: recentSuggestions(recent), note: null };
  const term = searchTerm(text);
  if (term === null) return { suggestions: [], note: null };
  if (read.term !== term || read.status === 'loading' || read.status === 'idle') return { suggestions: [...kept], note: 'searching' };
  if (read.status === 'error') return { suggestions: [], note: 'error' };
  return { suggestions: read.suggestions, note: read.suggestions.length === 0 ? 'noMatches' : null };
}
