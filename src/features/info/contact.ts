/** How shoppers reach the shop: the address, the promised reply time and the Netlify form's names. */

export const CONTACT_EMAIL = 'hello@giftshop.example';

/** Replies within two business days (Monday to Friday, US Eastern time). */
export const REPLY_TIME = 'within two business days';

/** The Netlify form: its name, its spam trap field and the page shown after a message is sent. */
export const CONTACT_FORM = { name: 'contact', honeypot: 'bot-field', thanksPath: '/contact/thanks' } as const;

/** The message's least length, not counting spaces at its ends. */
export const MESSAGE_MIN_LENGTH = 10;

/**
 * Why a field of the contact form cannot be sent as it is, or '' when it can. The browser's own
 * checks count spaces as text, so a name or a message of spaces alone would pass them.
 */
export function contactFieldError(field: 'name' | 'message', value: string): string {
  const text = value.trim();
  if (field === 'name') return value && !text ? 'Please enter your name, not just spaces.' : '';
  return value && text.length < MESSAGE_MIN_LENGTH ? `Please write at least ${MESSAGE_MIN_LENGTH} characters, not counting spaces.` : '';
}

/** A mailto: link with an optional subject, for shoppers who prefer their own mail program. */
export function mailtoHref(subject?: string): string {
  return subject ? `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}` : `mailto:${CONTACT_EMAIL}`;
}
