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

/** 422 invalid_record with the spec's messages per field. */
export function invalidRecord(details: Record<string, string[]>): AppError {
  const first = Object.values(details)[0]?.[0] ?? 'Invalid record';
  return new AppError(422, 'invalid_record', first, details);
}
