/**
 * Names the shell's islands wait on before they load React (see lib/intent-directive.ts): events
 * a script sends when an island must show something, and stored values that mean it must at once.
 */

/** Sent by showToast: the toaster loads and shows the toast. */
export const TOAST_EVENT = 'giftshop:toast';

/** Sent when the shopper signs in on the page: the account control loads and shows the avatar. */
export const SIGNED_IN_EVENT = 'giftshop:signed-in';

/** Session storage of a toast to show on the next page (sign-out says so on the home page). */
export const NEXT_PAGE_TOAST_KEY = 'giftshop.nextPageToast';

/**
 * Sent (bubbling) by a client:intent island from its own element once mounted (useIntentReady):
 * React handles its events from then on, so what the shopper did before can be done again.
 */
export const ISLAND_READY_EVENT = 'giftshop:island-ready';
