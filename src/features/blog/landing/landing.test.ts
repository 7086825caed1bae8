import { describe, expect, test } from 'vitest';
import { allBlogsHref, categoryBlogsHref, newestBlogsHref, popularBlogsHref, topUp } from './landing.ts';

describe('topUp', () => {
  const b = (id: string) => ({ id });

  test('keeps the ranked blogs first and fills up with the others, without repeats', () => {
    expect(topUp([b('r1'), b('r2')], [b('n1'), b('r1'), b('n2'), b('n3')], 4).map((x) => x.id)).toEqual(['r1', 'r2', 'n1', 'n2']);
  });

  test('never lists more than asked, nor invents blogs', () => {
    expect(topUp([b('r1'), b('r2'), b('r3')], [], 2)).toHaveLength(2);
    expect(topUp([], [b('n1')], 4)).toEqual([b('n1')]);
  });
});

test('links to the blog list as the spec gives them', () => {
  expect(popularBlogsHref('for_him')).toBe('/blogs?gender=for_him&sortBy=popular');
  expect(newestBlogsHref('for_both')).toBe('/blogs?gender=for_both&sortBy=newest');
  expect(categoryBlogsHref('c1', 'for_her')).toBe('/blogs?category=c1&gender=for_her&sortBy=popular');
  expect(allBlogsHref('for_both')).toBe('/blogs?gender=for_both&sortBy=newest&page=1');
});
