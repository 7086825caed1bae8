/**
 * The Prices tab: import a retailer price feed (CSV upload) and see its report, set each
 * platform's feed URL (fetched daily), and the last imports with their reports. Reads are the
 * signed-in admin's (queries.ts); writes go through /api/admin/prices.
 */
import { useState } from 'react';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { FeedsSection } from './FeedsSection.tsx';
import { ImportsList } from './ImportsList.tsx';
import { platformFeeds, recentImports } from './queries.ts';
import { UploadSection } from './UploadSection.tsx';

export default function PricesPanel() {
  const [importsVersion, setImportsVersion] = useState(0);
  const [feedsVersion, setFeedsVersion] = useState(0);
  const imports = useLoad(`price-imports-${importsVersion}`, async () => recentImports(await authClient()), { keepPrevious: true });
  const feeds = useLoad(`price-feeds-${feedsVersion}`, async () => platformFeeds(await authClient()), { keepPrevious: true });

  return (
    <section aria-labelledby="prices-heading" className="space-y-6">
      <h2 id="prices-heading" className="text-xl font-bold text-ink">Prices</h2>
      <UploadSection onImported={() => setImportsVersion((v) => v + 1)} />
      <FeedsSection feeds={feeds.state} onSaved={() => setFeedsVersion((v) => v + 1)} />
      <ImportsList imports={imports.state} onRetry={imports.retry} />
    </section>
  );
}
