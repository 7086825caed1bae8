/**
 * What follows an import that added prices (an admin's upload, or the daily feed run): the static
 * site is rebuilt so product pages show the new points and badges. The price-drop alert run joins
 * here too, so every way prices arrive is followed by the same work.
 */
import { requestRebuild, type RebuildSource } from './rebuild.ts';

export async function afterPriceImport(change: string, source: RebuildSource = 'Admin edit'): Promise<void> {
  await requestRebuild(change, source);
}
