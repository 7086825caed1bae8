/**
 * Keeps a product card's Details popup (256 px wide, its right edge under the right edge of the
 * Details button) where the shopper can see it. A card at the left of a carousel, or in the left
 * column of a phone's grid, would have the popup's left part cut off by the carousel's scroller or
 * by the screen's edge. Just before the popup shows (the pointer reaches it, or focus enters it),
 * it is moved sideways by as much as it needs to fit between the edges of whatever clips it, and
 * its card is raised above the others.
 * The popup stays 150 ms after the pointer leaves it (spec), long enough to cross the gap between
 * the button and the popup. Escape hides an open popup without moving the pointer or the focus
 * (WCAG 1.4.13); the next hover or focus shows it again. Listeners on the document serve every
 * card, the prebuilt ones and the listing island's.
 */
import { popupShift, type Edges } from './details-popup-shift.ts';

/** The edges of the box that clips `element`: the viewport, narrowed by every scrolling or clipping ancestor. */
function clipEdges(element: Element): Edges {
  const edges = { left: 0, right: document.documentElement.clientWidth };
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    if (getComputedStyle(node).overflowX === 'visible') continue;
    const box = node.getBoundingClientRect();
    edges.left = Math.max(edges.left, box.left);
    edges.right = Math.min(edges.right, box.right);
  }
  return edges;
}

function place(group: Element) {
  const popup = group.querySelector<HTMLElement>('.product-card-details');
  if (!popup) return;
  popup.style.translate = '';
  const shift = popupShift(group.getBoundingClientRect().right, popup.offsetWidth, clipEdges(group));
  if (shift > 0) popup.style.translate = `${shift}px 0`;
}

const OPEN = '.description-popup:focus-within, .description-popup:hover, .description-popup[data-closing]';

const CLOSE_DELAY_MS = 150;

/** The popup the pointer has just left, still shown (global.css) until its close delay is over. */
let closing: { group: Element; timer: ReturnType<typeof setTimeout> } | null = null;

function stopClosing() {
  if (!closing) return;
  clearTimeout(closing.timer);
  closing.group.removeAttribute('data-closing');
  closing = null;
}

function closeLater(event: PointerEvent) {
  const group = event.target instanceof Element ? event.target.closest('.description-popup') : null;
  if (!group || (event.relatedTarget instanceof Node && group.contains(event.relatedTarget))) return;
  stopClosing();
  group.setAttribute('data-closing', '');
  closing = { group, timer: setTimeout(stopClosing, CLOSE_DELAY_MS) };
}

/**
 * The card whose popup is open, raised above its neighbours (global.css), so that nothing of theirs
 * paints over the popup; only while it is open, so that a hovered card never covers a carousel's
 * arrows. (A `:has()` rule on every card did this in CSS alone, but made home's first style and
 * layout 3 ms slower in 39, unthrottled.)
 */
let raised: Element | null = null;

function raise(card: Element | null) {
  if (card === raised) return;
  raised?.removeAttribute('data-popup-open');
  card?.setAttribute('data-popup-open', '');
  raised = card;
}

function placeTarget(event: Event) {
  const group = event.target instanceof Element ? event.target.closest('.description-popup') : null;
  // Elsewhere, the raised card stays raised only while its popup stays open (focused, say).
  raise(group ? group.closest('.product-card') : raised?.querySelector(OPEN) ? raised : null);
  if (!group) return;
  // Back over the popup it left, or over another: that one is shown by hover now, or goes at once.
  stopClosing();
  group.removeAttribute('data-dismissed');
  place(group);
}

/** The open popup again: focus scrolls a card of a carousel into view (smoothly) after `focusin`. */
function placeOpen() {
  const group = document.querySelector(OPEN);
  if (group) place(group);
}

function dismiss(event: KeyboardEvent) {
  if (event.key !== 'Escape') return;
  document.querySelector(OPEN)?.setAttribute('data-dismissed', '');
  stopClosing();
}

document.addEventListener('pointerover', placeTarget);
document.addEventListener('pointerout', closeLater);
document.addEventListener('focusin', placeTarget);
document.addEventListener('keydown', dismiss);
// Scrolling ends on the scroller, and scrollend does not bubble: heard on its way down.
document.addEventListener('scrollend', placeOpen, { capture: true });
