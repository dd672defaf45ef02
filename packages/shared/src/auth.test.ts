import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  censorEmail,
  EmailQuerySchema,
  LinkQuerySchema,
  LoginSchema,
  MIN_PASSWORD_LENGTH,
  NUL_MESSAGE,
  normalizeEmail,
  passwordProblem,
  RegisterCompletedQuerySchema,
  ResetPasswordSchema,
  SetupPasswordSchema,
  VerifyOtpQuerySchema,
} from './index.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('passwordProblem (spec §5 Password update)', () => {
  it('accepts a password of at least 10 characters with a digit, a lower- and an upper-case letter', () => {
    expect(passwordProblem('Abcdefghi1')).toBeNull();
    expect(passwordProblem('Correct-Horse-9', 'Correct-Horse-9')).toBeNull();
  });

  it("says 'Passwords do not match' when the confirmation differs, before any other rule", () => {
    expect(passwordProblem('Abcdefghi1', 'Abcdefghi2')).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(passwordProblem('short', 'other')).toBe('Passwords do not match');
  });

  it("says 'Password is too short' under the minimum, counting the trimmed length", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(passwordProblem('Abcdefgh1')).toBe('Password is too short');
    expect(passwordProblem('   Abcdefg1   ')).toBe('Password is too short');
    expect(passwordProblem('')).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it("says 'Password is invalid' without a digit, a lower-case or an upper-case letter", () => {
    expect(passwordProblem('Abcdefghijk')).toBe('Password is invalid');
    expect(passwordProblem('ABCDEFGHIJ1')).toBe(AUTH_MESSAGES.passwordInvalid);
    expect(passwordProblem('abcdefghij1')).toBe(AUTH_MESSAGES.passwordInvalid);
  });

  it('rejects spaces anywhere, since they cannot be typed', () => {
    expect(passwordProblem('Abcde fghi1')).toBe(AUTH_MESSAGES.passwordInvalid);
    expect(passwordProblem('Abcdefghij1 ')).toBe(AUTH_MESSAGES.passwordInvalid);
    expect(passwordProblem('Abcdefghij1\t')).toBe(AUTH_MESSAGES.passwordInvalid);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so one address has one spelling', () => {
    expect(normalizeEmail('  Jane.Doe@Example.TEST ')).toBe('jane.doe@example.test');
  });
  it('folds compatibility characters (NFKC) before lower-casing', () => {
    expect(normalizeEmail('ＪＡＮＥ@x.test')).toBe('jane@x.test');
  });
});

describe('censorEmail', () => {
  it('keeps the first two characters of the name and the host, and the top-level domain', () => {
    expect(censorEmail('jane@example.com')).toBe('ja***@ex*****.com');
    expect(censorEmail('johnathan@mail.co')).toBe('jo*******@ma***.co');
  });
  it('always hides at least three characters, even for very short parts', () => {
    expect(censorEmail('a@b.io')).toBe('a***@b***.io');
  });
  it('never returns the address itself', () => {
    for (const e of ['jane@example.com', 'x@y.z', 'nodomain']) expect(censorEmail(e)).not.toBe(e);
  });
});

describe('account schemas', () => {
  it('LoginSchema normalises the identifier and rejects unknown fields', () => {
    expect(LoginSchema.parse({ identifier: ' JANE@x.test ', password: 'p' })).toEqual({ identifier: 'jane@x.test', password: 'p' });
    expect(LoginSchema.safeParse({ identifier: 'jane@x.test', password: 'p', extra: 1 }).success).toBe(false);
  });
  it('refuses NUL characters in values that reach the database', () => {
    expect(firstMessage(LoginSchema.safeParse({ identifier: 'a\u0000@b.test', password: 'p' }))).toBe(NUL_MESSAGE);
    expect(firstMessage(RegisterCompletedQuerySchema.safeParse({ alias: 'a\u0000' }))).toBe(NUL_MESSAGE);
    expect(EmailQuerySchema.safeParse({ email: 'a\u0000@b.test' }).success).toBe(false);
  });
  it('LoginSchema uses the spec messages for empty fields', () => {
    expect(firstMessage(LoginSchema.safeParse({ identifier: '  ', password: 'p' }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstMessage(LoginSchema.safeParse({ identifier: 'a@b.test', password: '' }))).toBe(AUTH_MESSAGES.passwordRequired);
  });
  it('EmailQuerySchema requires an email and normalises it', () => {
    expect(EmailQuerySchema.parse({ email: ' Jane@X.test ' })).toEqual({ email: 'jane@x.test' });
    expect(firstMessage(EmailQuerySchema.safeParse({ email: '' }))).toBe(AUTH_MESSAGES.forgotEmailRequired);
    expect(EmailQuerySchema.safeParse({ email: 'not-an-email' }).success).toBe(false);
  });
  it('codes have exactly 4 digits', () => {
    for (const otp of ['123', '12345', 'abcd', '12a4']) {
      expect(firstMessage(VerifyOtpQuerySchema.safeParse({ email: 'a@b.test', otp }))).toBe(AUTH_MESSAGES.codeFormat);
    }
    expect(VerifyOtpQuerySchema.parse({ email: 'a@b.test', otp: '0042' }).otp).toBe('0042');
    expect(LinkQuerySchema.safeParse({ email: 'a@b.test', otp: '12345' }).success).toBe(false);
  });
  it('a new password follows the password rules', () => {
    expect(firstMessage(SetupPasswordSchema.safeParse({ password: 'Short1' }))).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(firstMessage(SetupPasswordSchema.safeParse({ password: 'abcdefghijk' }))).toBe(AUTH_MESSAGES.passwordInvalid);
    expect(firstMessage(LinkQuerySchema.safeParse({ email: 'a@b.test', otp: '1234', password: 'has space A1x' }))).toBe(AUTH_MESSAGES.passwordInvalid);
  });
  it('ResetPasswordSchema needs matching passwords and a code', () => {
    const ok = { code: 'tok', password: 'Abcdefghi1', passwordConfirmation: 'Abcdefghi1' };
    expect(ResetPasswordSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(ResetPasswordSchema.safeParse({ ...ok, passwordConfirmation: 'Abcdefghi2' }))).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(firstMessage(ResetPasswordSchema.safeParse({ ...ok, code: ' ' }))).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });
  it('RegisterCompletedQuerySchema takes exactly one of email and alias', () => {
    expect(RegisterCompletedQuerySchema.safeParse({ email: 'a@b.test' }).success).toBe(true);
    expect(RegisterCompletedQuerySchema.safeParse({ alias: 'jane' }).success).toBe(true);
    expect(RegisterCompletedQuerySchema.safeParse({}).success).toBe(false);
    expect(RegisterCompletedQuerySchema.safeParse({ email: 'a@b.test', alias: 'jane' }).success).toBe(false);
  });
});
