/** The 'NEW' badge on product cards. */

/** Days a product counts as new after it was created (spec: 'New' badge window 30 days). */
export const NEW_BADGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** NEW badge (spec: a product is new if created_at is within the last 30 days); now is passed in. */
export function isNew(createdAt: string | Date, now: Date): boolean {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  // A creation time slightly ahead of `now` (clock skew) is still new.
  return now.getTime() - created <= NEW_BADGE_DAYS * DAY_MS;
}
