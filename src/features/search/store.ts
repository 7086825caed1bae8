/**
 * The shopper's recent searches (spec: a list of strings in local storage under recentSearches),
 * shared by the search boxes on a page. Storage is read when a box opens, not during page load,
 * and read again each time so a search made in another tab shows too.
 */
import { atom } from 'nanostores';
import { readRecentSearches, rememberSearch } from './rules.ts';

export const RECENT_SEARCHES_KEY = 'recentSearches';

export const $recentSearches = atom<string[]>([]);

export function loadRecentSearches(): void {
  try {
    $recentSearches.set(readRecentSearches(localStorage.getItem(RECENT_SEARCHES_KEY)));
  } catch {
    // Storage can be unavailable (privacy modes): there are simply no recent searches.
  }
}

/** Saves a search the shopper ran (rules.rememberSearch: at least 2 characters, newest first, at most 10). */
export function rememberRecentSearch(text: string): void {
  loadRecentSearches();
  const recent = rememberSearch($recentSearches.get(), text);
  $recentSearches.set(recent);
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(recent));
  } catch {
    // Not kept beyond this page when storage is unavailable.
  }
}
