/**
 * One listener for the whole page: a click (or middle click) on a tracked element — a product
 * card, a category link, a blog card, a retailer button — is sent to the tracking function.
 */
import { clickFor, TRACKED } from './clicks.ts';
import { sendClick } from './send.ts';

function onClick(event: MouseEvent) {
  if (event.type === 'auxclick' && event.button !== 1) return;
  const element = (event.target as Element | null)?.closest<HTMLElement>(TRACKED);
  const click = element && clickFor(element.dataset);
  if (click) sendClick(click);
}

document.addEventListener('click', onClick, { capture: true });
document.addEventListener('auxclick', onClick, { capture: true });
