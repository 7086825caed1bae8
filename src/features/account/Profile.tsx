/** /profile: the signed-in shopper's account — picture, name, email — with links and Log out. */
import { useStore } from '@nanostores/react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { showToast, showToastOnNextPage } from '../../components/ui/toast.ts';
import { loginHref } from '../../lib/links.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { avatarLetter, displayName } from './session.ts';
import { $auth, signOut, startAuth } from './store.ts';

export default function Profile() {
  const auth = useStore($auth);
  const mounted = useMounted(startAuth);

  if (!mounted || auth.status === 'loading') return <p className="text-muted noscript:hidden" role="status">Loading...</p>;
  if (auth.status === 'signedOut') {
    return (
      <div className="text-center">
        <p className="text-ink">Sign in to see your profile and keep your wishlist on every device.</p>
        <a href={loginHref('/profile')} className={buttonVariants({ size: 'md', className: 'mt-4' })}>Sign In</a>
      </div>
    );
  }

  const { user } = auth;
  async function logOut() {
    const result = await signOut();
    if (result === 'signedOut') {
      showToastOnNextPage('You have been signed out', 'success');
      location.assign('/');
    } else {
      showToast(result === 'failed' ? 'Failed to sign out. Please try again.' : 'An error occurred while signing out', 'error');
    }
  }
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      {user.avatarUrl ? (
        <img src={user.avatarUrl} alt="" width={96} height={96} className="size-24 rounded-full object-cover" />
      ) : (
        <span className="grid size-24 place-items-center rounded-full bg-brand-600 text-4xl font-bold text-white">{avatarLetter(user)}</span>
      )}
      <dl className="grid gap-1">
        <dt className="sr-only">Name</dt>
        <dd className="text-xl font-semibold text-ink">{displayName(user)}</dd>
        <dt className="sr-only">Email</dt>
        <dd className="text-muted">{user.email}</dd>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/wishlist" className={buttonVariants({ size: 'md' })}>My Wishlist</a>
        <Button variant="secondary" size="md" onClick={logOut}>Log out</Button>
      </div>
    </div>
  );
}
