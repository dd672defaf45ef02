import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from './auth.schemas.ts';
import { CreateCompanySchema } from './companies.schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/** The texts of the first-run page (the spec has none: it starts from an installed hub). */
export const SETUP_MESSAGES = {
  tokenInvalid: 'This setup link is not valid. Use the newest link the server printed, or run npm run admin:setup-link on the server for a new one.',
  alreadySetUp: 'This hub is already set up. Sign in instead.',
  nameRequired: 'Please enter a name',
} as const;

const text = (max: number) =>
  z
    .string({ error: SETUP_MESSAGES.nameRequired })
    .trim()
    .min(1, SETUP_MESSAGES.nameRequired)
    .max(max, `Use at most ${max} characters.`)
    .refine(hasNoNul, NUL_MESSAGE);

/** GET /api/setup: does this hub still need its first administrator? */
export const SetupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/** POST /api/setup: the one-time link's token, the first superadmin and the first division. */
export const SetupSchema = z.strictObject({
  token: z.string().trim().min(1, SETUP_MESSAGES.tokenInvalid).max(200, SETUP_MESSAGES.tokenInvalid),
  firstName: text(100),
  lastName: text(100),
  email: EmailSchema,
  password: NewPasswordSchema,
  division: CreateCompanySchema,
});
export type SetupInput = z.input<typeof SetupSchema>;
