/**
 * The admin dashboard at /admin: tabs Products (default), Blogs, Quizzes, Categories, Prices and
 * Analytics, and Logout. The open tab is kept in the URL's hash, so the blog editor can send the
 * admin back to the Blogs tab. Each panel loads when its tab is first opened.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { showToast, showToastOnNextPage } from '../../components/ui/toast.ts';
import { signOut, type SignOutResult } from '../account/store.ts';
import AdminGuard from './AdminGuard.tsx';

const TABS = [
  { id: 'products', label: 'Products', Panel: lazy(() => import('./products/ProductsPanel.tsx')) },
  { id: 'blogs', label: 'Blogs', Panel: lazy(() => import('./blogs/BlogsPanel.tsx')) },
  { id: 'quizzes', label: 'Quizzes', Panel: lazy(() => import('./quizzes/QuizzesPanel.tsx')) },
  { id: 'categories', label: 'Categories', Panel: lazy(() => import('./categories/CategoriesPanel.tsx')) },
  { id: 'prices', label: 'Prices', Panel: lazy(() => import('./prices/PricesPanel.tsx')) },
  { id: 'analytics', label: 'Analytics', Panel: lazy(() => import('./analytics/AnalyticsPanel.tsx')) },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tabFromHash = (): TabId => TABS.find((t) => `#${t.id}` === location.hash)?.id ?? 'products';

/** The spec's Logout failures: the sign-out refused, or it threw. */
const LOGOUT_FAILURES: Record<Exclude<SignOutResult, 'signedOut'>, string> = {
  failed: 'Failed to log out. Please try again.',
  crashed: 'An error occurred while logging out',
};

async function logOut() {
  try {
    const result = await signOut();
    if (result !== 'signedOut') {
      showToast(LOGOUT_FAILURES[result], 'error');
      return;
    }
    showToastOnNextPage('Successfully logged out', 'success');
    location.assign('/');
  } catch {
    // signOut answers its own failures; should it throw all the same, this is the spec's 'client missing'.
    showToast('An internal error occurred. Please try again.', 'error');
  }
}

export default function AdminApp() {
  return (
    <AdminGuard>
      <Dashboard />
    </AdminGuard>
  );
}

function Dashboard() {
  const [tab, setTab] = useState<TabId>(tabFromHash);
  useEffect(() => {
    const follow = () => setTab(tabFromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const choose = (id: TabId) => {
    history.replaceState(null, '', `#${id}`);
    setTab(id);
  };
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  // On a phone the strip scrolls sideways: the open tab stays in sight, also when a link opened it (/admin#analytics).
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const open = strip.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (strip.current && open) bringIntoStrip(strip.current, open);
  }, [tab]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-ink">Admin Dashboard</h1>
          {/* The shop's pages are prebuilt: a save shows on them after the rebuild it starts (docs/benchmarks/freshness.md). */}
          <p className="mt-1 text-sm text-muted">Saved changes show on the shop once the site has rebuilt, about a minute after you save.</p>
        </div>
        <Button variant="secondary" onClick={() => void logOut()}>Logout</Button>
      </div>
      <div ref={strip} role="tablist" aria-label="Admin sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-black/10">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            onClick={() => choose(t.id)}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold ${tab === t.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${current.id}`} aria-labelledby={`admin-tab-${current.id}`} className="pt-6">
        <Suspense fallback={<p className="text-muted" role="status">Loading...</p>}>
          <current.Panel />
        </Suspense>
      </div>
    </div>
  );
}

/** Scrolls the strip sideways, as little as it takes, to show the tab whole; the page itself does not move (scrollIntoView would scroll it too). */
function bringIntoStrip(strip: HTMLElement, tab: HTMLElement) {
  const left = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
  const right = left + tab.offsetWidth;
  if (left < strip.scrollLeft) strip.scrollLeft = left;
  else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right - strip.clientWidth;
}
