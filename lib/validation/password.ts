/**
 * Password length rules shared by the registration, password change and reset forms and the
 * server (at least 6 characters; both entries must match). The common-password check
 * runs on the server only (lib/auth/password.ts): its list is too large to send to browsers.
 */

/** Minimum password length in characters. */
export const PASSWORD_MIN_LENGTH = 6;
/** Maximum password length in characters (argon2 accepts more; every field has a declared maximum). */
export const PASSWORD_MAX_LENGTH = 200;

/** Why a password is refused, as a message key suffix: 'tooShort', 'tooLong', 'common'; null when acceptable. */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'common';

/** The length rule alone (length in characters, not bytes): what a form can check as the user types. */
export function passwordLengthProblem(password: string): 'tooShort' | 'tooLong' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}
