import { z } from 'zod';

/**
 * The one error body every 4xx/5xx answer carries. The web client reads the
 * first message of the first error (spec §8), so `errors[0].message` always
 * equals `message`.
 */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string().optional(), message: z.string() })),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
