import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { AuthResponseSchema } from './session.ts';

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url.');

/**
 * What the browser's WebAuthn call gives (@simplewebauthn/browser's `*ResponseJSON`): checked
 * here for shape and size only; the signature, challenge and origin are the server's to verify.
 */
const credentialBase = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const RegistrationResponseJsonSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
});
export const AuthenticationResponseJsonSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

const passkeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(60, 'A passkey name can have at most 60 characters.')
  .refine(hasNoNul, NUL_MESSAGE);

/** POST /api/account/passkeys: the browser's answer to the registration options, and a name for the list. */
export const AddPasskeySchema = z.strictObject({ response: RegistrationResponseJsonSchema, name: passkeyName.optional() });
export const RenamePasskeySchema = z.strictObject({ name: passkeyName });
/** A passkey's row id: past PostgreSQL's integer (an id no row has) it is a 400, not the database's out-of-range error. */
export const PasskeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET /api/account/passkeys: the person's passkeys and whether a second step follows the password. */
export const PasskeysResponseSchema = z.object({
  passkeys: z.array(PasskeySchema),
  secondFactor: z.enum(['passkey_or_code']).nullable(),
});
export type PasskeysResponse = z.infer<typeof PasskeysResponseSchema>;

export const SecondFactorSettingSchema = z.strictObject({ required: z.boolean({ error: 'Choose on or off.' }) });
export type SecondFactorSetting = z.infer<typeof SecondFactorSettingSchema>;

/** WebAuthn options as @simplewebauthn/server makes them (JSON the browser library reads). */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

const ticket = z.string().min(1, AUTH_MESSAGES.sessionExpired).max(200);

/** POST /api/auth/passkey/options: `ticket` when the passkey is the second step after a password. */
export const PasskeySignInOptionsSchema = z.strictObject({ ticket: ticket.optional() });
export const PasskeySignInSchema = z.strictObject({ response: AuthenticationResponseJsonSchema, ticket: ticket.optional() });
export type PasskeySignInInput = z.input<typeof PasskeySignInSchema>;

/** The password was right, and the account asks for a second step: a passkey or an emailed code, within the ticket's life. */
export const SecondFactorNeededSchema = z.object({
  secondFactor: z.object({ ticket: z.string(), passkey: z.boolean() }),
});
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeededSchema>;
/** POST /api/auth/local: a session, or the second step an account asks for. */
export const LoginResponseSchema = z.union([AuthResponseSchema, SecondFactorNeededSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SecondFactorCodeRequestSchema = z.strictObject({ ticket });
/** POST /auth/second-factor/code: the code is mailed; `message` says so. */
export const SecondFactorCodeSentSchema = z.object({ success: z.literal(true), message: z.string() });
export type SecondFactorCodeSent = z.infer<typeof SecondFactorCodeSentSchema>;
export const SecondFactorCodeSchema = z.strictObject({
  ticket,
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.codeFormat),
});
