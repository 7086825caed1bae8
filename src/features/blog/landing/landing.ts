/** The blog landing page's lists and links (spec: blog landing page, see-more links). */
import type { Gender } from '../../catalog/core/model.ts';

/** `limit` blogs: the ranked ones first, then fallback ones not listed yet (a ranking can be short). */
export function topUp<B extends { id: string }>(ranked: readonly B[], fallback: readonly B[], limit: number): B[] {
  const seen = new Set<string>();
  const list: B[] = [];
  for (const blog of [...ranked, ...fallback]) {
    if (list.length === limit) break;
    if (seen.has(blog.id)) continue;
    seen.add(blog.id);
    list.push(blog);
  }
  return list;
}

/** See-more of 'Top Blogs' (spec: /blogs?gender={gender}&sortBy=popular). */
export function popularBlogsHref(gender: Gender): string {
  return `/blogs?gender=${gender}&sortBy=popular`;
}

/** See-more of 'Newest Blogs' (spec: /blogs?gender={gender}&sortBy=newest). */
export function newestBlogsHref(gender: Gender): string {
  return `/blogs?gender=${gender}&sortBy=newest`;
}

/** See-more of a category section (spec: /blogs?category={id}&gender={gender}&sortBy=popular). */
export function categoryBlogsHref(categoryId: string, gender: Gender): string {
  return `/blogs?category=${encodeURIComponent(categoryId)}&gender=${gender}&sortBy=popular`;
}

/** The 'View All Blogs' button (spec: /blogs?gender={gender}&sortBy=newest&page=1). */
export function allBlogsHref(gender: Gender): string {
  return `/blogs?gender=${gender}&sortBy=newest&page=1`;
}
