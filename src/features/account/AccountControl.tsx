/**
 * The header's account control. Signed out: a 'Sign In' button opening the Login / Sign Up dialog.
 * Signed in: the avatar (picture, else the email's first letter, else 'U') with a menu showing the
 * email and name and the entries Profile, Wishlist and Log out.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { showToast, showToastOnNextPage } from '../../components/ui/toast.ts';
import { useIntentReady } from '../../lib/use-intent-ready.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { avatarLetter, displayName, type AccountUser } from './session.ts';
import { $auth, signOut, startAuth } from './store.ts';

// The forms load when the dialog first opens, not with every page.
const AuthPanel = lazy(() => import('./AuthPanel.tsx'));

/**
 * Prebuilt, and until mounted, the control is the 'Sign In' button: the page shows it without
 * React, which loads when the shopper reaches for it (client:intent). A stored session loads React
 * at once and keeps the button hidden meanwhile (global.css), so the avatar replaces nothing seen.
 */
export default function AccountControl() {
  const auth = useStore($auth);
  const mounted = useMounted(startAuth);
  if (!mounted || auth.status === 'loading') return <SignInDialog prebuilt />;
  return auth.status === 'signedIn' ? <AccountMenu user={auth.user} /> : <SignInDialog />;
}

function SignInDialog({ prebuilt = false }: { prebuilt?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useIntentReady(button);
  const close = () => {
    dialog.current?.close();
    setOpen(false);
  };
  return (
    <>
      <Button
        ref={button}
        data-prebuilt-sign-in={prebuilt ? '' : undefined}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Sign In
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="sign-in-title"
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === dialog.current && close()}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-black/40"
      >
        {/* Rendered only while open, so the closed dialog adds no second 'Sign In' to the page. */}
        {open && <div className="p-6">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="sign-in-title" className="text-xl font-bold text-ink">Sign In</h2>
            <button type="button" onClick={close} className="rounded-full p-1 text-muted hover:text-ink" aria-label="Close">
              <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" /></svg>
            </button>
          </div>
          <Suspense fallback={<p className="text-sm text-muted" role="status">Loading...</p>}>
            <AuthPanel onSignedIn={close} />
          </Suspense>
        </div>}
      </dialog>
    </>
  );
}

function Avatar({ user }: { user: AccountUser }) {
  const [broken, setBroken] = useState(false);
  if (user.avatarUrl && !broken) {
    return <img src={user.avatarUrl} alt="" width={36} height={36} onError={() => setBroken(true)} className="size-9 rounded-full object-cover" />;
  }
  return <span className="grid size-9 place-items-center rounded-full bg-brand-600 font-semibold text-white">{avatarLetter(user)}</span>;
}

function AccountMenu({ user }: { user: AccountUser }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // As a menu opens, its first entry takes the focus (WAI-ARIA menu button).
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  async function logOut() {
    setOpen(false);
    const result = await signOut();
    if (result === 'signedOut') {
      showToastOnNextPage('You have been signed out', 'success');
      location.assign('/');
    } else if (result === 'failed') {
      showToast('Failed to sign out. Please try again.', 'error');
    } else {
      showToast('An error occurred while signing out', 'error');
    }
  }

  const item = 'block w-full rounded-lg px-3 py-2 text-left text-sm text-ink outline-none hover:bg-brand-50 focus:bg-brand-50';
  return (
    <div
      ref={root}
      className="relative"
      // Focus that leaves the control (Tab past 'Log out', a click elsewhere) closes the menu.
      onBlur={(event) => root.current?.contains(event.relatedTarget as Node | null) || setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="rounded-full ring-brand-500 focus-visible:ring-2"
      >
        <span className="sr-only">Account menu</span>
        <Avatar user={user} />
      </button>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label="Account"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            } else if (menu.current && moveMenuFocus(menu.current, event.key)) {
              event.preventDefault();
            }
          }}
          className="absolute right-0 top-full z-50 mt-2 w-60 rounded-2xl border border-black/5 bg-white p-2 shadow-xl"
        >
          <div className="border-b border-black/5 px-3 pb-2 pt-1">
            <p className="truncate text-sm font-semibold text-ink">{displayName(user)}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <a role="menuitem" tabIndex={-1} href="/profile" className={item}>Profile</a>
          <a role="menuitem" tabIndex={-1} href="/wishlist" className={item}>Wishlist</a>
          <button role="menuitem" tabIndex={-1} type="button" onClick={logOut} className={item}>Log out</button>
        </div>
      )}
    </div>
  );
}

/** The arrow keys, Home and End move the focus among a menu's entries, round from the last to the first; whether the key was one of them. */
function moveMenuFocus(menu: HTMLElement, key: string): boolean {
  const entries = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = entries.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[key];
  if (next === undefined) return false;
  entries[(next + entries.length) % entries.length]?.focus();
  return true;
}
