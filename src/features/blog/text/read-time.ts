/** Estimated read time of a blog article. */
import { plainText } from './markdown.ts';

/** Reading speed the estimate assumes (spec: words / 200). */
export const WORDS_PER_MINUTE = 200;

/** Blog read time (spec: words / 200, rounded up, minimum 1 minute), counting the text a reader sees, not tags. */
export function readTimeMinutes(markdown: string): number {
  const words = plainText(markdown).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The read time as shown with an article: '4 min read'. */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
