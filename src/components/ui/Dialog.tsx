/**
 * A modal in a native <dialog>, named by its title and open while mounted. Escape, the close
 * button and (when asked for) a click on the backdrop all call `onRequestClose`, which decides
 * whether the dialog goes. With `onSubmit` the body and footer are one form, so Enter in a field
 * submits it. The control marked `data-autofocus` gets the focus when it opens.
 */
import { useId, useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { FOCUS_RING } from './button.ts';
import { useModal } from './use-modal.ts';

const WIDTHS = {
  sm: 'w-[min(28rem,calc(100vw-2rem))]',
  md: 'w-[min(52rem,calc(100vw-2rem))]',
  lg: 'w-[min(56rem,calc(100vw-2rem))]',
} as const;

export interface DialogProps {
  title: string;
  onRequestClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  role?: 'alertdialog';
  describedBy?: string;
  /** Makes the dialog a form: Enter or a submit button calls this (the browser's own checks are off). */
  onSubmit?: () => void;
  busy?: boolean;
  closeOnBackdrop?: boolean;
}

export function Dialog({ title, onRequestClose, children, footer, size = 'lg', role, describedBy, onSubmit, busy = false, closeOnBackdrop = false }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // It is the parent that decides whether the dialog goes: closed by the browser, it opens again and asks.
  useModal(dialog, (element) => {
    if (!element.isConnected) return;
    element.showModal();
    onRequestClose();
  });

  const content = (
    <>
      <div className="flex items-center justify-between gap-4 border-b border-black/10 px-6 py-4">
        <h2 id={titleId} className="text-xl font-bold text-ink">{title}</h2>
        <button type="button" onClick={onRequestClose} aria-label="Close" className={cn('rounded-full p-1 text-muted hover:bg-gray-100 hover:text-ink', FOCUS_RING)}>
          <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
      {footer && <div className="flex flex-wrap items-center justify-end gap-3 border-t border-black/10 bg-gray-50 px-6 py-3">{footer}</div>}
    </>
  );

  const frame = 'flex max-h-[calc(100dvh-2rem)] flex-col';
  return (
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        // React passes a dialog's cancel on to the dialogs around it: Escape answers only the innermost.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onRequestClose();
      }}
      onClick={closeOnBackdrop ? (event) => event.target === dialog.current && onRequestClose() : undefined}
      className={cn('m-auto max-h-[calc(100dvh-2rem)] overflow-clip rounded-2xl p-0 text-ink shadow-2xl backdrop:bg-black/50', WIDTHS[size])}
    >
      {onSubmit ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          className={frame}
        >
          {content}
        </form>
      ) : (
        <div className={frame}>{content}</div>
      )}
    </dialog>
  );
}
