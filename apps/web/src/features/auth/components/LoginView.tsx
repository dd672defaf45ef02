import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, normalizeEmail, type SecondFactorNeeded } from '@profilehub/shared';
import { type FormEvent, useState } from 'react';
import { RevealPasswordInput } from '../../../components/RevealPasswordInput.tsx';
import { toastError } from '../../../lib/notify.ts';
import { isSession, useLogin } from '../api/login.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { GoogleSignIn, SignUpLink } from './SignInAlternatives.tsx';
import { ContinueWithSso } from './SsoView.tsx';

export type LoginViewProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  /** The hub page a guard sent the visitor away from (already checked by safeReturnPath). */
  returnTo: string | null;
  /** The email's company offers single sign-on (not required: the password works too). */
  ssoAvailable?: boolean;
  /** The password was right and the account asks for a passkey or an emailed code next. */
  onSecondFactor: (step: SecondFactorNeeded['secondFactor']) => void;
};

/** View login: email and password (spec §2). */
export function LoginView({ email, onEmailChange, onForgot, returnTo, ssoAvailable = false, onSecondFactor }: LoginViewProps) {
  const finish = useFinishSignIn(returnTo);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = AUTH_MESSAGES.emailRequired;
    if (!password) next.password = AUTH_MESSAGES.passwordRequired;
    setErrors(next);
    if (next.email || next.password) return;
    login.mutate(
      { identifier: email.includes('@') ? normalizeEmail(email) : email.trim(), password },
      {
        onSuccess: (answer) => {
          if (isSession(answer)) finish(answer.user);
          else onSecondFactor(answer.secondFactor);
        },
        onError: (err) => toastError(err),
      },
    );
  };

  return (
    <AuthLayout title="Enter your password" subtitle="Sign in with your email address and password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            value={email}
            onChange={(e) => onEmailChange(e.currentTarget.value)}
            error={errors.email}
          />
          <Stack gap={6}>
            <RevealPasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
              }}
              error={errors.password}
              autoFocus={Boolean(email)}
            />
            <Group justify="flex-end">
              <Anchor component="button" type="button" size="sm" fw={600} onClick={onForgot}>
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      {ssoAvailable ? <ContinueWithSso email={email} variant="default" /> : null}
      <GoogleSignIn />
      <SignUpLink />
    </AuthLayout>
  );
}
