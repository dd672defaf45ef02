import { AUTH_MESSAGES } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../lib/auth.ts';
import { emailFromQuery, initialRegisterView, initialSignInView, registerPath, stepForRegisterOtp, stepForRegistrationStatus } from './sign-in-flow.ts';

const q = (s: string) => new URLSearchParams(s);

describe('initialSignInView', () => {
  it.each([
    ['', 'sign-in'],
    ['email=jane%40acme.example', 'login'],
    ['email=', 'sign-in'],
    ['verify', 'verify'],
    ['verify=jane%40acme.example', 'verify'],
    ['forgot-password', 'forgotPassword'],
    ['forgot-password&email=jane%40acme.example', 'forgotPassword'],
    ['params=%2Fusers', 'sign-in'],
  ])('?%s → %s', (query, view) => {
    expect(initialSignInView(q(query))).toBe(view);
  });

  it('takes the email from email= or the view key', () => {
    expect(emailFromQuery(q('email=jane%40acme.example'))).toBe('jane@acme.example');
    expect(emailFromQuery(q('verify=bob%40globex.example'))).toBe('bob@globex.example');
    expect(emailFromQuery(q('verify'))).toBe('');
  });
});

describe('stepForRegistrationStatus (spec §4 Sign-in)', () => {
  it('402 → Register with the email and "Complete Registration."', () => {
    expect(stepForRegistrationStatus(402)).toEqual({ kind: 'register', view: 'register', toast: 'Complete Registration.' });
  });

  it('401 → Register in the no-user view with the not-invited message', () => {
    expect(stepForRegistrationStatus(401)).toEqual({ kind: 'register', view: 'no-user', toast: 'Credentials are incorrect or your not invited to Hub.' });
  });

  it('403 → verify, sending a login code', () => {
    expect(stepForRegistrationStatus(403)).toEqual({ kind: 'view', view: 'verify', sendCode: true });
  });

  it.each([200, 404, 500, 0])('%i → the password view', (status) => {
    expect(stepForRegistrationStatus(status)).toEqual({ kind: 'view', view: 'login' });
  });

  it('400 and 429 keep the visitor on the email step with the reason', () => {
    expect(stepForRegistrationStatus(400, 'Please enter a valid email address')).toEqual({ kind: 'stay', toast: 'Please enter a valid email address' });
    expect(stepForRegistrationStatus(429)).toEqual({ kind: 'stay', toast: AUTH_MESSAGES.tooManyRequests });
  });
});

describe('stepForRegisterOtp (spec §4 Registration)', () => {
  it('maps the generate-otp replies', () => {
    expect(stepForRegisterOtp({ success: true, message: 'otp-sent' })).toEqual({ kind: 'code' });
    expect(stepForRegisterOtp({ success: false, message: 'no-profile' })).toEqual({ kind: 'no-user' });
    expect(stepForRegisterOtp({ success: false, message: 'already-registered' })).toEqual({ kind: 'already-registered' });
    expect(stepForRegisterOtp({ success: false, message: 'something else' })).toEqual({ kind: 'error', toast: 'something else' });
  });

  it('reads the register view from the query', () => {
    expect(initialRegisterView(q('view=no-user'))).toBe('no-user');
    expect(initialRegisterView(q('email=a%40b.co'))).toBe('register');
    expect(registerPath('a@b.co', 'no-user')).toBe('/register?email=a%40b.co&view=no-user');
  });
});

describe('safeReturnPath', () => {
  it('keeps hub paths', () => {
    expect(safeReturnPath('/users?companyId=3')).toBe('/users?companyId=3');
    expect(safeReturnPath('/statistics/12_3_jane')).toBe('/statistics/12_3_jane');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/sign-in?params=x', '/register'])(
    'drops %s',
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );
});
