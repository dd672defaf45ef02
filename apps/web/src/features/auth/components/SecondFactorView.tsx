import { Anchor, Button, Stack, Text } from '@mantine/core';
import { PASSKEY_MESSAGES, type SecondFactorNeeded } from '@profilehub/shared';
import { useState } from 'react';
import { IconPasskey } from '../../../components/icons.tsx';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { usePasskeySignIn } from '../api/passkey-sign-in.ts';
import { useSendSecondFactorCode, useVerifySecondFactorCode } from '../api/second-factor-code.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { AuthLayout, BackButton } from './AuthLayout.tsx';
import { passkeyProblem } from './PasskeySignIn.tsx';

export type SecondFactorViewProps = {
  email: string;
  step: SecondFactorNeeded['secondFactor'];
  returnTo: string | null;
  onBack: () => void;
};

/**
 * After a right password on an account that asks for it (Settings → Passkeys): a passkey of
 * this account, or a 4-digit code emailed to it, finishes the sign-in.
 */
export function SecondFactorView({ email, step, returnTo, onBack }: SecondFactorViewProps) {
  const finish = useFinishSignIn(returnTo);
  const passkey = usePasskeySignIn();
  const send = useSendSecondFactorCode();
  const verify = useVerifySecondFactorCode();
  const [sent, setSent] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const withPasskey = () =>
    passkey.mutate({ ticket: step.ticket }, { onSuccess: (auth) => finish(auth.user), onError: (err) => toastError(passkeyProblem(err)) });
  const sendCode = () =>
    send.mutate(step.ticket, {
      onSuccess: () => {
        setSent(true);
        toastSuccess(PASSKEY_MESSAGES.secondFactorCodeSent);
      },
      onError: (err) => toastError(err),
    });
  const complete = (otp: string) =>
    verify.mutate(
      { ticket: step.ticket, otp },
      {
        onSuccess: (auth) => finish(auth.user),
        onError: (err) => {
          toastError(err);
          setAttempt((n) => n + 1);
        },
      },
    );

  return (
    <AuthLayout top={<BackButton onClick={onBack} />} title="Confirm it is you" subtitle="Your account asks for a second step after the password.">
      <Stack gap="md">
        {step.passkey ? (
          <Button fullWidth leftSection={<IconPasskey size={18} />} onClick={withPasskey} loading={passkey.isPending}>
            Use a passkey
          </Button>
        ) : null}
        {sent ? (
          <>
            <OneTimeCodeInput key={attempt} email={email} onComplete={complete} disabled={verify.isPending} autoFocus />
            <Text size="sm" c="dimmed" ta="center">
              Didn't get it?{' '}
              <Anchor component="button" type="button" size="sm" fw={600} disabled={send.isPending} onClick={sendCode}>
                Send a new code
              </Anchor>
            </Text>
          </>
        ) : (
          <Button fullWidth variant={step.passkey ? 'default' : 'filled'} onClick={sendCode} loading={send.isPending}>
            Email me a code
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
