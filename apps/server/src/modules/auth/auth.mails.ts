import type { Mail } from '../mail/mailer.ts';

export function codeMail(to: string, code: string, purpose: 'register' | 'login'): Mail {
  const what = purpose === 'register' ? 'activate your Profilehub account' : 'verify your sign-in';
  return {
    to,
    subject: `Your Profilehub code: ${code}`,
    text: `Use this code to ${what}: ${code}\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this email.`,
  };
}

export function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Profilehub password',
    text: `Someone asked to reset the password of this account. To choose a new password, open:\n\n${link}\n\nThe link expires in 60 minutes and works once. If it was not you, ignore this email: your password stays as it is.`,
  };
}
