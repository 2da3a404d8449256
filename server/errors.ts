import type { ErrorCode } from '@common/api/errors';
import { NOT_FOUND, UNAUTHORIZED } from '@common/api/errors';

/** An error the API answers as such: status, the spec's code and message, optional field details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, 'not_found', NOT_FOUND);
export const unauthorized = () => new AppError(401, 'unauthorized', UNAUTHORIZED);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);

/**
 * The fields an invalid_record answer names, and the messages per field: a body with 50,000 bad
 * markup points would otherwise be answered with 50,000 of them (megabytes for a refusal).
 */
export const INVALID_FIELDS_SHOWN = 20;
const MESSAGES_PER_FIELD = 5;

/** 422 invalid_record with the spec's messages per field (the first INVALID_FIELDS_SHOWN fields). */
export function invalidRecord(details: Record<string, string[]>): AppError {
  const shown = Object.fromEntries(
    Object.entries(details)
      .slice(0, INVALID_FIELDS_SHOWN)
      .map(([field, messages]) => [field, messages.slice(0, MESSAGES_PER_FIELD)]),
  );
  const first = Object.values(shown)[0]?.[0] ?? 'Invalid record';
  return new AppError(422, 'invalid_record', first, shown);
}
