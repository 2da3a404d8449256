import { z } from 'zod';
import { hasHiddenCharacters, hasNul } from './names';

/** The spec's validation messages (account-side §5, projects-side §5), word for word. */
export const messages = {
  required: (field: string) => `${field} must not be empty.`,
  minLength: (field: string, n: number) => `${field} should be at least ${n} characters long.`,
  maxLength: (field: string, n: number) => `${field} should be up to ${n} characters long.`,
  minWords: (label: string, n: number) => `${label} should be at least ${n} ${n <= 1 ? 'word' : 'words'}.`,
  email: (field: string) => `${field} is invalid.`,
  url: (field: string) => `${field} should be a valid URL.`,
  file: (field: string) => `${field} should be a valid file.`,
  unique: (field: string) => `This ${field} already exists`,
  passwordConfirmation: "Passwords don't match. Try Again",
  unreadableFile: 'File could not be read',
  suspendedWorkspace: 'This workspace is suspended. Please choose another one.',
  nul: (field: string) => `${field} cannot contain null characters.`,
  nameCharacters: (field: string) => `${field} cannot contain invisible or control characters.`,
} as const;

/** RFC 5321's longest address: longer values are refused before anything else looks at them. */
export const EMAIL_MAX = 254;
/** The default cap of a free text field that names no maximum of its own. */
export const TEXT_MAX = 10_000;

const WORD_PATTERN = /\S+/g;
const WHITESPACE = /\s/;

/**
 * local@domain.tld: one '@', no whitespace, a dot inside the domain. Checked by scanning, not by
 * a backtracking pattern, so that any input costs time in proportion to its length.
 */
export function isEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > EMAIL_MAX || WHITESPACE.test(email)) return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1 && domain.indexOf('.') > 0;
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function wordCount(value: string): number {
  return value.match(WORD_PATTERN)?.length ?? 0;
}

/**
 * A required text field: blank counts as empty; the value is trimmed. Its length is capped (at
 * TEXT_MAX when no `max` is given) before any later check or pattern sees it; NUL is refused.
 */
export function requiredText(field: string, options: { min?: number; max?: number } = {}) {
  return cappedText(field, options, (v) => !hasNul(v), messages.nul(field));
}

/** A trimmed, non-blank string capped at `max`, then `fits`, then at least `min` long. */
function cappedText(
  field: string,
  options: { min?: number; max?: number },
  fits: (value: string) => boolean,
  misfit: string,
) {
  const max = options.max ?? TEXT_MAX;
  let schema = z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field), abort: true })
    .max(max, { error: messages.maxLength(field, max), abort: true })
    .refine(fits, { error: misfit, abort: true });
  if (options.min !== undefined && options.min > 1) {
    schema = schema.min(options.min, { error: messages.minLength(field, options.min) });
  }
  return schema;
}

/** An optional text field: absent, or a string no longer than `max`, without NUL. */
export function optionalText(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.maxLength(field, max), abort: true })
    .refine((v) => !hasNul(v), { error: messages.nul(field) })
    .optional();
}

/**
 * A name (of a project, folder, label, workspace or person): a required text field that refuses
 * control, bidirectional and invisible characters (common/names.ts) once its length is capped.
 */
export function nameField(field: string, options: { min?: number; max: number }) {
  return cappedText(field, options, (v) => !hasHiddenCharacters(v), messages.nameCharacters(field));
}

/** An optional name (a client's, a contact's): absent, or a name no longer than `max`. */
export function optionalName(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.maxLength(field, max), abort: true })
    .refine((v) => !hasHiddenCharacters(v), { error: messages.nameCharacters(field) })
    .optional();
}

export function emailField(field = 'Email') {
  return requiredText(field, { max: EMAIL_MAX })
    .refine(isEmail, { error: messages.email(field) })
    .transform((v) => v.toLowerCase());
}

export function urlField(field: string, max = 2048) {
  return requiredText(field, { max }).refine(isUrl, { error: messages.url(field) });
}

export function minWordsField(label: string, n: number) {
  return requiredText(label).refine((v) => wordCount(v) >= n, { error: messages.minWords(label, n) });
}

export const PASSWORD_MAX = 200;

/** A password is not trimmed: spaces may be part of it. */
export function passwordField(field: string, min: number) {
  return z
    .string({ error: messages.required(field) })
    .min(1, { error: messages.required(field), abort: true })
    .max(PASSWORD_MAX, { error: messages.maxLength(field, PASSWORD_MAX), abort: true })
    .min(min, { error: messages.minLength(field, min) });
}

// The messages of a failed parse, apart so that a form reads them without loading zod.
export { fieldErrors, firstErrors, type FieldErrors } from './formErrors';
