import { type Brand, brandedMail } from '../mail/branding.ts';
import type { Mail } from '../mail/mailer.ts';

/** The one-time code, in the name of the account's hub (its white-label title, or Profilehub). */
export function codeMail(brand: Brand, to: string, code: string, purpose: 'register' | 'login'): Mail {
  const what = purpose === 'register' ? `activate your ${brand.title} account` : 'verify your sign-in';
  return brandedMail(brand, {
    to,
    subject: `Your ${brand.title} code: ${code}`,
    lines: [`Use this code to ${what}: ${code}`, '', 'It expires in 10 minutes and works once. If you did not ask for it, ignore this email.'],
  });
}

/** The reset link, on the account's own hub host. */
export function resetMail(brand: Brand, to: string, token: string): Mail {
  return brandedMail(brand, {
    to,
    subject: `Reset your ${brand.title} password`,
    lines: [
      'Someone asked to reset the password of this account. To choose a new password, open the link below.',
      '',
      'The link expires in 60 minutes and works once. If it was not you, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: `${brand.hubUrl}/reset-password?code=${token}` },
  });
}
