/**
 * /auth/callback: where Google sign-in and the sign-up confirmation link return. The auth library
 * reads the session from the URL; once it has one the shopper goes on home (or to ?next=).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { showToastOnNextPage } from '../../components/ui/toast.ts';
import { safeNextPath } from './redirect.ts';
import { $auth, authClient, startAuth } from './store.ts';

function errorInUrl(): string | null {
  const params = new URLSearchParams(location.hash.slice(1) || location.search);
  return params.get('error_description') ?? params.get('error');
}

export default function AuthCallback() {
  const auth = useStore($auth);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const problem = errorInUrl();
    if (problem) {
      setError(problem.replace(/\+/g, ' '));
      return;
    }
    startAuth();
    authClient()
      .then(async (db) => {
        const { data, error: sessionError } = await db.auth.getSession();
        if (sessionError || !data.session) setError(sessionError?.message ?? 'The sign-in link is invalid or has expired.');
      })
      .catch(() => setError('An unexpected error occurred'));
  }, []);

  useEffect(() => {
    if (auth.status !== 'signedIn' || error) return;
    showToastOnNextPage('You are signed in', 'success');
    location.replace(safeNextPath(new URLSearchParams(location.search).get('next')));
  }, [auth.status, error]);

  if (error) {
    return (
      <>
        <Heading>Sign-in failed</Heading>
        <div role="alert" className="text-center">
          <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">{error}</p>
          <a href="/login" className="mt-4 inline-block font-semibold text-brand-700 underline">Back to sign in</a>
        </div>
      </>
    );
  }
  return (
    <>
      <Heading>Signing you in</Heading>
      <p className="text-center text-muted" role="status">Signing you in…</p>
    </>
  );
}

function Heading({ children }: { children: string }) {
  return <h1 className="mb-6 text-center text-2xl font-bold text-ink">{children}</h1>;
}
