/**
 * The rules of a shared gift list (issue 12): its title, its link, and what a link's `list`
 * parameter names. The database checks the same title rules (shared_lists migration); checking
 * them here first lets the share dialog say what is wrong before anything is sent.
 */

/** The title a new share starts with (issue 12). */
export const DEFAULT_LIST_TITLE = 'My gift ideas';
/** The longest title: it is a page heading and the browser tab's title. */
export const MAX_LIST_TITLE_LENGTH = 80;
/** The read-only page a link opens. */
export const SHARED_LIST_PATH = '/wishlist/shared/';

/** A link's token: 256 random bits in base64url, as share_wishlist makes it. */
const LIST_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** What is wrong with a list title as typed (before trimming), or null when it is fine. */
export function listTitleProblem(typed: string): string | null {
  const title = typed.trim();
  if (title === '') return 'Give the list a title';
  // Counted in characters, as the database counts them (an emoji is one, not two UTF-16 units).
  if ([...title].length > MAX_LIST_TITLE_LENGTH) return `A list title can have at most ${MAX_LIST_TITLE_LENGTH} characters`;
  if (CONTROL_CHARACTER.test(title)) return 'A list title cannot contain line breaks or control characters';
  return null;
}

/** The absolute link that opens the list with `token`, on the site at `origin`. */
export function sharedListUrl(token: string, origin: string): string {
  const url = new URL(SHARED_LIST_PATH, origin);
  url.searchParams.set('list', token);
  return url.toString();
}

/** What a shared page's address names: a list's token, or why it names none. */
export type ListLink = { kind: 'token'; token: string } | { kind: 'missing' } | { kind: 'malformed' };

/** The list a shared page's query string (`location.search`) names. */
export function listLinkFrom(search: string): ListLink {
  const token = new URLSearchParams(search).get('list')?.trim();
  if (!token) return { kind: 'missing' };
  return LIST_TOKEN.test(token) ? { kind: 'token', token } : { kind: 'malformed' };
}
