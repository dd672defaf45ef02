import { Button, Stack } from '@mantine/core';
import { AUTH_MESSAGES, normalizeEmail, TOASTS } from '@profilehub/shared';
import { type FormEvent, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthLayout, BackButton } from './AuthLayout.tsx';
import { EmailField } from './EmailField.tsx';

export type ForgotViewProps = { email: string; onEmailChange: (email: string) => void; onBack: () => void };

/** View forgotPassword: sends the reset email. */
export function ForgotPasswordView({ email, onEmailChange, onBack }: ForgotViewProps) {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(AUTH_MESSAGES.forgotEmailRequired);
      return;
    }
    setError(null);
    const address = normalizeEmail(value);
    forgot.mutate(address, {
      onSuccess: () => {
        toastSuccess(TOASTS.resetSent);
        setSentTo(address);
      },
      onError: (err) => toastError(err),
    });
  };

  return (
    <AuthLayout
      top={<BackButton onClick={onBack} label="Back to sign in" />}
      title="Reset your password"
      subtitle={
        sentTo
          ? 'If an account exists for that address, a link to set a new password is on its way. It may take a minute to arrive.'
          : 'Enter the email address of your account and we will email you a link to set a new password.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField value={email} onChange={onEmailChange} error={error} onClearError={() => setError(null)} />
          <Button type="submit" fullWidth loading={forgot.isPending} variant={sentTo ? 'light' : 'filled'}>
            {sentTo ? 'Send again' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
