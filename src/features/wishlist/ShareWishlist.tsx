/**
 * 'Share wishlist' on /wishlist (issue 12), for a signed-in shopper: a dialog gives the list a
 * title (default 'My gift ideas') and makes a link to /wishlist/shared/, with a Copy button ('Link
 * copied') and the browser's own share sheet where it has one (the Web Share API). While shared,
 * the shopper can rename the list (the link stays) or stop sharing (the link then shows 'This list
 * is no longer shared'); sharing again makes a new link. The link shows the wishlist as it is when
 * opened, not a copy. Guests see nothing: only an account's wishlist can be shared.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { copyText } from '../../components/ui/clipboard.ts';
import { useConfirm } from '../../components/ui/ConfirmDialog.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { $auth, authClient, startAuth } from '../account/store.ts';
import { ownListShare, shareWishlist, stopSharingWishlist, type ListShare } from './queries.ts';
import { DEFAULT_LIST_TITLE, listTitleProblem, sharedListUrl } from './shared-list.ts';

const SHARE_WISHLIST = 'Share wishlist';
const LINK_COPIED = 'Link copied';
const COPIED_FOR_MS = 2500;

export default function ShareWishlist() {
  const auth = useStore($auth);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const { state, retry } = useLoad(userId && `list-share:${userId}`, async () => ownListShare(await authClient(), userId!));
  // What the dialog saved since the read: the share as the server now holds it.
  const [saved, setSaved] = useState<{ userId: string; share: ListShare | null } | null>(null);
  const [open, setOpen] = useState(false);
  const mounted = useMounted(startAuth);

  if (!mounted || !userId) return null;
  const known = saved?.userId === userId ? saved : null;
  const share = known ? known.share : state.status === 'ready' ? state.data : null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {share && (
        <p className="text-sm text-muted">
          Shared as <span className="font-medium text-ink">“{share.title}”</span>
        </p>
      )}
      {!known && state.status === 'error' && (
        <p className="text-sm text-muted">
          We couldn't check whether your wishlist is shared.{' '}
          <Button variant="link" size="inline" onClick={retry}>Retry</Button>
        </p>
      )}
      {/* Without knowing the share it still works: sharing again keeps an existing link (share_wishlist). */}
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={!known && state.status === 'loading'}>
        <ShareIcon />
        {SHARE_WISHLIST}
      </Button>
      {open && (
        <ShareDialog
          share={share}
          onChange={(next) => setSaved({ userId, share: next })}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

type Busy = 'saving' | 'stopping' | null;

function ShareDialog({ share, onChange, onClose }: {
  share: ListShare | null;
  onChange: (share: ListShare | null) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(share?.title ?? DEFAULT_LIST_TITLE);
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState<Busy>(null);
  const confirm = useConfirm();
  const copyButton = useRef<HTMLButtonElement>(null);
  const justShared = useRef(false);
  const explainerId = useId();

  useEffect(() => {
    // The 'Create link' button is gone once the link exists: the focus goes to what comes next.
    if (share && justShared.current) copyButton.current?.focus();
    justShared.current = false;
  }, [share]);

  async function save() {
    const wrong = listTitleProblem(title);
    setProblem(wrong ?? undefined);
    setFailure(undefined);
    if (wrong || busy) return;
    if (share && title.trim() === share.title) return;
    setBusy('saving');
    try {
      const saved = await shareWishlist(await authClient(), title.trim());
      justShared.current = !share;
      setTitle(saved.title);
      onChange(saved);
      if (share) showToast('List title saved', 'success');
    } catch (error) {
      console.error(error);
      setFailure(share ? "We couldn't save the title. Please try again." : "We couldn't make a link. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function stop() {
    const sure = await confirm.ask({
      message: 'Stop sharing this list?',
      detail: "Its link will show 'This list is no longer shared'. You can share your wishlist again with a new link.",
      confirmLabel: 'Stop sharing',
    });
    if (!sure) return;
    setBusy('stopping');
    setFailure(undefined);
    try {
      await stopSharingWishlist(await authClient());
      onChange(null);
      showToast('Your wishlist is no longer shared', 'success');
      onClose();
    } catch (error) {
      console.error(error);
      setFailure("We couldn't stop sharing. Please try again.");
      setBusy(null);
    }
  }

  const footer = share ? (
    <>
      <Button variant="dangerOutline" className="mr-auto" onClick={() => void stop()} disabled={busy !== null}>
        {busy === 'stopping' ? 'Stopping...' : 'Stop sharing'}
      </Button>
      <Button onClick={onClose}>Done</Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose}>Cancel</Button>
      <Button type="submit" disabled={busy !== null}>{busy === 'saving' ? 'Creating link...' : 'Create link'}</Button>
    </>
  );

  return (
    <Dialog
      title={SHARE_WISHLIST}
      size="sm"
      onRequestClose={onClose}
      onSubmit={() => void save()}
      busy={busy !== null}
      describedBy={explainerId}
      footer={footer}
    >
      <div className="space-y-5">
        <p id={explainerId} className="text-sm text-muted">
          Anyone with the link sees this title and the gifts on your wishlist, kept up to date as you like and unlike
          gifts. They don't see your name or email.
        </p>
        <Field id="share-list-title" label="List title" error={problem}>
          <div className="flex gap-2">
            <Input
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              autoComplete="off"
              disabled={busy !== null}
              data-autofocus={share ? undefined : ''}
            />
            {share && (
              <Button type="submit" variant="secondary" className="shrink-0" disabled={busy !== null || title.trim() === share.title}>
                {busy === 'saving' ? 'Saving...' : 'Save title'}
              </Button>
            )}
          </div>
        </Field>
        {share && <ShareLink share={share} copyButton={copyButton} />}
        {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
      </div>
      {confirm.element}
    </Dialog>
  );
}

function ShareLink({ share, copyButton }: { share: ListShare; copyButton: RefObject<HTMLButtonElement | null> }) {
  const url = sharedListUrl(share.token, location.origin);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator.share === 'function';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const copiedIt = await copyText(url, field.current?.closest('dialog') ?? document.body);
    setCopied(copiedIt);
    setCopyFailed(!copiedIt);
    // Refused: the link is selected, to copy by hand.
    if (!copiedIt) field.current?.select();
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: share.title, text: `${share.title}, a gift list on Giftshop`, url });
    } catch (error) {
      // The shopper closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error(error);
      showToast("We couldn't open sharing. Copy the link instead.", 'error');
    }
  }

  return (
    <div>
      <Field
        id="share-list-link"
        label="Link"
        hint={copyFailed ? 'Your browser did not let us copy it: the link is selected, copy it from there.' : 'Send it to whoever you like.'}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input ref={field} value={url} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
          <Button ref={copyButton} className="shrink-0 whitespace-nowrap sm:w-36" onClick={() => void copy()}>
            {copied ? <CheckIcon /> : null}
            {copied ? LINK_COPIED : 'Copy link'}
          </Button>
        </div>
      </Field>
      <p role="status" className="sr-only">{copied ? LINK_COPIED : ''}</p>
      {canShare && (
        <Button variant="secondary" className="mt-3" onClick={() => void shareNatively()}>
          <ShareIcon />
          Share…
        </Button>
      )}
    </div>
  );
}

function ShareIcon() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
    </svg>
  );
}
