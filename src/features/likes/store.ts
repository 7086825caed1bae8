/**
 * The shopper's likes, shared by every heart on the page and the wishlist page. Guests' likes live
 * in this browser's local storage; signed-in shoppers' on the server (server-likes.ts), read and
 * written through the auth library the account store loads for them — guests never download it.
 * The store follows the account store's $auth (likes-sync.ts decides what each change means): a
 * sign-in within the page merges the guest likes into the server list. Like errors are only logged.
 */
import { atom } from 'nanostores';
import { $auth, authClient, type AuthState } from '../account/store.ts';
import { GUEST_LIKES_KEY, parseGuestLikes, toggled } from './guest-likes.ts';
import { guestLikesAfterMerge, likesPlan, withLike, type LikesAuth } from './likes-sync.ts';
import { likedProductIds, likeProduct, mergeGuestLikes, unlikeProduct } from './queries.ts';
import { createServerLikes } from './server-likes.ts';

export type LikesState = 'loading' | 'ready';

/** The liked product ids, oldest like first. */
export const $likedIds = atom<string[]>([]);
export const $likesState = atom<LikesState>('loading');
/** Products whose like or unlike is on its way to the server (their hearts wait for it). */
export const $pendingLikes = atom<string[]>([]);
/** Whose likes these are: the wishlist page invites a guest to keep theirs. */
export const $likesOwner = atom<LikesAuth['status']>('loading');

const serverLikes = createServerLikes({
  read: async (userId) => likedProductIds(await authClient(), userId),
  like: async (productId) => likeProduct(await authClient(), productId),
  unlike: async (productId) => unlikeProduct(await authClient(), productId),
  merge: async (productIds) => mergeGuestLikes(await authClient(), productIds),
});

function readGuestLikes(): string[] {
  try {
    return parseGuestLikes(localStorage.getItem(GUEST_LIKES_KEY));
  } catch {
    return [];
  }
}

function writeGuestLikes(ids: readonly string[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(GUEST_LIKES_KEY);
    else localStorage.setItem(GUEST_LIKES_KEY, JSON.stringify(ids));
  } catch (error) {
    console.error('Could not save your likes in this browser', error);
  }
}

const likesAuth = (auth: AuthState): LikesAuth =>
  auth.status === 'signedIn' ? { status: 'signedIn', userId: auth.user.id } : auth;

let seen: LikesAuth | null = null;
// Bumped on every change of whose likes these are, so a late answer for an earlier one is dropped.
let generation = 0;

function follow(auth: AuthState): void {
  const next = likesAuth(auth);
  const plan = likesPlan(seen, next, readGuestLikes());
  seen = next;
  if (plan.kind === 'keep') return;
  generation++;
  $likesOwner.set(next.status);
  $pendingLikes.set([]);
  if (plan.kind === 'wait') {
    $likesState.set('loading');
  } else if (plan.kind === 'guest') {
    serverLikes.clear();
    $likedIds.set(readGuestLikes());
    $likesState.set('ready');
  } else {
    $likesState.set('loading');
    if (plan.refresh) serverLikes.clear();
    void loadServerLikes(plan.userId, plan.merge, generation);
  }
}

async function loadServerLikes(userId: string, guestLikes: string[], current: number): Promise<void> {
  // Out of the auth library's state-change callback first: calling it back from inside one waits forever.
  await new Promise((resolve) => setTimeout(resolve, 0));
  let liked: string[] | null = null;
  if (guestLikes.length > 0) {
    liked = await serverLikes.merge(guestLikes);
    // A failed merge keeps the guest likes, to be merged on the next page.
    if (liked) writeGuestLikes(guestLikesAfterMerge(readGuestLikes(), guestLikes));
  }
  liked ??= await serverLikes.liked(userId);
  if (current !== generation) return;
  $likedIds.set(liked);
  $likesState.set('ready');
}

let started = false;

/** Follows the shopper's authentication (started by start-likes.ts) and loads their likes; once per page. */
export function loadLikes(): void {
  if (started) return;
  started = true;
  $auth.subscribe(follow);
  // Another tab changed the guest likes.
  window.addEventListener('storage', (event) => {
    if (event.key === GUEST_LIKES_KEY && seen?.status === 'signedOut') $likedIds.set(parseGuestLikes(event.newValue));
  });
}

/** Likes or unlikes a product: a guest's at once in this browser, a signed-in shopper's on the server. */
export async function toggleLike(productId: string): Promise<void> {
  if ($likesState.get() !== 'ready' || $pendingLikes.get().includes(productId)) return;
  if (seen?.status !== 'signedIn') {
    const next = toggled($likedIds.get(), productId);
    $likedIds.set(next);
    writeGuestLikes(next);
    return;
  }
  const like = !$likedIds.get().includes(productId);
  const current = generation;
  $pendingLikes.set([...$pendingLikes.get(), productId]);
  const answer = await (like ? serverLikes.like(productId) : serverLikes.unlike(productId));
  if (current !== generation) return;
  $pendingLikes.set($pendingLikes.get().filter((id) => id !== productId));
  // Only this product changes: answers to toggles of others may arrive in any order.
  if (answer) $likedIds.set(withLike($likedIds.get(), productId, like));
}
