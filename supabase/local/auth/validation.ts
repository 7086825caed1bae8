/** GoTrue's input rules for emails and passwords, with the shop's password minimum. */
import { AuthApiError, badRequest } from './errors.ts';

/** The shop's rule (spec §5, §9): a password has at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt's limit, which GoTrue enforces for every password. */
export const MAX_PASSWORD_LENGTH = 72;
const MAX_EMAIL_LENGTH = 255;

// The address syntax GoTrue accepts (its checkmail dependency): a local part of the characters
// RFC 5322 allows unquoted, and a domain of letter-digit-hyphen labels.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The address, lower-cased as GoTrue stores it; throws GoTrue's validation error otherwise. */
export function validEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > MAX_EMAIL_LENGTH) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/** Throws GoTrue's weak-password error (422, reasons ['length']) for a password below the minimum. */
export function checkPasswordStrength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthApiError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
}
