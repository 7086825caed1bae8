/**
 * A signed-in shopper's likes on the server, with the spec's caching and error rules: the read is
 * cached 5 minutes and shared while in flight, every write clears that cache, writes are retried
 * once, and failures are only logged — a failed lookup answers an empty list, a failed write null.
 * The backend (queries.ts over supabase-js) is passed in, so these rules are tested without one.
 */
import { createQuery, FIRST_RETRY_DELAY_MS, httpStatus, type QueryOptions } from '../../lib/query-cache.ts';

export interface LikesBackend {
  read(userId: string): Promise<string[]>;
  like(productId: string): Promise<string[]>;
  unlike(productId: string): Promise<string[]>;
  merge(productIds: readonly string[]): Promise<string[]>;
}

export interface ServerLikes {
  /** The user's liked ids, oldest like first; empty when the lookup fails. */
  liked(userId: string): Promise<string[]>;
  /** The list after the like, or null when it failed. */
  like(productId: string): Promise<string[] | null>;
  /** The list after the unlike, or null when it failed. */
  unlike(productId: string): Promise<string[] | null>;
  /** The list after adding guest likes, or null when it failed. */
  merge(productIds: readonly string[]): Promise<string[] | null>;
  /** Forgets the cached list (another user signed in). */
  clear(): void;
}

/** Attempts per write (spec: mutations retry once). */
export const WRITE_ATTEMPTS = 2;

export interface ServerLikesOptions extends QueryOptions {
  /** Where like errors go (spec: the console only, no message to the shopper). */
  log?: (message: string, error: unknown) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createServerLikes(backend: LikesBackend, options: ServerLikesOptions = {}): ServerLikes {
  const { log = (message, error) => console.error(message, error), sleep = wait } = options;
  // Reads are keyed by a count bumped as each write starts and ends: a read in flight while a
  // write runs is neither joined nor its answer used by the reads after it.
  let writes = 0;
  const lists = createQuery(({ userId }: { userId: string; writes: number }) => backend.read(userId), options);

  async function write(name: string, work: () => Promise<string[]>): Promise<string[] | null> {
    writes++;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work();
        } catch (error) {
          const status = httpStatus(error);
          const refused = status !== undefined && status >= 400 && status < 500;
          if (refused || attempt >= WRITE_ATTEMPTS) {
            log(`Could not ${name}`, error);
            return null;
          }
          await sleep(FIRST_RETRY_DELAY_MS);
        }
      }
    } finally {
      // Even a failed write may have reached the row: the next read asks the server, and so do
      // reads begun while it ran.
      writes++;
      lists.clear();
    }
  }

  return {
    async liked(userId) {
      try {
        return await lists.fetch({ userId, writes });
      } catch (error) {
        log('Could not read your likes', error);
        return [];
      }
    },
    like: (productId) => write('like the product', () => backend.like(productId)),
    unlike: (productId) => write('unlike the product', () => backend.unlike(productId)),
    merge: (productIds) => write('merge your guest likes', () => backend.merge(productIds)),
    clear: () => lists.clear(),
  };
}
