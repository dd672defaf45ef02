import { Anchor, Text } from '@mantine/core';
import { TOASTS } from '@profilehub/shared';
import { useState } from 'react';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useGenerateLoginOtp } from '../api/generate-login-otp.ts';
import { useVerifyLoginOtp } from '../api/verify-login-otp.ts';
import { AuthLayout, BackButton } from './AuthLayout.tsx';

export type VerifyViewProps = { email: string; onVerified: () => void; onBack: () => void };

/** View verify: the 4-digit login code sent to the email (spec §4). */
export function VerifyView({ email, onVerified, onBack }: VerifyViewProps) {
  const [attempt, setAttempt] = useState(0);
  const verify = useVerifyLoginOtp();
  const resend = useGenerateLoginOtp();

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
      {email ? (
        <OneTimeCodeInput key={attempt} email={email} onComplete={complete} disabled={verify.isPending} autoFocus />
      ) : (
        <Text c="dimmed">Go back and enter your email address first.</Text>
      )}
      <Text size="sm" c="dimmed" ta="center">
        Didn't get it?{' '}
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          disabled={!email || resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () => toastSuccess(TOASTS.otpSent),
              onError: (err) => toastError(err),
            })
          }
        >
          Send a new code
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
