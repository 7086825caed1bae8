import { describe, expect, test } from 'vitest';
import { topClickedTiles } from './popularity.ts';

const p = (id: string) => ({ id });
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('topClickedTiles', () => {
  test('shows at most 5 tiles, de-duplicated by id, filled from primary then fallbacks', () => {
    expect(ids(topClickedTiles([p('a'), p('b')], [p('b'), p('c')], [p('d'), p('a'), p('e'), p('f')])))
      .toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(topClickedTiles([p('a'), p('a')]))).toEqual(['a']);
    expect(topClickedTiles([])).toEqual([]);
  });
});
