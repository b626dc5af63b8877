// What a new password must be (NIST SP 800-63B 3.1.1.2): at least 8 characters, not a commonly
// used one (Mozilla's list of the 50,000 most common passwords of 8+ characters, from a
// 10-million-password breach corpus: fxa-common-password-list), and not the e-mail address or its
// local part. No composition rules.
import commonPasswords from 'fxa-common-password-list';

/** Minimum password length; the form shows the spec's message below it. */
export const MIN_PASSWORD_CHARS = 8;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_CHARS} characters`;
export const PASSWORD_TOO_COMMON = 'This password is one of the most commonly used; choose another';
export const PASSWORD_IS_EMAIL = 'Choose a password that is not your e-mail address';

/** Why `password` may not be used by the account `email`, or null. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_CHARS) return PASSWORD_TOO_SHORT;
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (lower === address || lower === local) return PASSWORD_IS_EMAIL;
  if (commonPasswords.test(password) || commonPasswords.test(lower)) return PASSWORD_TOO_COMMON;
  return null;
}
