/**
 * The /login and /auth pages: the sign-in forms on a page of their own. After signing in the
 * shopper goes back to where they came from (?next=, same site only) or home.
 */
import { useStore } from '@nanostores/react';
import { buttonVariants } from '../../components/ui/button.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { useMounted } from '../../lib/use-mounted.ts';
import AuthPanel, { type AuthTab } from './AuthPanel.tsx';
import { safeNextPath } from './redirect.ts';
import { $auth, startAuth } from './store.ts';

export default function AuthPage({ initialTab }: { initialTab: AuthTab }) {
  const auth = useStore($auth);
  const mounted = useMounted(startAuth);
  const goOn = () => location.assign(safeNextPath(new URLSearchParams(location.search).get('next')));
  return (
    <ErrorBoundary>
      {mounted && auth.status === 'signedIn' ? (
        <div className="text-center">
          <p className="text-ink">You are signed in as <strong>{auth.user.email}</strong>.</p>
          <a href="/" className={buttonVariants({ size: 'md', className: 'mt-4' })}>Continue shopping</a>
        </div>
      ) : (
        <AuthPanel initialTab={initialTab} onSignedIn={goOn} />
      )}
    </ErrorBoundary>
  );
}
