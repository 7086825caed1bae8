/** The sign-in and sign-up form rules and their messages (spec document 1, section 5). */

/** Minimum password length (spec: 8). */
export const MIN_PASSWORD_LENGTH = 8;

export interface SignUpFields {
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * The first problem with a sign-up form, or null (spec: passwords must match, then at least 8
 * characters). Beyond the spec: spaces alone are no password (the auth server would take them).
 */
export function signUpProblem({ password, confirmPassword }: SignUpFields): string | null {
  if (password !== confirmPassword) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 8 characters long';
  if (password.trim() === '') return 'Password cannot be only spaces';
  return null;
}

/** The green message after a sign-up (spec: email confirmation is required). */
export const SIGN_UP_CONFIRMATION = 'Please check your email for a confirmation link to complete your signup.';

/** Shown when signing in or up throws instead of answering with an error (spec). */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
