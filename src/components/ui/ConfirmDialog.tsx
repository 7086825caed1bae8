/**
 * An in-app confirmation (never window.confirm): an alert dialog named by its question, with
 * Cancel focused first. `useConfirm().ask(request)` resolves true when the user confirms;
 * Escape is a No. Render the hook's `element` once.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useModal } from './use-modal.ts';

export interface ConfirmRequest {
  /** The question, e.g. the spec's 'Are you sure you want to delete this blog?'. */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A line under the question, such as what else the action touches. */
  detail?: ReactNode;
  /** A destructive action: the confirm button is red (the default). */
  danger?: boolean;
}

export function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (ok: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  const detailId = useId();
  // Closed by the browser (Escape): that is a No.
  useModal(dialog, () => onAnswer(false));

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={messageId}
      aria-describedby={request.detail ? detailId : undefined}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <p id={messageId} className="text-base font-semibold text-ink">{request.message}</p>
        {request.detail && <div id={detailId} className="mt-2 text-sm text-muted">{request.detail}</div>}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={() => onAnswer(false)}>{request.cancelLabel ?? 'Cancel'}</Button>
          <Button variant={request.danger === false ? 'primary' : 'danger'} onClick={() => onAnswer(true)}>{request.confirmLabel}</Button>
        </div>
      </div>
    </dialog>
  );
}

export function useConfirm(): { element: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [pending, setPending] = useState<{ request: ConfirmRequest; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ request, resolve })), []);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const element = pending ? <ConfirmDialog request={pending.request} onAnswer={answer} /> : null;
  return { element, ask };
}
