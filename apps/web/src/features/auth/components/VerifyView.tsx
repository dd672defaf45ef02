import { Anchor, Button, Text } from '@mantine/core';
import { censorEmail, TOASTS } from '@profilehub/shared';
import { useState } from 'react';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useGenerateLoginOtp } from '../api/generate-login-otp.ts';
import { useVerifyLoginOtp } from '../api/verify-login-otp.ts';
import { AuthLayout, BackButton } from './AuthLayout.tsx';

export type VerifyViewProps = {
  email: string;
  /** A code went out in this visit (the email step sent it); false when the view was opened from the address (`?verify`). */
  codeSent: boolean;
  onVerified: () => void;
  onBack: () => void;
};

/**
 * View verify: the 4-digit login code sent to the email (spec §4). It says a code was
 * sent only when one was: opened from the address, it offers to send one first.
 */
export function VerifyView({ email, codeSent, onVerified, onBack }: VerifyViewProps) {
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState(codeSent);
  const verify = useVerifyLoginOtp();
  const resend = useGenerateLoginOtp();
  const send = () =>
    resend.mutate(email, {
      onSuccess: () => {
        setSent(true);
        toastSuccess(TOASTS.otpSent);
      },
      onError: (err) => toastError(err),
    });

  const complete = (otp: string) => {
    verify.mutate(
      { email, otp },
      {
        onSuccess: () => {
          toastSuccess(TOASTS.loginVerified);
          onVerified();
        },
        onError: (err) => {
          toastError(err);
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  return (
    <AuthLayout top={<BackButton onClick={onBack} />} title="Verify your email" subtitle="Enter the code from the email to confirm it is you.">
      {!email ? (
        <Text c="dimmed">Go back and enter your email address first.</Text>
      ) : sent ? (
        <>
          <OneTimeCodeInput key={attempt} email={email} onComplete={complete} disabled={verify.isPending} autoFocus />
          <Text size="sm" c="dimmed" ta="center">
            Didn't get it?{' '}
            <Anchor component="button" type="button" size="sm" fw={600} disabled={resend.isPending} onClick={send}>
              Send a new code
            </Anchor>
          </Text>
        </>
      ) : (
        <>
          <Text size="sm" c="dimmed" ta="center">
            We will email a 4-digit code to <strong>{censorEmail(email)}</strong>.
          </Text>
          <Button fullWidth onClick={send} loading={resend.isPending}>
            Email me a code
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
