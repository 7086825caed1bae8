import { describe, expect, test } from 'vitest';
import { readError } from '../../lib/query-cache.ts';
import { createServerLikes, type LikesBackend } from './server-likes.ts';

/** A backend over an in-memory list that counts its reads; `fail` makes the next calls throw. */
function fakeBackend(initial: string[] = []) {
  let list = [...initial];
  const calls = { reads: 0, writes: 0 };
  const failures: unknown[] = [];
  const next = <T>(answer: () => T): Promise<T> => {
    const failure = failures.shift();
    return failure === undefined ? Promise.resolve(answer()) : Promise.reject(failure);
  };
  const backend: LikesBackend = {
    read: () => {
      calls.reads++;
      return next(() => [...list]);
    },
    like: (id) => {
      calls.writes++;
      return next(() => (list = list.includes(id) ? list : [...list, id]));
    },
    unlike: (id) => {
      calls.writes++;
      return next(() => (list = list.filter((x) => x !== id)));
    },
    merge: (ids) => {
      calls.writes++;
      return next(() => (list = [...list, ...ids.filter((id) => !list.includes(id))]));
    },
  };
  return { backend, calls, fail: (...errors: unknown[]) => failures.push(...errors) };
}

function setUp(initial: string[] = []) {
  const fake = fakeBackend(initial);
  let clock = 0;
  const logged: string[] = [];
  const likes = createServerLikes(fake.backend, {
    now: () => clock,
    sleep: async () => undefined,
    log: (message) => logged.push(message),
  });
  return { ...fake, likes, logged, advance: (ms: number) => (clock += ms) };
}

const serverError = () => readError('boom', new Error('down'), 503);
const refused = () => readError('refused', new Error('no such product'), 400);

describe('reading the likes', () => {
  test('simultaneous reads share one request', async () => {
    const { likes, calls } = setUp(['a']);
    const answers = await Promise.all([likes.liked('alice'), likes.liked('alice'), likes.liked('alice')]);
    expect(answers).toEqual([['a'], ['a'], ['a']]);
    expect(calls.reads).toBe(1);
  });

  test('the list is cached for 5 minutes', async () => {
    const { likes, calls, advance } = setUp(['a']);
    await likes.liked('alice');
    advance(5 * 60 * 1000 - 1);
    await likes.liked('alice');
    expect(calls.reads).toBe(1);
    advance(1);
    await likes.liked('alice');
    expect(calls.reads).toBe(2);
  });

  test('a failed lookup gives an empty list and is only logged', async () => {
    const { likes, fail, logged } = setUp(['a']);
    fail(refused());
    expect(await likes.liked('alice')).toEqual([]);
    expect(logged).toEqual(['Could not read your likes']);
  });

  test('a failed lookup is not cached', async () => {
    const { likes, fail } = setUp(['a']);
    fail(refused());
    await likes.liked('alice');
    expect(await likes.liked('alice')).toEqual(['a']);
  });
});

describe('cache invalidation', () => {
  test('a like clears the cached list', async () => {
    const { likes, calls } = setUp(['a']);
    await likes.liked('alice');
    expect(await likes.like('b')).toEqual(['a', 'b']);
    expect(await likes.liked('alice')).toEqual(['a', 'b']);
    expect(calls.reads).toBe(2);
  });

  test('an unlike clears the cached list', async () => {
    const { likes } = setUp(['a', 'b']);
    await likes.liked('alice');
    await likes.unlike('a');
    expect(await likes.liked('alice')).toEqual(['b']);
  });

  test('a merge clears the cached list', async () => {
    const { likes } = setUp(['a']);
    await likes.liked('alice');
    await likes.merge(['b']);
    expect(await likes.liked('alice')).toEqual(['a', 'b']);
  });

  test('a failed write clears it too, as the write may have reached the server', async () => {
    const { likes, fail, calls } = setUp(['a']);
    await likes.liked('alice');
    fail(refused());
    await likes.like('b');
    await likes.liked('alice');
    expect(calls.reads).toBe(2);
  });

  test('a read in flight while a like runs is not shared with the reads after it', async () => {
    const { likes, backend } = setUp(['a']);
    let release: () => void = () => undefined;
    const slowRead = backend.read;
    backend.read = (userId) => {
      const answer = slowRead(userId);
      backend.read = slowRead;
      return new Promise((resolve) => (release = () => resolve(answer)));
    };
    const before = likes.liked('alice');
    await likes.like('b');
    release();
    expect(await before).toEqual(['a']);
    expect(await likes.liked('alice')).toEqual(['a', 'b']);
  });

  test('clear forgets the list (another account signed in)', async () => {
    const { likes, calls } = setUp(['a']);
    await likes.liked('alice');
    likes.clear();
    await likes.liked('alice');
    expect(calls.reads).toBe(2);
  });
});

describe('writes', () => {
  test('a write that fails on the server is retried once', async () => {
    const { likes, fail, calls, logged } = setUp();
    fail(serverError());
    expect(await likes.like('a')).toEqual(['a']);
    expect(calls.writes).toBe(2);
    expect(logged).toEqual([]);
  });

  test('a write failing twice answers null and is only logged', async () => {
    const { likes, fail, calls, logged } = setUp();
    fail(serverError(), serverError());
    expect(await likes.unlike('a')).toBeNull();
    expect(calls.writes).toBe(2);
    expect(logged).toEqual(['Could not unlike the product']);
  });

  test('a write the server refused (HTTP 4xx) is not retried', async () => {
    const { likes, fail, calls } = setUp();
    fail(refused());
    expect(await likes.merge(['x'])).toBeNull();
    expect(calls.writes).toBe(1);
  });
});
