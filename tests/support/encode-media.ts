/**
 * Vitest global setup for the suites that seed the demo: encodes its pictures once, before the
 * test files seed side by side (each would otherwise encode all of them at once on a new machine).
 */
import { encodeDemoMedia } from '../../supabase/seed/demo.ts';

export default async function setup(): Promise<void> {
  await encodeDemoMedia();
}
