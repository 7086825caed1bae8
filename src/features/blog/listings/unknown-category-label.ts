import { decodedSegment } from '../../catalog/core/name-links.ts';

/** What /blog/categories/{categoryId}[/{gender}] holds in the category's place, decoded where it can be; the page's title when it holds nothing. */
export function unknownCategoryLabel(pathname: string): string {
  const segment = pathname.split('/')[3] ?? '';
  return (decodedSegment(segment) ?? segment) || 'Blog category not found';
}
