/**
 * Search box and search page rules: what is submitted and fetched, recent searches, the
 * suggestion list and its keyboard highlight, the Best Match badge and paging.
 */
import { categoryHref } from '../../lib/links.ts';

/** Minimum search length (spec: 2). */
export const MIN_SEARCH_LENGTH = 2;
/** Longest search text: the search functions refuse longer text, so the boxes stop there and a longer address is cut. */
export const MAX_SEARCH_LENGTH = 200;
/** Search page size (spec: 24 per page). */
export const SEARCH_PAGE_SIZE = 24;
/** Suggestions (spec: up to 5 products and 3 categories, at most 8 in total). */
export const SUGGESTED_PRODUCTS = 5;
export const SUGGESTED_CATEGORIES = 3;
/** Recent searches (spec: at most 10 stored, at most 5 shown when the box is empty). */
export const RECENT_SEARCHES_STORED = 10;
export const RECENT_SEARCHES_SHOWN = 5;

/** Submitting (spec: empty or whitespace-only text is not submitted). */
export function canSubmitSearch(text: string): boolean {
  return text.trim() !== '';
}

/** Search page link (spec: /search?q={query}, the query URL-encoded). */
export function searchHref(text: string): string {
  return `/search?q=${encodeURIComponent(text.trim())}`;
}

/** Suggestion and full-search term (spec: only with at least 2 trimmed characters, sent trimmed and lower case). */
export function searchTerm(text: string): string | null {
  // Cut by characters, as the database counts them (never inside an emoji's surrogate pair).
  const term = Array.from(text.trim().toLowerCase()).slice(0, MAX_SEARCH_LENGTH).join('').trim();
  return term.length >= MIN_SEARCH_LENGTH ? term : null;
}

/** Recent searches (spec: saved with ≥2 trimmed characters, newest first, duplicates removed, at most 10). */
export function rememberSearch(recent: readonly string[], text: string): string[] {
  const search = text.trim();
  if (search.length < MIN_SEARCH_LENGTH) return [...recent];
  const others = recent.filter((r) => r.toLowerCase() !== search.toLowerCase());
  return [search, ...others].slice(0, RECENT_SEARCHES_STORED);
}

/** Recent searches as kept in local storage (recentSearches); anything unreadable is none. */
export function readRecentSearches(stored: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((r): r is string => typeof r === 'string').reduce<string[]>((kept, r) => rememberLast(kept, r), []);
  } catch {
    return [];
  }
}

export type Suggestion =
  | { type: 'product'; id: string; text: string; imageUrl: string | null }
  | { type: 'category'; id: string; text: string }
  | { type: 'recent'; id: string; text: string };

/** Suggestions while typing (spec: up to 5 products then up to 3 categories, at most 8). */
export function typedSuggestions(
  products: readonly { id: string; name: string; imageUrl: string | null }[],
  categories: readonly { id: string; name: string }[],
): Suggestion[] {
  return [
    ...products.slice(0, SUGGESTED_PRODUCTS).map((p): Suggestion => ({ type: 'product', id: p.id, text: p.name, imageUrl: p.imageUrl })),
    ...categories.slice(0, SUGGESTED_CATEGORIES).map((c): Suggestion => ({ type: 'category', id: c.id, text: c.name })),
  ];
}

/** Suggestions in an empty box (spec: at most 5 recent searches). */
export function recentSuggestions(recent: readonly string[]): Suggestion[] {
  return recent.slice(0, RECENT_SEARCHES_SHOWN).map((text, i) => ({ type: 'recent', id: `recent-${i}`, text }));
}

export type Highlight = number | null;

/** Keyboard highlight (spec: arrows move without wrapping; up from the first returns to none; down from none goes to the first). */
export function moveHighlight(highlight: Highlight, key: 'ArrowDown' | 'ArrowUp', count: number): Highlight {
  if (count === 0) return null;
  if (key === 'ArrowDown') return highlight === null ? 0 : Math.min(highlight + 1, count - 1);
  return highlight === null || highlight === 0 ? null : highlight - 1;
}

export type EnterAction = { kind: 'choose'; suggestion: Suggestion } | { kind: 'submit'; text: string } | { kind: 'none' };

/** Enter (spec: on a highlighted item chooses it, otherwise submits the typed text). */
export function enterAction(highlight: Highlight, suggestions: readonly Suggestion[], text: string): EnterAction {
  const chosen = highlight === null ? undefined : suggestions[highlight];
  if (chosen) return { kind: 'choose', suggestion: chosen };
  return canSubmitSearch(text) ? { kind: 'submit', text: text.trim() } : { kind: 'none' };
}

/** Choosing a suggestion (spec: a category goes to its category page; anything else runs a search). */
export function suggestionHref(suggestion: Suggestion): string {
  return suggestion.type === 'category' ? categoryHref(suggestion.id, suggestion.text) : searchHref(suggestion.text);
}

/** 'Best Match' badge (spec: when the rank is above 0.8). */
export function isBestMatch(rank: number): boolean {
  return rank > 0.8;
}

/** Search paging (spec: 24 per page): the result offset of a page, page 1 first. */
export function searchOffset(page: number): number {
  return (Math.max(1, Math.trunc(page)) - 1) * SEARCH_PAGE_SIZE;
}

function rememberLast(kept: string[], text: string): string[] {
  const search = text.trim();
  const duplicate = kept.some((k) => k.toLowerCase() === search.toLowerCase());
  return search.length < MIN_SEARCH_LENGTH || duplicate || kept.length >= RECENT_SEARCHES_STORED ? kept : [...kept, search];
}
