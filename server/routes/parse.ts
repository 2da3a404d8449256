import type { z } from 'zod';
import { fieldErrors } from '@common/validation';
import { invalidRecord } from '../errors';

/** Validates data that did not come through a route's body schema (multipart fields). */
export function parseOrReject<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidRecord(fieldErrors(result.error));
  return result.data;
}
