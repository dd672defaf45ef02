import { Alert, Anchor, Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, passwordProblem, signedInHome, TOASTS } from '@profilehub/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RevealPasswordInput } from '../../../components/RevealPasswordInput.tsx';
import { ApiError } from '../../../lib/api.ts';
import { fetchMe, getCachedUser, hasToken, useCachedUser } from '../../../lib/auth.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { CHANGE_PASSWORD_FLAG, readLocalFlag, writeLocalFlag } from '../../../lib/session.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useSetupPassword } from '../api/setup-password.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { signInPath } from '../sign-in-flow.ts';
import classes from './PasswordPage.module.css';

const HINTS: Array<{ label: string; test: (p: string) => boolean }> = [
  { label: `At least ${MIN_PASSWORD_LENGTH} characters`, test: (p) => p.trim().length >= MIN_PASSWORD_LENGTH },
  { label: 'At least one number', test: (p) => /\d/.test(p) },
  { label: 'At least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'At least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
];

/**
 * Password page (spec §2), reached three ways: after registration and from
 * Settings → Change Password (signed in: POST /profiles/setup), or from the
 * reset email (`?code=`: POST /auth/reset-password). A signed-in account that
 * already has a password gives it first (Current Password); the emailed code
 * proves the mailbox instead, and an account without one sets its first.
 */
export function PasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const code = search.get('code');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [current, setCurrent] = useState('');
  const [currentProblem, setCurrentProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [changingMind] = useState(() => readLocalFlag(CHANGE_PASSWORD_FLAG));
  const setup = useSetupPassword();
  const reset = useResetPassword();
  const working = setup.isPending || reset.isPending;
  const canSubmit = Boolean(code) || hasToken();
  const me = useCachedUser();
  const asksCurrent = !code && me?.hasPassword === true;
  // Opened straight from the address: who is signed in decides whether the current password is asked.
  useEffect(() => {
    if (!code && hasToken() && !getCachedUser()) fetchMe().catch(() => undefined);
  }, [code]);

  const done = (role: Parameters<typeof signedInHome>[0]) => {
    writeLocalFlag(CHANGE_PASSWORD_FLAG, false);
    toastSuccess(TOASTS.passwordReset, { forNextScreen: true });
    navigate(signedInHome(role), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missingCurrent = asksCurrent && !current ? AUTH_MESSAGES.currentPasswordRequired : null;
    const found = passwordProblem(password, confirmation);
    setCurrentProblem(missingCurrent);
    setProblem(found);
    if (found || missingCurrent) return;
    if (code) {
      reset.mutate({ code, password, passwordConfirmation: confirmation }, { onSuccess: ({ user }) => done(user.role), onError: toastError });
    } else {
      setup.mutate(
        { password, currentPassword: asksCurrent ? current : undefined },
        {
          onSuccess: ({ user }) => done(user.role),
          // A wrong current password is said under its field; anything else (too many tries, …) as a toast.
          onError: (err) => {
            if (err instanceof ApiError && err.status === 400 && isCurrentPasswordMessage(err.message)) setCurrentProblem(err.message);
            else toastError(err);
          },
        },
      );
    }
  };

  return (
    <AuthLayout
      title={<span className={classes.title}>UPDATE YOUR PASSWORD</span>}
      subtitle="Choose a strong password you do not use anywhere else."
      footer={
        changingMind ? (
          <Text size="sm" c="dimmed" ta="center">
            Changed your mind?{' '}
            <Anchor component={Link} to="/home" fw={600} onClick={() => writeLocalFlag(CHANGE_PASSWORD_FLAG, false)}>
              Click Here
            </Anchor>
          </Text>
        ) : undefined
      }
    >
      {canSubmit ? null : (
        <Alert color="error" variant="light" title="Link needed">
          To set a new password, open the link in your password reset email, or{' '}
          <Anchor component={Link} to={signInPath({ 'forgot-password': '' })} fw={600} fz="inherit">
            request a new one
          </Anchor>
          .
        </Alert>
      )}
      <List spacing={6} size="sm" className={classes.hints} aria-label="Password requirements" center>
        {HINTS.map((hint) => {
          const met = hint.test(password);
          return (
            <List.Item
              key={hint.label}
              data-met={met || undefined}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'success' : 'gray'} variant={met ? 'filled' : 'light'}>
                  <svg width="11" height="11" viewBox="0 0 12 12" aria-hidden="true">
                    <path d="m2.5 6.2 2.3 2.3 4.7-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </ThemeIcon>
              }
            >
              {hint.label}
            </List.Item>
          );
        })}
      </List>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {asksCurrent ? (
            <RevealPasswordInput
              label="Current Password"
              autoComplete="current-password"
              value={current}
              onValueChange={(value) => {
                setCurrent(value);
                setCurrentProblem(null);
              }}
              error={currentProblem}
              autoFocus
            />
          ) : null}
          <RevealPasswordInput
            label="New Password"
            autoComplete="new-password"
            value={password}
            blockSpaces
            onValueChange={(value) => {
              setPassword(value);
              setProblem(null);
            }}
            autoFocus={!asksCurrent}
          />
          <RevealPasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={confirmation}
            blockSpaces
            onValueChange={(value) => {
              setConfirmation(value);
              setProblem(null);
            }}
          />
          {problem ? (
            <Text c="error" size="sm" role="alert" fw={500}>
              {problem}
            </Text>
          ) : null}
          <Button type="submit" fullWidth disabled={working || !canSubmit} className={classes.submit}>
            {working ? 'Please wait...' : 'UPDATE PASSWORD'}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

const isCurrentPasswordMessage = (message: string) => message === AUTH_MESSAGES.currentPasswordWrong || message === AUTH_MESSAGES.currentPasswordRequired;
