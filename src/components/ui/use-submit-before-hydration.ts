/**
 * A server-rendered form can be sent before its island has hydrated (a login filled in and sent
 * right after the page loads). Its native submission would only reload the page, without what was
 * typed, since the island's forms have no address of their own. The page's inline script
 * (SUBMIT_BEFORE_HYDRATION_SCRIPT, in the head of every page) holds such a submission and marks
 * the form; once hydrated the island sends it, after the fields' early input has been taken over
 * (use-input-before-hydration.ts).
 */
import { useEffect, useState, type RefObject } from 'react';
import script from './submit-before-hydration.js?raw';

/** The inline script that holds a form's submission until its island has hydrated (its exact text, for the CSP hash). */
export const SUBMIT_BEFORE_HYDRATION_SCRIPT: string = script.trim();

export function useSubmitBeforeHydration(form: RefObject<HTMLFormElement | null>): void {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const element = form.current;
    if (!element || !('submitBeforeHydration' in element.dataset)) return;
    delete element.dataset.submitBeforeHydration;
    setHeld(true);
    // Only on mount: the mark is set before hydration.
  }, []);
  useEffect(() => {
    // A render after mount, so the submit handler sees the input taken over at mount.
    if (held) form.current?.requestSubmit();
  }, [held]);
}
