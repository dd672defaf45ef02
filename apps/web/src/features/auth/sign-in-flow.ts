import { AUTH_MESSAGES, type RegistrationCodeResponse } from '@profilehub/shared';

/** Views of the sign-in page (spec §2). */
/** `sso`: the email's company signs in through its own provider; `secondFactor`: a passkey or code after the password (issue #28). */
export type SignInView = 'sign-in' | 'login' | 'forgotPassword' | 'verify' | 'sso' | 'secondFactor';
/** Views of the register page (spec §2). */
export type RegisterView = 'register' | 'no-user';

/**
 * The initial sign-in view comes from the query (spec §2): `verify` gives
 * verify, `forgot-password` gives forgotPassword, `email` gives login.
 * A key counts when present, even without a value (`/sign-in?forgot-password`).
 */
export function initialSignInView(search: URLSearchParams): SignInView {
  if (search.has('verify')) return 'verify';
  if (search.has('forgot-password')) return 'forgotPassword';
  if (search.get('email')) return 'login';
  return 'sign-in';
}

/** The email the query carries: `email=`, or the value of `verify=` / `forgot-password=`. */
export function emailFromQuery(search: URLSearchParams): string {
  for (const key of ['email', 'verify', 'forgot-password']) {
    const value = search.get(key)?.trim();
    if (value?.includes('@')) return value;
  }
  return '';
}

export function initialRegisterView(search: URLSearchParams): RegisterView {
  return search.get('view') === 'no-user' ? 'no-user' : 'register';
}

/** What the sign-in page does after GET /profiles/register-completed answered with `status`. */
export type RegistrationCheckStep =
  | { kind: 'view'; view: 'login' }
  | { kind: 'view'; view: 'verify'; sendCode: true }
  | { kind: 'register'; view: RegisterView; toast: string }
  | { kind: 'stay'; toast: string };

/**
 * Spec §4 Sign-in: 402 → Register with the email ('Complete Registration.');
 * 401 → Register in the no-user view (not invited); 403 → verify, and a login
 * code is sent; anything else (including success) → the password view.
 * Two answers are the visitor's to fix and keep them on the email step: 400
 * (not an email address) and 429 (too many attempts).
 */
export function stepForRegistrationStatus(status: number, serverMessage?: string): RegistrationCheckStep {
  switch (status) {
    case 402:
      return { kind: 'register', view: 'register', toast: AUTH_MESSAGES.completeRegistration };
    case 401:
      return { kind: 'register', view: 'no-user', toast: AUTH_MESSAGES.notInvited };
    case 403:
      return { kind: 'view', view: 'verify', sendCode: true };
    case 400:
      return { kind: 'stay', toast: serverMessage || 'Please enter a valid email address' };
    case 429:
      return { kind: 'stay', toast: serverMessage || AUTH_MESSAGES.tooManyRequests };
    default:
      return { kind: 'view', view: 'login' };
  }
}

export type RegisterOtpStep = { kind: 'code' } | { kind: 'no-user' } | { kind: 'already-registered' } | { kind: 'error'; toast: string };

/** Spec §4 Registration: otp-sent → the code form; no-profile → no-user; already-registered → Login. */
export function stepForRegisterOtp(reply: RegistrationCodeResponse): RegisterOtpStep {
  if (reply.success) return { kind: 'code' };
  if (reply.message === 'no-profile') return { kind: 'no-user' };
  if (reply.message === 'already-registered') return { kind: 'already-registered' };
  return { kind: 'error', toast: reply.message || AUTH_MESSAGES.notInvited };
}

export function signInPath(query: Record<string, string> = {}): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `/sign-in?${qs}` : '/sign-in';
}

export function registerPath(email: string, view: RegisterView = 'register'): string {
  const query: Record<string, string> = {};
  if (email) query.email = email;
  if (view === 'no-user') query.view = 'no-user';
  const qs = new URLSearchParams(query).toString();
  return qs ? `/register?${qs}` : '/register';
}
