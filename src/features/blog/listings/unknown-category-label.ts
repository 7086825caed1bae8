/** What /blog/categories/{categoryId}[/{gender}] holds in the category's place, decoded where it can be. */
export function unknownCategoryLabel(pathname: string): string {
  const segment = pathname.split('/')[3] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
