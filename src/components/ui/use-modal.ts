/** Opens a native <dialog> as a modal while the component is mounted. */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Shows the dialog on mount, focuses its control marked `data-autofocus` (React's autoFocus runs
 * before showModal() moves the focus), and calls `onClosed` when the browser closes it (Escape
 * pressed twice in Chrome closes even a dialog whose first cancel was prevented). When it goes, the
 * focus returns to the control that had it before.
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, onClosed: (element: HTMLDialogElement) => void): void {
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement;
    element.showModal();
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const listener = () => closed.current(element);
    element.addEventListener('close', listener);
    return () => {
      element.removeEventListener('close', listener);
      if (element.open) element.close();
      // Unmounted, the dialog leaves the page before the browser can hand the focus back: the
      // control that opened it takes it again, unless something else has taken it meanwhile.
      const lost = document.activeElement === null || document.activeElement === document.body || element.contains(document.activeElement);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [dialog]);
}
