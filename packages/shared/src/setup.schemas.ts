import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from './auth.schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/**
 * Names a division's pages may not take as their subdomain: the hub's own hosts and the
 * names people expect to be the operator's.
 */
export const RESERVED_SUBDOMAINS = ['www', 'hub', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'cdn', 'status', 'help', 'support'] as const;

/** The texts of the first-run page (the spec has none: it starts from an installed hub). */
export const SETUP_MESSAGES = {
  subdomainRule: 'Use 2–63 lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
  subdomainReserved: 'This address is kept for the hub itself. Choose another.',
  subdomainTaken: 'Another division already uses this address. Choose another.',
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

/** A division's subdomain: one DNS label, lower case, not one of the hub's own names. */
export const SubdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, SETUP_MESSAGES.subdomainRule)
  .min(2, SETUP_MESSAGES.subdomainRule)
  .refine((s) => !(RESERVED_SUBDOMAINS as readonly string[]).includes(s), SETUP_MESSAGES.subdomainReserved);

/** The subdomain a division's name suggests ("Initech Europe" → "initech-europe"). */
export function subdomainFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

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
  division: z.strictObject({ title: text(100), subdomain: SubdomainSchema }),
});
export type SetupInput = z.input<typeof SetupSchema>;
