import { describe, expect, test } from 'vitest';
import { blogMetaDescription, blogStructuredDescription } from './descriptions.ts';

const sentence = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

describe('blogMetaDescription', () => {
  test('is the excerpt when there is one', () => {
    expect(blogMetaDescription({ excerpt: 'The excerpt.', content: sentence(80) })).toBe('The excerpt.');
  });

  test('falls back to the first 150 characters of the content as a reader sees it, with an ellipsis', () => {
    const fallback = blogMetaDescription({ excerpt: '', content: `## Heading\n\n${sentence(80)}` });
    expect(fallback.length).toBeLessThanOrEqual(150);
    expect(fallback).toMatch(/^Heading word0 .*…$/);
  });
});

describe('blogStructuredDescription', () => {
  test('takes the first 160 characters of the content', () => {
    const description = blogStructuredDescription(sentence(80));
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(150);
  });
});
