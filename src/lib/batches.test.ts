import { describe, expect, test } from 'vitest';
import { askedAhead, inBatches } from './batches.ts';

test('asks in batches of at most the size, in order, and answers in the order of the items', async () => {
  const asked: number[][] = [];
  const answers = await inBatches([1, 2, 3, 4, 5], 2, async (batch) => {
    asked.push([...batch]);
    return batch.map((n) => n * 10);
  });
  expect(asked).toEqual([[1, 2], [3, 4], [5]]);
  expect(answers).toEqual([10, 20, 30, 40, 50]);
});

test('asks nothing for no items', async () => {
  expect(await inBatches([], 2, async () => { throw new Error('asked'); })).toEqual([]);
});

describe('askedAhead', () => {
  /** A backend that doubles numbers and records each request. */
  function backend() {
    const requests: number[][] = [];
    const ask = async (questions: readonly number[]) => {
      requests.push([...questions]);
      return questions.map((n) => n * 2);
    };
    return { requests, ask };
  }

  test('asks every foreseen question in one request, on the first question', async () => {
    const { requests, ask } = backend();
    const answer = askedAhead(async () => [1, 2, 3], String, ask);
    expect(requests).toEqual([]);
    expect(await Promise.all([answer(2), answer(3), answer(1), answer(2)])).toEqual([4, 6, 2, 4]);
    expect(requests).toEqual([[1, 2, 3]]);
  });

  test('asks a question nobody foresaw alone, once', async () => {
    const { requests, ask } = backend();
    const answer = askedAhead(async () => [1], String, ask);
    expect(await Promise.all([answer(5), answer(5)])).toEqual([10, 10]);
    expect(requests).toEqual([[1], [5]]);
  });

  test('a failed request fails the questions that wait for it', async () => {
    const answer = askedAhead(async () => [1, 2], String, async () => Promise.reject(new Error('offline')));
    await expect(answer(1)).rejects.toThrow('offline');
  });
});
