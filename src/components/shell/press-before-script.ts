/**
 * A page's own scripts run a round trip after the page is read (lib/page-scripts.ts), so on a slow
 * phone the header shows for a while before its controls work. A press in that while on a control
 * marked `data-early-press="<its element's name>"` is kept: the page's inline script
 * (PRESS_BEFORE_SCRIPT, in the head of every page) marks the control `data-pressed-early` until
 * that element is defined, and the element then does what the press asked (mobile-menu.ts opens).
 */
import script from './press-before-script.js?raw';

/** The inline script that marks a control pressed before its element was defined (its exact text, for the CSP hash). */
export const PRESS_BEFORE_SCRIPT: string = script.trim();
