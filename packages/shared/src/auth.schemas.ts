import { z } from 'zod';
import { AUTH_MESSAGES, normalizeEmail, passwordProblem, ROLES } from './auth.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/** An email address as every form takes it: trimmed, checked, normalised. */
export const EmailSchema = z
  .string({ error: AUTH_MESSAGES.forgotEmailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.forgotEmailRequired)
  .max(254, 'That email address is too long.')
  .email('Please enter a valid email address')
  .transform(normalizeEmail);

const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(256, 'Password is too long');

/** A new password: the spec's rules (§5), checked on the server too. */
export const NewPasswordSchema = password.superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const LoginSchema = z.strictObject({
  identifier: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254)
    .refine(hasNoNul, NUL_MESSAGE)
    .transform(normalizeEmail),
  password,
});
export type LoginInput = z.input<typeof LoginSchema>;

export const EmailQuerySchema = z.strictObject({ email: EmailSchema });
export const VerifyOtpQuerySchema = z.strictObject({
  email: EmailSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.codeFormat),
});
export const LinkQuerySchema = z.strictObject({
  email: EmailSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.codeFormat)
    .optional(),
  password: NewPasswordSchema.optional(),
  provider: z.literal('google').optional(),
  id_token: z.string().max(8192).optional(),
});
/**
 * POST /profiles/setup: a signed-in person sets a new password. An account that has a
 * password must give it (`currentPassword`); one without (signed in by code or Google
 * only, or just registered) sets its first.
 */
export const SetupPasswordSchema = z.strictObject({
  password: NewPasswordSchema,
  currentPassword: z.string().max(256, AUTH_MESSAGES.currentPasswordWrong).refine(hasNoNul, NUL_MESSAGE).optional(),
});
export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });
/**
 * POST /auth/forgot-password: the same answer for every email, known or not (a registered
 * account is mailed a reset link after the answer has gone).
 */
export const ForgotPasswordResponseSchema = z.object({ ok: z.literal(true) });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;
export const ResetPasswordSchema = z
  .strictObject({
    code: z.string().trim().min(1, AUTH_MESSAGES.resetLinkInvalid).max(200, AUTH_MESSAGES.resetLinkInvalid),
    password: NewPasswordSchema,
    passwordConfirmation: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['passwordConfirmation'] });
export const RegisterCompletedQuerySchema = z
  .strictObject({
    email: EmailSchema.optional(),
    alias: z.string().trim().min(1).max(100).refine(hasNoNul, NUL_MESSAGE).optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.alias), { message: 'Give either an email or an alias.' });
/** GET /profiles/register-completed?email=: the account may go on to its password (every other state is an error status: 401, 402, 403). */
const RegistrationCompleteSchema = z.object({ success: z.literal(true), message: z.literal('registered') });
export type RegistrationComplete = z.infer<typeof RegistrationCompleteSchema>;
/** GET /profiles/register-completed: with `?alias=` a bare boolean (spec §7), with `?email=` `RegistrationComplete`. */
export const RegisterCompletedResponseSchema = z.union([z.boolean(), RegistrationCompleteSchema]);
export type RegisterCompletedResponse = z.infer<typeof RegisterCompletedResponseSchema>;

/**
 * POST /profiles/generate-otp (spec §4 Registration): `otp-sent` when the code was mailed; otherwise
 * `success: false` and why — `no-profile` (not invited) or `already-registered`.
 */
export const RegistrationCodeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type RegistrationCodeResponse = z.infer<typeof RegistrationCodeResponseSchema>;

/** GET /jwts/verify: the token is a live session, and whose (a dead one answers 401). */
export const VerifyTokenResponseSchema = z.object({ valid: z.literal(true), userId: z.number() });
export type VerifyTokenResponse = z.infer<typeof VerifyTokenResponseSchema>;

export const GoogleCallbackQuerySchema = z.object({
  id_token: z.string({ error: AUTH_MESSAGES.googleNotRequested }).min(1, AUTH_MESSAGES.googleNotRequested).max(8192),
  access_token: z.string().max(8192).optional(),
});

export const RoleSchema = z.enum(ROLES);
