/**
 * Guest likes: the product ids a shopper liked before signing in, kept in the browser's local
 * storage. Pure list rules here; reading and writing storage is done by the store.
 */
export const GUEST_LIKES_KEY = 'giftshop.guestLikes';

/** The stored list, tolerating anything storage may hold: non-arrays, non-strings, duplicates. */
export function parseGuestLikes(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string'))] : [];
  } catch {
    return [];
  }
}

/** Liking adds the id (once, at the end); unliking removes it. */
export function toggled(liked: readonly string[], productId: string): string[] {
  return liked.includes(productId) ? liked.filter((id) => id !== productId) : [...liked, productId];
}
