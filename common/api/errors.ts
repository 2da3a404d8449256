/** Texts of the spec's error catalogue that both sides show or send. */
export const GENERIC_ERROR = 'Oops, something went wrong! Try again.';
export const GENERIC_ERROR_LATER = 'Oops, something went wrong! Please try again later.';
export const PREFERENCES_SAVED = 'Success! Your changes have been saved!';
export const EMAIL_TAKEN = 'Oops, this email is already taken by another user.';
export const RATE_LIMITED = 'Too many attempts. Please wait a few minutes and try again.';
export const INVALID_CREDENTIALS = 'The email or password you entered is incorrect.';
export const ACCESS_CODE_REQUIRED = 'We sent a verification code to your email. Enter it to continue.';
export const INVALID_CODE = 'The code you entered is incorrect. Please check your email and try again.';
export const EXPIRED_CODE = 'This code has expired. Request a new one to continue.';
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has already been used.';
export const EXPIRED_RESET_TOKEN = 'This password reset link has expired. Please request a new one.';
export const WRONG_OLD_PASSWORD = 'The current password you entered is incorrect.';
/** Changing the e-mail or turning two-step verification off asks for the password again. */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to confirm this change.';
export const FOREIGN_ORIGIN = 'This request did not come from Proofroom and was refused.';
export const NOT_FOUND = 'We could not find what you were looking for.';
export const UNAUTHORIZED = 'Please log in to continue.';
export const PAYLOAD_TOO_LARGE = 'The file is too large.';

/** Machine codes: the spec's where it names one, else the API.md fallbacks. */
export type ErrorCode =
  | 'invalid_record'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'access_code_required'
  | 'invalid_code'
  | 'unprocessable_code'
  | 'rate_limited'
  | 'payload_too_large'
  | 'bad_request'
  | 'internal_error'
  | 'service_unavailable';
