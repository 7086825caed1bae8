/** Shows the toasts of components/ui/toast.ts in a polite live region at the bottom of the page. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useIntentReady } from '../../lib/use-intent-ready.ts';
import { useMounted } from '../../lib/use-mounted.ts';
import { $toasts, dismissToast, takeNextPageToast } from './toast.ts';

const TONES = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-ink text-white',
} as const;

export default function Toaster() {
  const stored = useStore($toasts);
  const region = useRef<HTMLDivElement>(null);
  useIntentReady(region);
  // The toaster hydrates on the first toast, which is already in the store: the first render must
  // still be the server's empty region (React error #418), the toasts come a render later.
  const mounted = useMounted(takeNextPageToast);
  const toasts = mounted ? stored : [];
  // A modal <dialog> sits in the top layer, above any z-index: showing the region again as a
  // popover puts it on top, so a toast about the dialog's form is seen over it.
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [toasts]);
  return (
    <div ref={region} popover="manual" role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-auto bottom-4 z-50 m-auto flex flex-col items-center gap-2 overflow-visible border-0 bg-transparent px-4 py-0">
      {toasts.map((toast) => (
        <div key={toast.id} className={`pointer-events-auto flex items-center gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${TONES[toast.tone]}`}>
          <span>{toast.message}</span>
          <button type="button" onClick={() => dismissToast(toast.id)} className="rounded px-1 opacity-80 hover:opacity-100" aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
