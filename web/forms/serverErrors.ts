import { GENERIC_ERROR } from '@common/api/errors';
import { ApiError } from '@web/api/client';

export interface SplitErrors {
  /** First server message per form field. */
  fields: Record<string, string>;
  /** What cannot sit under a field: shown above the form. */
  form: string | null;
}

/** "user.email" and "email" both address the form's `email` field. */
function fieldName(path: string): string {
  const parts = path.split('.');
  return parts[parts.length - 1] ?? path;
}

/**
 * Splits a failed call into messages under the form's fields (422 invalid_record details,
 * in the spec's wording) and one message for the form itself.
 */
export function splitServerErrors(error: unknown, formFields: readonly string[]): SplitErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: GENERIC_ERROR };
  const fields: Record<string, string> = {};
  const leftovers: string[] = [];
  for (const path of Object.keys(error.details ?? {})) {
    const message = error.fieldMessages(path)[0];
    if (!message) continue;
    const name = fieldName(path);
    if (formFields.includes(name)) fields[name] ??= message;
    else leftovers.push(message);
  }
  if (Object.keys(fields).length > 0) return { fields, form: leftovers[0] ?? null };
  return { fields, form: leftovers[0] ?? error.message ?? GENERIC_ERROR };
}
