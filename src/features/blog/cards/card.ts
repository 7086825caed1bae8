/** What a blog card shows, as an island receives it: the article's body stays out of the page's props. */
import type { Blog } from '../core/model.ts';

export interface BlogCardData {
  id: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishDate: string;
  categoryId: string | null;
}

export function blogCardData(blog: Blog): BlogCardData {
  return {
    id: blog.id,
    title: blog.title,
    excerpt: blog.excerpt,
    imageUrl: blog.imageUrl,
    publishDate: blog.publishDate,
    categoryId: blog.categoryId,
  };
}
