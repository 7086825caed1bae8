/**
 * Toast messages: any island or script can show one; the Toaster island displays them. The
 * toaster loads on the first toast (TOAST_EVENT) or when one waits for this page.
 */
import { atom } from 'nanostores';
import { NEXT_PAGE_TOAST_KEY, TOAST_EVENT } from '../../lib/intent-signals.ts';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
}

export const $toasts = atom<Toast[]>([]);
const SHOWN_FOR_MS = 4000;
let nextId = 1;

export function showToast(message: string, tone: Toast['tone'] = 'info'): void {
  const toast = { id: nextId++, message, tone };
  $toasts.set([...$toasts.get(), toast]);
  window.dispatchEvent(new Event(TOAST_EVENT));
  setTimeout(() => dismissToast(toast.id), SHOWN_FOR_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** A toast to show on the next page: sign-out navigates home and says so there. */
export function showToastOnNextPage(message: string, tone: Toast['tone'] = 'info'): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify({ message, tone }));
  } catch {
    // Without session storage the message is simply not shown.
  }
}

export function takeNextPageToast(): void {
  try {
    const stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    if (!stored) return;
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
    const { message, tone } = JSON.parse(stored) as Pick<Toast, 'message' | 'tone'>;
    if (typeof message === 'string') showToast(message, tone);
  } catch {
    // A malformed stored toast is dropped.
  }
}
