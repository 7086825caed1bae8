/**
 * Scheduled at five past midnight UTC: asks for a rebuild, so the prebuilt popularity lists move
 * on with their windows ("daily" is yesterday's clicks, "weekly" last week's) on a day without
 * admin edits too, and an edit whose build hook call failed is published within a day. Netlify
 * runs it on its schedule (a scheduled function has no URL); `npm start` requests the same rebuild
 * at the same time (scripts/lib/shop.ts).
 */
import type { Config } from '@netlify/functions';
import { DAILY_REBUILD_CRON, requestRebuild } from './_shared/rebuild.ts';

export default async (): Promise<void> => {
  await requestRebuild('the popularity windows moved on', 'Daily rebuild');
};

export const config: Config = { schedule: DAILY_REBUILD_CRON };
