/**
 * The Prices room's reads through supabase-js, as the signed-in admin (row-level security shows
 * price_feeds and price_imports to admins only): the platforms with their feed, and the last
 * imports with their reports.
 */
import type { Db } from '../../../lib/supabase.ts';
import type { Tables } from '../../../lib/database.types.ts';

/** How many imports the list shows. */
export const RECENT_IMPORTS = 20;

export type PriceImport = Pick<Tables<'price_imports'>,
  'id' | 'source' | 'file_name' | 'started_at' | 'finished_at' | 'status' | 'imported' | 'duplicates' | 'rejected' | 'failure'
> & { rejections: Rejection[] };

export interface Rejection {
  line: number;
  reason: string;
}

export interface PlatformFeed {
  platformId: string;
  platform: string;
  /** '' when the platform has no feed. */
  url: string;
  enabled: boolean;
}

/** The last imports, newest first. */
export async function recentImports(db: Db): Promise<PriceImport[]> {
  const { data, error } = await db.from('price_imports')
    .select('id, source, file_name, started_at, finished_at, status, imported, duplicates, rejected, failure, rejections')
    .order('finished_at', { ascending: false }).order('id', { ascending: false }).limit(RECENT_IMPORTS);
  if (error) throw new Error('admin.recentImports', { cause: error });
  return data.map((row) => ({ ...row, rejections: row.rejections as unknown as Rejection[] }));
}

/** Every platform (by name) with its feed URL, if it has one. */
export async function platformFeeds(db: Db): Promise<PlatformFeed[]> {
  const [platforms, feeds] = await Promise.all([
    db.from('platforms').select('id, name').order('name').limit(1000),
    db.from('price_feeds').select('platform_id, url, enabled').limit(1000),
  ]);
  if (platforms.error) throw new Error('admin.platformFeeds: platforms', { cause: platforms.error });
  if (feeds.error) throw new Error('admin.platformFeeds: price_feeds', { cause: feeds.error });
  const byPlatform = new Map(feeds.data.map((f) => [f.platform_id, f]));
  return platforms.data.map((p) => ({
    platformId: p.id,
    platform: p.name,
    url: byPlatform.get(p.id)?.url ?? '',
    enabled: byPlatform.get(p.id)?.enabled ?? true,
  }));
}
