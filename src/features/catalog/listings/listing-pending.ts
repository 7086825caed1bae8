/**
 * The listing frame's inline script (listing-pending.js, the frame's first child, reading the
 * frame's data-listing-params): when the address carries one of the listing's parameters it marks
 * the page as pending, so the prebuilt default results stay out of sight until the island has read
 * the address. Its exact text, for the page and the CSP hash.
 */
import script from './listing-pending.js?raw';

export const LISTING_PENDING_SCRIPT: string = script.trim();
