import { z } from 'zod';

/** `{"response": <payload>}`: every successful answer of the API (API.md). */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ response: payload });
}

export const messageSchema = z.object({ message: z.string() });
