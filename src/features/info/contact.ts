/** How shoppers reach the shop: the address, the promised reply time and the Netlify form's names. */

export const CONTACT_EMAIL = 'hello@giftshop.example';

/** Replies within two business days (Monday to Friday, US Eastern time). */
export const REPLY_TIME = 'within two business days';

/** The Netlify form: its name, its spam trap field and the page shown after a message is sent. */
export const CONTACT_FORM = { name: 'contact', honeypot: 'bot-field', thanksPath: '/contact/thanks' } as const;

/** A mailto: link with an optional subject, for shoppers who prefer their own mail program. */
export function mailtoHref(subject?: string): string {
  return subject ? `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}` : `mailto:${CONTACT_EMAIL}`;
}
