/**
 * 'Feed URLs': each platform's price feed, fetched daily (price-feeds-daily) while enabled, saved
 * per platform. An empty URL removes the platform's feed.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import type { LoadState } from '../../../lib/use-load.ts';
import { adminWrite, AdminApiError, failureReason } from '../api.ts';
import type { PlatformFeed } from './queries.ts';
import { feedSaveSchema } from './schemas.ts';

export function FeedsSection({ feeds, onSaved }: { feeds: LoadState<PlatformFeed[]>; onSaved: () => void }) {
  return (
    <section aria-labelledby="price-feeds-heading" className="space-y-3 rounded-2xl border border-black/10 bg-white p-5">
      <div>
        <h3 id="price-feeds-heading" className="text-lg font-bold text-ink">Feed URLs</h3>
        <p className="text-sm text-muted">Each platform's price feed (CSV, https:// or http://, on the public internet) is fetched and imported daily. Leave the URL empty to remove the feed.</p>
      </div>
      {feeds.status === 'ready' ? (
        feeds.data.length === 0 ? <p className="text-sm text-muted">No platforms yet.</p> : (
          <ul className="space-y-3">
            {feeds.data.map((feed) => <li key={feed.platformId}><FeedRow feed={feed} onSaved={onSaved} /></li>)}
          </ul>
        )
      ) : feeds.status === 'error' ? (
        <p role="alert" className="text-sm font-medium text-red-700">Error loading feed URLs</p>
      ) : (
        <p role="status" className="text-sm text-muted">Loading feed URLs...</p>
      )}
    </section>
  );
}

function FeedRow({ feed, onSaved }: { feed: PlatformFeed; onSaved: () => void }) {
  const [url, setUrl] = useState(feed.url);
  const [enabled, setEnabled] = useState(feed.enabled);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `feed-url-${feed.platformId}`;

  async function save() {
    const parsed = feedSaveSchema.safeParse({ platform_id: feed.platformId, url, enabled });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Feed URL is not valid');
    setBusy(true);
    try {
      await adminWrite('prices', 'PUT', parsed.data);
      showToast(parsed.data.url ? `Feed URL for ${feed.platform} saved` : `Feed URL for ${feed.platform} removed`, 'success');
      setProblem(undefined);
      onSaved();
    } catch (error) {
      showToast(`Failed to save feed URL: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && error.status === 400) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <Field id={id} label={`${feed.platform} feed URL`} error={problem} className="w-full max-w-xl">
        <Input
          type="url"
          value={url}
          placeholder="https://retailer.example.com/prices.csv"
          onChange={(e) => {
            setUrl(e.target.value);
            setProblem(undefined);
          }}
        />
      </Field>
      <label className="flex items-center gap-2 pb-2 text-sm text-ink">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="size-4 accent-brand-600" />
        Fetch daily
      </label>
      <Button type="submit" variant="secondary" disabled={busy} aria-label={`Save feed URL for ${feed.platform}`}>{busy ? 'Saving...' : 'Save'}</Button>
    </form>
  );
}
