/**
 * Shows its children only to an admin: 'Checking access...' while it finds out, the way to
 * /admin/login when signed out, and a refusal for a signed-in shopper who is not an admin.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { useMounted } from '../../lib/use-mounted.ts';
import { startAuth } from '../account/store.ts';
import { $adminAccess, followAdminAccess } from './access.ts';

export default function AdminGuard({ children }: { children: ReactNode }) {
  const mounted = useMounted(() => {
    startAuth();
    followAdminAccess();
  });
  const access = useStore($adminAccess);
  useEffect(() => {
    if (access === 'signedOut') location.replace(`/admin/login?next=${encodeURIComponent(location.pathname)}`);
  }, [access]);

  if (!mounted || access === 'checking' || access === 'signedOut') {
    return <p className="p-8 text-center text-muted" role="status">Checking access...</p>;
  }
  if (access === 'notAdmin') {
    return (
      <div className="mx-auto max-w-md p-8 text-center" role="alert">
        <h1 className="text-2xl font-bold text-ink">Admins only</h1>
        <p className="mt-2 text-muted">This account cannot open the admin area.</p>
        <a href="/" className="mt-4 inline-block font-semibold text-brand-700 underline">Back to the shop</a>
      </div>
    );
  }
  return <ErrorBoundary>{children}</ErrorBoundary>;
}
