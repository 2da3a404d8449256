import { z } from 'zod';

/**
 * The error envelope every failed call answers (API.md). Apart from errors.ts, whose texts the
 * web app's first script reads: zod stays out of the login page's critical path.
 */
export const errorBodySchema = z.object({
  response: z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
