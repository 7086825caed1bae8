/** Publish dates as the blog shows them, in US English, as UTC calendar days. */
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Long US date (spec: publish date in long US format): "November 22, 2026". */
export function longDate(iso: string): string {
  return LONG.format(new Date(iso));
}

/** Short US date for cards: "Nov 22, 2026". */
export function shortDate(iso: string): string {
  return SHORT.format(new Date(iso));
}
