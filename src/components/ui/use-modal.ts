/** Opens a native <dialog> as a modal while the component is mounted. */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Shows the dialog on mount, focuses its control marked `data-autofocus` (React's autoFocus runs
 * before showModal() moves the focus), and calls `onClosed` when the browser closes it (Escape
 * pressed twice in Chrome closes even a dialog whose first cancel was prevented).
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, onClosed: (element: HTMLDialogElement) => void): void {
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const listener = () => closed.current(element);
    element.addEventListener('close', listener);
    return () => {
      element.removeEventListener('close', listener);
      if (element.open) element.close();
    };
  }, [dialog]);
}
