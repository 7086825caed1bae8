/**
 * What follows an import that added prices (an admin's upload, or the daily feed run): the static
 * site is rebuilt so product pages show the new points and badges, and the price-drop alert run
 * mails the shoppers whose wishlisted gifts got cheaper. Every way prices arrive is followed by the
 * same work; the daily feed run calls this once a day, so the alerts run daily too.
 *
 * The import has committed before this runs: a failed build hook or mail server is logged, never
 * turned into a failed import (the next import or the next day's run sends what is pending).
 */
import { sendPriceDropAlerts } from './price-alerts.ts';
import { requestRebuild, type RebuildSource } from './rebuild.ts';

export async function afterPriceImport(change: string, source: RebuildSource = 'Admin edit'): Promise<void> {
  await requestRebuild(change, source);
  try {
    const report = await sendPriceDropAlerts();
    console.info(`price alerts after ${change}: ${report.claimed} mails claimed, ${report.sent} sent`);
  } catch (error) {
    console.error(`price alerts after ${change}: the run failed`, error);
  }
}
