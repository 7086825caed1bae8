import { describe, expect, test } from 'vitest';
import { blogFeed, BLOG_FEED_ITEMS, type FeedItem } from './rss.ts';

const channel = {
  title: 'Giftshop Blog',
  description: 'Gift guides',
  link: 'https://shop.example/blog',
  feedUrl: 'https://shop.example/blog/rss.xml',
};
const item = (i: number, fields: Partial<FeedItem> = {}): FeedItem => ({
  title: `Post ${i}`,
  url: `https://shop.example/blog-detail/${i}/post-${i}`,
  description: `About ${i}`,
  publishDate: '2026-11-22T10:00:00Z',
  author: null,
  category: null,
  ...fields,
});

describe('blogFeed', () => {
  test('is an RSS 2.0 channel pointing at itself, with absolute article links', () => {
    const feed = blogFeed(channel, [item(1, { author: 'Maya Okafor', category: 'Drink Lab' })]);
    expect(feed.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(feed).toContain('<atom:link href="https://shop.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(feed).toContain('<link>https://shop.example/blog-detail/1/post-1</link>');
    expect(feed).toContain('<guid isPermaLink="true">https://shop.example/blog-detail/1/post-1</guid>');
    expect(feed).toContain('<dc:creator>Maya Okafor</dc:creator>');
    expect(feed).toContain('<category>Drink Lab</category>');
  });

  test('dates articles in RFC 822 form', () => {
    expect(blogFeed(channel, [item(1)])).toContain('<pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>');
  });

  test('escapes markup and drops characters XML cannot carry', () => {
    const feed = blogFeed(channel, [item(1, { title: 'Tom & Jerry\'s <b>"best"</b>\u0007' })]);
    expect(feed).toContain('<title>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;</title>');
  });

  test('lists the newest 30 articles', () => {
    const feed = blogFeed(channel, Array.from({ length: 40 }, (_, i) => item(i)));
    expect(BLOG_FEED_ITEMS).toBe(30);
    expect(feed.match(/<item>/g)).toHaveLength(30);
    expect(feed).toContain('<title>Post 29</title>');
    expect(feed).not.toContain('<title>Post 30</title>');
  });
});
