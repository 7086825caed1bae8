/**
 * The wishlist's price-drop alert switch (issue 11): a signed-in shopper turns on 'Email me when
 * a wishlisted gift drops in price', saved at once, with a toast and an inline line saying what
 * is now so; a guest sees a hint to sign in instead. Reads and writes through queries.ts with the
 * shopper's own session (row-level security), never a service key.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { loginHref } from '../../lib/links.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { $auth, authClient, startAuth } from '../account/store.ts';
import { priceAlertsEnabled, setPriceAlerts } from './queries.ts';

export const PRICE_ALERT_LABEL = 'Email me when a wishlisted gift drops in price';
const ON = 'Price-drop emails are on. We will email you when a wishlisted gift gets cheaper.';
const OFF = 'Price-drop emails are off.';

type SwitchState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; enabled: boolean; saving: boolean; saved: boolean };

export default function PriceAlertSwitch() {
  const auth = useStore($auth);
  const [state, setState] = useState<SwitchState>({ status: 'loading' });
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const mounted = useMounted(startAuth);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    setState({ status: 'loading' });
    authClient()
      .then((db) => priceAlertsEnabled(db, userId))
      .then((enabled) => current && setState({ status: 'ready', enabled, saving: false, saved: false }))
      .catch(() => current && setState({ status: 'error', message: "We couldn't load your price-drop email setting. Please reload the page." }));
    return () => {
      current = false;
    };
  }, [userId]);

  if (!mounted || auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    return (
      <p className="mb-8 text-sm text-muted">
        <a href={loginHref('/wishlist')} className="font-medium text-brand-700 underline-offset-4 hover:underline">Sign in</a> to get an email when a
        wishlisted gift drops in price.
      </p>
    );
  }

  async function change(enabled: boolean) {
    if (state.status !== 'ready') return;
    setState({ ...state, enabled, saving: true, saved: false });
    try {
      const saved = await setPriceAlerts(await authClient(), enabled);
      setState({ status: 'ready', enabled: saved, saving: false, saved: true });
      showToast(saved ? ON : OFF, 'success');
    } catch {
      setState({ status: 'ready', enabled: !enabled, saving: false, saved: false });
      showToast("We couldn't save your price-drop email setting. Please try again.", 'error');
    }
  }

  return (
    <div className="mb-8 rounded-2xl border border-black/5 bg-white p-4">
      <label className="flex items-center gap-3 text-ink">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-600"
          checked={state.status === 'ready' && state.enabled}
          disabled={state.status !== 'ready' || state.saving}
          onChange={(e) => void change(e.target.checked)}
        />
        <span className="font-medium">{PRICE_ALERT_LABEL}</span>
      </label>
      <p role="status" className="mt-2 text-sm text-muted">
        {state.status === 'error' ? state.message : state.status === 'ready' && state.saved ? (state.enabled ? ON : OFF) : ''}
      </p>
    </div>
  );
}
