/**
 * Sends a click to the tracking function without delaying navigation: sendBeacon queues it even
 * as the page unloads. Failures are only logged (spec: click tracking errors are never shown).
 */
import type { Click } from './clicks.ts';

export const TRACK_CLICK_URL = '/api/track-click';

export function sendClick(click: Click): void {
  try {
    const body = new Blob([JSON.stringify(click)], { type: 'application/json' });
    if (navigator.sendBeacon?.(TRACK_CLICK_URL, body)) return;
    void fetch(TRACK_CLICK_URL, { method: 'POST', body, keepalive: true }).catch((error) =>
      console.error('Error tracking click', error),
    );
  } catch (error) {
    console.error(click.type === 'affiliate' ? 'Error tracking affiliate click' : 'Error tracking click', error);
  }
}
