/** Spec §5 and §8 texts of the account screens, word for word. */
export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your username/email address',
  passwordRequired: 'Please enter your password',
  forgotEmailRequired: 'Please enter an email address',
  registerEmailRequired: 'Please enter an email address.',
  incorrectLogin: 'Incorrect email or password',
  notInvited: 'Credentials are incorrect or your not invited to Hub.',
  completeRegistration: 'Complete Registration.',
  alreadyRegistered: 'User has already been registered.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password is too short',
  passwordInvalid: 'Password is invalid',
  googleSignInFailed: 'Please sign in using your email and password',
  googleLinkFailed: 'Account can not be linked to existing profile',
  googleNotRequested: 'You have not requested to sign in with Google',
  googleWait: 'Please wait while we authenticate your account...',
  codeInvalid: 'The code is incorrect or has expired. Request a new code.',
  codeFormat: 'Enter the 4-digit code from the email.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  verificationRequired: 'We need to verify it is you. Enter the code we emailed you.',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct.',
} as const;

export const TOASTS = {
  loggedIn: 'Logged in successfully!',
  loginVerified: 'Login verified!',
  accountVerified: 'Account verified!',
  otpSent: 'Email sent with your OTP!',
  resetSent: 'Password reset email sent!',
  passwordReset: 'Password reset!',
  copied: 'Copied!',
} as const;

export const MIN_PASSWORD_LENGTH = 10;
export const OTP_LENGTH = 4;

/** Lower-cases and trims an email so every lookup and rate-limit key sees one spelling. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * Password rules of spec §5, shared by the Password page and the server.
 * Returns the spec's message for the first broken rule, or null.
 */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (confirmation !== undefined && password !== confirmation) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.trim().length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (/\s/.test(password) || !/\d/.test(password) || !/[a-z]/.test(password) || !/[A-Z]/.test(password)) {
    return AUTH_MESSAGES.passwordInvalid;
  }
  return null;
}

/** Shows `ja***@ex*****.com` on the code screen so a shoulder-surfer learns little (spec §5). */
export function censorEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const keep = (s: string, n: number) => s.slice(0, n) + '*'.repeat(Math.max(s.length - n, 3));
  return `${keep(local, 2)}@${keep(host, 2)}${tld}`;
}

export const ROLES = ['superadmin', 'supervisor', 'user'] as const;
export type Role = (typeof ROLES)[number];
