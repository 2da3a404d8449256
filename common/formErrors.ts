import type { z } from 'zod';

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
