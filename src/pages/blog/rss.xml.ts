/** The blog's RSS feed: the newest 30 articles with absolute links. */
import type { APIRoute } from 'astro';
import { blogLibrary } from '../../features/blog/core/library.ts';
import { BLOG_FEED_ITEMS, BLOG_FEED_PATH, blogFeed } from '../../features/blog/core/rss.ts';
import { catalogue } from '../../features/catalog/core/catalogue.ts';
import { blogHref } from '../../lib/links.ts';
import { BLOG_BRAND } from '../../features/seo/site.ts';
import { blogMetaDescription } from '../../features/blog/text/descriptions.ts';

export const GET: APIRoute = async ({ site }) => {
  const shop = await catalogue();
  const library = await blogLibrary();
  const absolute = (path: string) => new URL(path, site).href;
  const items = library.blogs.slice(0, BLOG_FEED_ITEMS).map((blog) => ({
    title: blog.title,
    url: absolute(blogHref(blog.id, blog.title)),
    description: blogMetaDescription(blog),
    publishDate: blog.publishDate,
    author: library.writer(blog.writerId)?.name ?? blog.author,
    category: blog.categoryId ? shop.category(blog.categoryId)?.name ?? null : null,
  }));
  const feed = blogFeed(
    {
      title: BLOG_BRAND,
      description: 'Gift guides, gift ideas and product picks for him, for her and for both.',
      link: absolute('/blog'),
      feedUrl: absolute(BLOG_FEED_PATH),
    },
    items,
  );
  return new Response(feed, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
