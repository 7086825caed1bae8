/** The blog's RSS 2.0 feed, written by hand: absolute links, RFC 822 dates, escaped text. */

/** Where the feed lives; blog pages point to it with <link rel="alternate">. */
export const BLOG_FEED_PATH = '/blog/rss.xml';
/** Articles in the feed: the newest 30. */
export const BLOG_FEED_ITEMS = 30;

export interface FeedChannel {
  title: string;
  description: string;
  /** Absolute URL of the blog landing page. */
  link: string;
  /** Absolute URL of the feed itself. */
  feedUrl: string;
}

export interface FeedItem {
  title: string;
  /** Absolute URL of the article. */
  url: string;
  description: string;
  publishDate: string;
  author: string | null;
  category: string | null;
}

/** RSS 2.0 document for the newest articles (at most 30, in the order given). */
export function blogFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  const entries = items.slice(0, BLOG_FEED_ITEMS).map((item) => [
    '    <item>',
    `      <title>${xml(item.title)}</title>`,
    `      <link>${xml(item.url)}</link>`,
    `      <guid isPermaLink="true">${xml(item.url)}</guid>`,
    `      <description>${xml(item.description)}</description>`,
    `      <pubDate>${rfc822(item.publishDate)}</pubDate>`,
    ...(item.author ? [`      <dc:creator>${xml(item.author)}</dc:creator>`] : []),
    ...(item.category ? [`      <category>${xml(item.category)}</category>`] : []),
    '    </item>',
  ].join('\n'));
  const newest = items[0]?.publishDate;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xml(channel.title)}</title>`,
    `    <link>${xml(channel.link)}</link>`,
    `    <description>${xml(channel.description)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${xml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(text: string): string {
  // Control characters other than tab and newlines are not allowed anywhere in XML 1.0.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}
