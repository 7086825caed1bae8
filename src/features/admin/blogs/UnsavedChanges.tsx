/**
 * Leaving the blog editor with unsaved changes (spec): a click on a link to another page of the
 * shop opens 'Unsaved Changes' with 'Stay and Save' and 'Leave Without Saving', and the browser
 * warns before the page unloads.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { asksBeforeLeaving } from './editor.ts';

/**
 * Guards the page while `dirty`. Render `dialog`; `leave(href)` goes to another page without
 * asking (after a save, or when the admin chose to leave).
 */
export function useLeaveGuard(dirty: boolean, onStayAndSave: () => void): { dialog: ReactNode; leave: (href: string) => void } {
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const unloadAllowed = useRef(false);

  const leave = useCallback((href: string) => {
    unloadAllowed.current = true;
    location.assign(href);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (unloadAllowed.current) return;
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return;
      const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      const intent = { href: link.getAttribute('href') ?? '', target: link.target, download: link.hasAttribute('download'), modified };
      if (!asksBeforeLeaving(true, intent, new URL(location.href))) return;
      event.preventDefault();
      setLeavingTo(link.href);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  const dialog = leavingTo !== null && (
    <Dialog
      title="Unsaved Changes"
      size="sm"
      onRequestClose={() => setLeavingTo(null)}
      footer={
        <>
          <Button variant="secondary" onClick={() => leave(leavingTo)}>Leave Without Saving</Button>
          <Button
            data-autofocus
            onClick={() => {
              setLeavingTo(null);
              onStayAndSave();
            }}
          >
            Stay and Save
          </Button>
        </>
      }
    >
      <p>This blog has changes that are not saved yet. Save them before you leave, or leave without saving and lose them.</p>
    </Dialog>
  );
  return { dialog, leave };
}
