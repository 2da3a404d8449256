import { z } from 'zod';

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
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WORD_PATTERN = /\S+/g;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
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

/** A required text field: blank counts as empty; the value is trimmed. */
export function requiredText(field: string, options: { min?: number; max?: number } = {}) {
  let schema = z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field), abort: true });
  if (options.min !== undefined && options.min > 1) {
    schema = schema.min(options.min, { error: messages.minLength(field, options.min) });
  }
  if (options.max !== undefined)
    schema = schema.max(options.max, { error: messages.maxLength(field, options.max) });
  return schema;
}

/** An optional text field: absent, or a string no longer than `max`. */
export function optionalText(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.maxLength(field, max) })
    .optional();
}

export function emailField(field = 'Email') {
  return requiredText(field)
    .refine(isEmail, { error: messages.email(field) })
    .transform((v) => v.toLowerCase());
}

export function urlField(field: string) {
  return requiredText(field).refine(isUrl, { error: messages.url(field) });
}

export function minWordsField(label: string, n: number) {
  return requiredText(label).refine((v) => wordCount(v) >= n, { error: messages.minWords(label, n) });
}

/** A password is not trimmed: spaces may be part of it. */
export function passwordField(field: string, min: number) {
  return z
    .string({ error: messages.required(field) })
    .min(1, { error: messages.required(field), abort: true })
    .min(min, { error: messages.minLength(field, min) })
    .max(200, { error: messages.maxLength(field, 200) });
}

export type FieldErrors = Record<string, string[]>;

/** Groups a zod error's issues by top-level-relative path ("user.email"), keeping the spec's messages. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'base';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** First message per field, for forms. */
export function firstErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const [key, list] of Object.entries(fieldErrors(result.error))) {
    if (list[0]) out[key] = list[0];
  }
  return out;
}
