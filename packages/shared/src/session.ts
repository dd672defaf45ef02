import { z } from 'zod';
import { RoleSchema } from './auth.schemas.ts';
import { CompanySchema } from './companies.schemas.ts';

/** The signed-in user as GET /companies/users/me and the sign-in calls return it (spec §3 Session/user). */
export const MeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  title: z.string().nullable(),
  confirmed: z.boolean(),
  /** The account has a password (Change Password then asks for it); false for code- or Google-only accounts. */
  hasPassword: z.boolean(),
  role: RoleSchema,
  person: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  profile: z.object({ id: z.number().int(), alias: z.string().nullable() }).nullable(),
  /** First company of the user (the one that decides white-label and support). */
  company: CompanySchema.nullable(),
  companies: z.array(CompanySchema),
  /** Companies this user supervises (empty for plain users). */
  supervisedCompanyIds: z.array(z.number().int()),
  pendingApprovals: z.number().int(),
});
export type Me = z.infer<typeof MeSchema>;

export const AuthResponseSchema = z.object({ jwt: z.string(), user: MeSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** POST /profiles/setup: the password is set; the user as now stored. */
export const SetupPasswordResponseSchema = z.object({ success: z.literal(true), user: MeSchema });
export type SetupPasswordResponse = z.infer<typeof SetupPasswordResponseSchema>;
