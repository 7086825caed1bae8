import { describe, expect, test } from 'vitest';
import { guestLikesAfterMerge, isSignIn, likesPlan, withLike, type LikesAuth } from './likes-sync.ts';

const loading: LikesAuth = { status: 'loading' };
const signedOut: LikesAuth = { status: 'signedOut' };
const alice: LikesAuth = { status: 'signedIn', userId: 'alice' };
const bob: LikesAuth = { status: 'signedIn', userId: 'bob' };

describe('isSignIn', () => {
  test('a shopper signed out a moment ago and signed in now has just signed in or up', () => {
    expect(isSignIn(signedOut, alice)).toBe(true);
  });
  test('a page that starts signed in, from a stored session, is not a sign-in', () => {
    expect(isSignIn(null, alice)).toBe(false);
    expect(isSignIn(loading, alice)).toBe(false);
  });
  test('a token refresh or another account is not a sign-in from a guest', () => {
    expect(isSignIn(alice, alice)).toBe(false);
    expect(isSignIn(alice, bob)).toBe(false);
  });
});

describe('likesPlan', () => {
  test('the hearts wait while authentication is unknown', () => {
    expect(likesPlan(null, loading, [])).toEqual({ kind: 'wait' });
  });

  test('a guest uses the likes in this browser', () => {
    expect(likesPlan(null, signedOut, ['a'])).toEqual({ kind: 'guest' });
    expect(likesPlan(loading, signedOut, [])).toEqual({ kind: 'guest' });
  });

  test('a sign-in within the page merges the guest likes and refreshes the wishlist', () => {
    expect(likesPlan(signedOut, alice, ['a', 'b'])).toEqual({ kind: 'server', userId: 'alice', merge: ['a', 'b'], refresh: true });
  });

  test('a sign-in without guest likes only refreshes the wishlist', () => {
    expect(likesPlan(signedOut, alice, [])).toEqual({ kind: 'server', userId: 'alice', merge: [], refresh: true });
  });

  test('a page that starts signed in reads the server likes', () => {
    expect(likesPlan(null, alice, [])).toEqual({ kind: 'server', userId: 'alice', merge: [], refresh: false });
    expect(likesPlan(loading, alice, [])).toEqual({ kind: 'server', userId: 'alice', merge: [], refresh: false });
  });

  test('a page that starts signed in with guest likes left by an unfinished merge merges them', () => {
    expect(likesPlan(null, alice, ['a'])).toEqual({ kind: 'server', userId: 'alice', merge: ['a'], refresh: false });
  });

  test('a token refresh for the same user changes nothing', () => {
    expect(likesPlan(alice, alice, [])).toEqual({ kind: 'keep' });
    expect(likesPlan(signedOut, signedOut, [])).toEqual({ kind: 'keep' });
  });

  test('signing out goes back to the guest likes', () => {
    expect(likesPlan(alice, signedOut, [])).toEqual({ kind: 'guest' });
  });

  test('another account signing in forgets the cached list of the first', () => {
    expect(likesPlan(alice, bob, [])).toEqual({ kind: 'server', userId: 'bob', merge: [], refresh: true });
  });
});

describe('guestLikesAfterMerge', () => {
  test('the merged guest likes are cleared from the browser', () => {
    expect(guestLikesAfterMerge(['a', 'b'], ['a', 'b'])).toEqual([]);
  });
  test('likes made meanwhile in a tab still signed out stay, to be merged next', () => {
    expect(guestLikesAfterMerge(['a', 'b', 'c'], ['a', 'b'])).toEqual(['c']);
  });
});

describe('withLike', () => {
  test('a confirmed like adds the product at the end', () => {
    expect(withLike(['a'], 'b', true)).toEqual(['a', 'b']);
  });
  test('liking a product already liked keeps its place', () => {
    expect(withLike(['a', 'b'], 'a', true)).toEqual(['a', 'b']);
  });
  test('a confirmed unlike removes it', () => {
    expect(withLike(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
