/**
 * Pieces shared by the Blogs, Quizzes and Analytics tabs and the blog editor: a read's state, the
 * control styles, a modal in a native <dialog> (focus kept inside, Escape handled) and the in-app
 * confirmation used for deletes.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { authClient } from '../account/store.ts';
import type { Db } from '../../lib/supabase.ts';

// --- reads -----------------------------------------------------------------------------------------

export type Loadable<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Runs `load` with the admin's client on mount and again on reload(); a failure is logged (spec:
 * loading errors are only logged) and shown as the 'error' state the caller decides about.
 */
export function useAdminRead<T>(load: (db: Db) => Promise<T>, key = ''): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    let current = true;
    authClient()
      .then((db) => latest.current(db))
      .then(
        (data) => current && setState({ status: 'ready', data }),
        (error: unknown) => {
          console.error(error);
          if (current) setState({ status: 'error' });
        },
      );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}

// --- styles ----------------------------------------------------------------------------------------

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export const INPUT =
  'w-full rounded-lg border border-black/15 bg-white px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-600';
export const LABEL = 'mb-1 block text-sm font-medium text-ink';
export const BUTTON = {
  primary: `inline-flex items-center justify-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`,
  secondary: `inline-flex items-center justify-center gap-1.5 rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`,
  danger: `inline-flex items-center justify-center gap-1.5 rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`,
  small: `inline-flex items-center justify-center gap-1 rounded-lg border border-black/15 bg-white px-2.5 py-1 text-xs font-semibold text-ink hover:bg-gray-50 disabled:opacity-60 ${FOCUS}`,
  smallDanger: `inline-flex items-center justify-center rounded-lg border border-red-700/30 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 ${FOCUS}`,
} as const;

/** A field's problem under it, tied to the input by `id`. */
export function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p id={id} className="mt-1 text-sm text-red-700">{message}</p> : null;
}

// --- dialogs ---------------------------------------------------------------------------------------

/**
 * A modal in a native <dialog>, named by its title and open while mounted. Escape and the close
 * button ask `onRequestClose`, which decides. The control marked data-autofocus gets the focus.
 */
export function Modal({
  title,
  onRequestClose,
  children,
  footer,
  size = 'large',
  role,
  describedBy,
}: {
  title: string;
  onRequestClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'large';
  role?: 'alertdialog';
  describedBy?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // showModal() focuses the first control; a dialog may name a better one (React's autoFocus runs too early).
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  const width = size === 'small' ? 'w-[min(28rem,calc(100vw-2rem))]' : 'w-[min(56rem,calc(100vw-2rem))]';
  return (
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-hidden rounded-2xl p-0 text-ink shadow-2xl backdrop:bg-black/50 ${width}`}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-black/10 px-6 py-4">
          <h2 id={titleId} className="text-lg font-bold">{title}</h2>
          <button type="button" onClick={onRequestClose} aria-label="Close" className={`rounded-full p-1 text-muted hover:bg-gray-100 hover:text-ink ${FOCUS}`}>
            <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {footer && <div className="flex flex-wrap items-center justify-end gap-3 border-t border-black/10 bg-gray-50 px-6 py-3">{footer}</div>}
      </div>
    </dialog>
  );
}

export interface ConfirmRequest {
  /** The question, which names the dialog: e.g. the spec's 'Are you sure you want to delete this blog?'. */
  message: string;
  confirmLabel: string;
}

/**
 * An in-app confirmation (an alert dialog, never window.confirm): `ask(request)` resolves true
 * when the admin confirms. Render `element` once.
 */
export function useConfirm(): { element: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [pending, setPending] = useState<{ request: ConfirmRequest; resolve: (ok: boolean) => void } | null>(null);
  const noteId = useId();
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ request, resolve })), []);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const element = pending && (
    <Modal
      title={pending.request.message}
      role="alertdialog"
      describedBy={noteId}
      size="small"
      onRequestClose={() => answer(false)}
      footer={
        <>
          <button type="button" data-autofocus onClick={() => answer(false)} className={BUTTON.secondary}>Cancel</button>
          <button type="button" onClick={() => answer(true)} className={BUTTON.danger}>{pending.request.confirmLabel}</button>
        </>
      }
    >
      <p id={noteId} className="text-sm text-muted">This cannot be undone.</p>
    </Modal>
  );
  return { element, ask };
}
