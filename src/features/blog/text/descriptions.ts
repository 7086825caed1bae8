/**
 * An article's descriptions for search engines and the feed: its excerpt, or the start of the
 * words a reader sees in its body (markdown.ts plainText), cut on a word boundary.
 */
import { truncateWords } from '../../seo/text.ts';
import { plainText } from './markdown.ts';

/** Blog meta description (spec: first 150 characters of content with an ellipsis; the excerpt first when there is one). */
export function blogMetaDescription(blog: { excerpt: string | null; content: string }): string {
  return blog.excerpt?.trim() || truncateWords(plainText(blog.content), 150);
}

/** Structured-data blog description (spec: first 160 characters of content on the detail page). */
export function blogStructuredDescription(content: string): string {
  return truncateWords(plainText(content), 160);
}
