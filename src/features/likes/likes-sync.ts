/**
 * Where the shopper's likes come from as their authentication changes (spec: Merging likes,
 * Liking): guests' from this browser, signed-in shoppers' from the server, and a sign-in within
 * the page merges the guest likes into the server list. Pure rules; the store applies them.
 */

/** What the likes need to know about the authentication state. */
export type LikesAuth =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; userId: string };

/** What the store does when the authentication state changes. */
export type LikesPlan =
  /** Nothing changed for the likes (a token refresh, the same state again). */
  | { kind: 'keep' }
  /** Authentication is not known yet: the hearts wait. */
  | { kind: 'wait' }
  /** Signed out: the likes are the guest likes in this browser. */
  | { kind: 'guest' }
  /**
   * Signed in: the likes are the server's. `merge` are the guest likes to add to them first;
   * `refresh` forgets any cached server list (it was someone else's, or is out of date).
   */
  | { kind: 'server'; userId: string; merge: string[]; refresh: boolean };

/** A sign-in or sign-up completed within the page: signed out a moment ago, signed in now. */
export function isSignIn(previous: LikesAuth | null, next: LikesAuth): boolean {
  return previous?.status === 'signedOut' && next.status === 'signedIn';
}

/**
 * The likes' plan for an authentication change. A sign-in within the page merges the guest likes
 * and refreshes the wishlist (spec: Merging likes). A page that starts signed in still finds guest
 * likes only when the page the shopper signed in on was left before its merge finished (the
 * /auth/callback page moves on at once): those are merged too, as the merge is a union and
 * repeating it changes nothing.
 */
export function likesPlan(previous: LikesAuth | null, next: LikesAuth, guestLikes: readonly string[]): LikesPlan {
  if (next.status === 'loading') return previous === null || previous.status === 'loading' ? { kind: 'wait' } : { kind: 'keep' };
  if (next.status === 'signedOut') return previous?.status === 'signedOut' ? { kind: 'keep' } : { kind: 'guest' };
  const sameUser = previous?.status === 'signedIn' && previous.userId === next.userId;
  if (sameUser) return { kind: 'keep' };
  return {
    kind: 'server',
    userId: next.userId,
    merge: [...guestLikes],
    refresh: isSignIn(previous, next) || previous?.status === 'signedIn',
  };
}

/**
 * The guest likes left in the browser after `sent` were merged: only those liked meanwhile (in a
 * tab still signed out). Ids the server dropped (products gone) leave too, so they are not sent again.
 */
export function guestLikesAfterMerge(stored: readonly string[], sent: readonly string[]): string[] {
  const merged = new Set(sent);
  return stored.filter((id) => !merged.has(id));
}

/** The list after a confirmed like (added at the end unless already there, as the server does) or unlike. */
export function withLike(liked: readonly string[], productId: string, like: boolean): string[] {
  if (!like) return liked.filter((id) => id !== productId);
  return liked.includes(productId) ? [...liked] : [...liked, productId];
}
