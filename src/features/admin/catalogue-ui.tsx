/**
 * Pieces shared by the Products and Categories tabs: a read's state with Retry, the native modal
 * <dialog> the forms open in, the in-app confirmation (never window.confirm), and field styling
 * with a field's problem beside it.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FormProblem } from './forms.ts';

// --- reads ---------------------------------------------------------------------------------------

export type Loadable<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes or reload() is called. While a reload runs the
 * last answer stays on screen, so a list does not flash empty between pages.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): [Loadable<T> & { refreshing: boolean }, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    let current = true;
    setRefreshing(true);
    latest.current().then(
      (data) => {
        if (!current) return;
        setState({ status: 'ready', data });
        setRefreshing(false);
      },
      (error: unknown) => {
        if (!current) return;
        console.error(error);
        setState({ status: 'error' });
        setRefreshing(false);
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [{ ...state, refreshing }, reload];
}

// --- styles --------------------------------------------------------------------------------------

export const INPUT =
  'w-full rounded-lg border border-black/15 bg-white px-3 py-2 text-sm text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-600 aria-invalid:ring-red-600/20';
export const LABEL = 'mb-1 block text-sm font-medium text-ink';
export const BUTTON = {
  primary: 'inline-flex items-center justify-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
  secondary: 'inline-flex items-center justify-center gap-1.5 rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
  danger: 'inline-flex items-center justify-center gap-1.5 rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60',
  small: 'inline-flex items-center justify-center rounded-lg border border-black/15 bg-white px-2.5 py-1 text-xs font-semibold text-ink hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
  smallDanger: 'inline-flex items-center justify-center rounded-lg border border-red-700/30 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60',
  link: 'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
} as const;

/** A field's label; a required field's star stays outside it, so the field is named just by its label. */
export function FieldLabel({ htmlFor, required = false, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="mb-1 text-sm font-medium text-ink">
      <label htmlFor={htmlFor}>{children}</label>
      {required && <span className="text-red-700" aria-hidden="true"> *</span>}
    </div>
  );
}

// --- problems beside fields ----------------------------------------------------------------------

/** The message for exactly this field path, if any. */
export function problemAt(problems: readonly FormProblem[], field: string): string | undefined {
  return problems.find((p) => p.field === field)?.message;
}

/** Problems at or under `prefix` that no input in `shown` displays itself. */
export function problemsUnder(problems: readonly FormProblem[], prefix: string, shown: readonly string[]): FormProblem[] {
  return problems.filter((p) => (p.field === prefix || p.field.startsWith(`${prefix}.`)) && !shown.includes(p.field));
}

/** The DOM id of the input for a field path: 'media_urls.1.url' → 'product-media_urls-1-url'. */
export function fieldId(form: string, field: string): string {
  return `${form}-${field.replace(/\./g, '-')}`;
}

/** Props tying an input to its problem message. */
export function invalidProps(form: string, field: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(form, field)}-problem` } : {};
}

export function FieldProblem({ form, field, message }: { form: string; field: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${fieldId(form, field)}-problem`} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export interface TextFieldProps {
  form: string;
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's problem, shown under it (and the hint hidden) when there is one. */
  problem: string | undefined;
  type?: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

/** A labelled one-line input with its hint and problem, as every admin form lays them out. */
export function TextField({ form, field, label, value, onChange, problem, type = 'text', required, placeholder, hint }: TextFieldProps) {
  return (
    <div>
      <FieldLabel htmlFor={`${form}-${field}`} required={required}>{label}</FieldLabel>
      <input
        id={`${form}-${field}`}
        type={type}
        required={required}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={INPUT}
        {...invalidProps(form, field, problem)}
      />
      {hint && !problem && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <FieldProblem form={form} field={field} message={problem} />
    </div>
  );
}

/**
 * Focuses the first problem's input, or the nearest section around it ('media_urls.1.url' falls
 * back to 'media_urls.1', then 'media_urls').
 */
export function focusProblem(root: HTMLElement | null, form: string, problems: readonly FormProblem[]): void {
  const first = problems[0];
  if (!root || !first) return;
  const parts = first.field.split('.');
  for (let n = parts.length; n > 0; n--) {
    const element = root.querySelector<HTMLElement>(`#${CSS.escape(fieldId(form, parts.slice(0, n).join('.')))}`);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
  }
}

// --- dialogs -------------------------------------------------------------------------------------

const CLOSE_ICON = (
  <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
    <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
  </svg>
);

/**
 * A modal form in a native <dialog>, named by its title, open while mounted. Escape, a click on
 * the backdrop, the close button and Cancel all ask `onRequestClose`, which decides.
 */
export function FormDialog({
  title,
  onRequestClose,
  onSubmit,
  footer,
  children,
  busy = false,
}: {
  title: string;
  onRequestClose: () => void;
  onSubmit: () => void;
  footer: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const request = useRef(onRequestClose);
  request.current = onRequestClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // Chrome closes a dialog on a second Escape even when the first was cancelled; it is the
    // parent that decides, so the dialog opens again and asks.
    const reopen = () => {
      if (!element.isConnected) return;
      element.showModal();
      request.current();
    };
    element.addEventListener('close', reopen);
    return () => {
      element.removeEventListener('close', reopen);
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onClick={(event) => event.target === dialog.current && onRequestClose()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(52rem,calc(100vw-2rem))] overflow-hidden rounded-2xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="flex max-h-[calc(100dvh-2rem)] flex-col"
      >
        <div className="flex items-center justify-between border-b border-black/10 px-6 py-4">
          <h2 id={titleId} className="text-xl font-bold text-ink">{title}</h2>
          <button type="button" onClick={onRequestClose} className="rounded-full p-1 text-muted hover:bg-gray-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600" aria-label="Close">
            {CLOSE_ICON}
          </button>
        </div>
        <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-6 py-5">{children}</div>
        <div className="flex items-center justify-end gap-3 border-t border-black/10 bg-gray-50 px-6 py-3">{footer}</div>
      </form>
    </dialog>
  );
}

export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

/**
 * An in-app confirmation: `ask(request)` opens an alert dialog named by its question and resolves
 * true when the admin confirms. Render `element` once, anywhere.
 */
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

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (ok: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  const answer = useRef(onAnswer);
  answer.current = onAnswer;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // Escape closes it: that is a No.
    const closed = () => answer.current(false);
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('close', closed);
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={messageId}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <p id={messageId} className="text-base font-semibold text-ink">{request.message}</p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" autoFocus onClick={() => onAnswer(false)} className={BUTTON.secondary}>
            {request.cancelLabel ?? 'Cancel'}
          </button>
          <button type="button" onClick={() => onAnswer(true)} className={request.danger ? BUTTON.danger : BUTTON.primary}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** A labelled section of a form dialog. */
export function FormSection({ title, id, children, description }: { title: string; id?: string; children: ReactNode; description?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-heading` : undefined} id={id} tabIndex={id ? -1 : undefined} className="space-y-3 focus:outline-none">
      <div>
        <h3 id={id ? `${id}-heading` : undefined} className="text-sm font-bold uppercase tracking-wide text-muted">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
