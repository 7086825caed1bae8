/**
 * Scheduled at five past midnight UTC: asks for a rebuild, so the prebuilt popularity lists move
 * on with their windows ("daily" is yesterday's clicks, "weekly" last week's) on a day without
 * admin edits too, and an edit whose build hook call failed is published within a day. Netlify
 * runs it on its schedule (a scheduled function has no URL); `npm start` requests the same rebuild
 * at the same time (scripts/lib/shop.ts).
 */
import type { Config } from '@netlify/functions';
import { requestRebuild } from './_shared/rebuild.ts';

export default async (): Promise<void> => {
  await requestRebuild('the popularity windows moved on', 'Daily rebuild');
};

// A literal: Netlify reads the schedule without running this file, and drops a value it cannot
// read (an imported constant) without a word. tests/bundle checks it equals DAILY_REBUILD_CRON.
export const config: Config = { schedule: '5 0 * * *' };
