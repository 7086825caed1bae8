/**
 * Where a product card's Details popup goes (details-popup.ts places it): the popup is 256 px wide
 * and its right edge sits under the right edge of the Details button, so near the left edge of a
 * carousel or of a phone's screen it moves right, as far as it needs and the room allows.
 */

/** Room kept between the popup and the edge that would clip it. */
const MARGIN_PX = 8;

export interface Edges {
  left: number;
  right: number;
}

/** How far right (px) a popup `width` wide with its right edge at `right` moves to fit within `clip`, its right edge never leaving it. */
export function popupShift(right: number, width: number, clip: Edges): number {
  const overflowLeft = clip.left + MARGIN_PX - (right - width);
  if (overflowLeft <= 0) return 0;
  const roomRight = Math.max(0, clip.right - MARGIN_PX - right);
  return Math.min(overflowLeft, roomRight);
}
