/** What the Prices room may write: a platform's feed URL, the PUT body of /api/admin/prices. */
import { z } from 'zod';
import { booleanField, id, isHttpUrl, objectError } from '../fields.ts';

/** The longest feed URL kept (price_feeds.url). */
export const MAX_FEED_URL = 2000;

/** A platform's feed: an http(s) URL fetched daily while enabled; an empty URL removes the feed. */
export const feedSaveSchema = z.strictObject({
  platform_id: id('Platform ID', 'No platform ID provided'),
  url: z.string({ error: 'Feed URL must be text' }).trim()
    .max(MAX_FEED_URL, { error: `Feed URL must be at most ${MAX_FEED_URL} characters` })
    .refine((url) => url === '' || isHttpUrl(url), { error: 'Feed URL must start with https:// or http://' }),
  enabled: booleanField('Enabled').default(true),
}, objectError('The feed must be a JSON object'));

export type FeedSave = z.infer<typeof feedSaveSchema>;
