import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, normalizeEmail, TOASTS } from '@profilehub/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { IconExternal, IconHelp } from '../../../components/icons.tsx';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { PRODUCT_WEBSITE } from '../../../lib/product-links.ts';
import { useBranding } from '../../../lib/white-label.ts';
import { useGenerateRegisterOtp } from '../api/generate-register-otp.ts';
import { useLinkProfile } from '../api/link-profile.ts';
import { AuthLayout, BackButton } from '../components/AuthLayout.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { initialRegisterView, type RegisterView, signInPath, stepForRegisterOtp } from '../sign-in-flow.ts';

/** Register page (spec §2): an invited person activates their account with an emailed code. */
export function RegisterPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const branding = useBranding();
  const [view, setView] = useState<RegisterView>(() => initialRegisterView(search));
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sendCode = useGenerateRegisterOtp();
  const link = useLinkProfile();

  const requestCode = (address: string) => {
    sendCode.mutate(address, {
      onSuccess: (reply) => {
        const step = stepForRegisterOtp(reply);
        if (step.kind === 'code') {
          toastSuccess(TOASTS.otpSent);
          setCodeSentTo(address);
        } else if (step.kind === 'no-user') {
          setView('no-user');
        } else if (step.kind === 'already-registered') {
          toastError(AUTH_MESSAGES.alreadyRegistered, { forNextScreen: true });
          navigate(signInPath({ email: address }));
        } else {
          toastError(step.toast);
        }
      },
      onError: (err) => toastError(err),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(AUTH_MESSAGES.registerEmailRequired);
      return;
    }
    setError(null);
    const address = normalizeEmail(value);
    setEmail(address);
    requestCode(address);
  };

  const completeCode = (otp: string) => {
    if (!codeSentTo) return;
    link.mutate(
      { email: codeSentTo, otp },
      {
        onSuccess: () => {
          toastSuccess(TOASTS.accountVerified, { forNextScreen: true });
          // The new account has no password yet (user.confirmed is false): set one first.
          navigate('/reset-password', { replace: true });
        },
        onError: (err) => {
          toastError(err);
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  if (view === 'no-user') {
    const website = branding.whiteLabel?.domain ? `https://${branding.whiteLabel.domain}` : PRODUCT_WEBSITE;
    const mail = branding.supportHref.startsWith('mailto:');
    return (
      <AuthLayout
        title={`You are not a ${branding.name} User`}
        subtitle={
          email
            ? `We could not find an invitation for ${email}. Ask your administrator to invite you, or get in touch with us.`
            : 'We could not find an invitation for that email address. Ask your administrator to invite you, or get in touch with us.'
        }
      >
        <Group grow gap="sm">
          <Button component="a" href={website} target="_blank" rel="noopener noreferrer" variant="filled" rightSection={<IconExternal size={16} />}>
            Website
          </Button>
          <Button
            component="a"
            href={branding.supportHref}
            target={mail ? undefined : '_blank'}
            rel={mail ? undefined : 'noopener noreferrer'}
            variant="default"
            leftSection={<IconHelp size={18} />}
          >
            Support
          </Button>
        </Group>
        <Text size="sm" c="dimmed" ta="center">
          Used another address?{' '}
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            onClick={() => {
              setView('register');
              setCodeSentTo(null);
            }}
          >
            Try a different email
          </Anchor>
        </Text>
      </AuthLayout>
    );
  }

  if (codeSentTo) {
    return (
      <AuthLayout
        top={<BackButton onClick={() => setCodeSentTo(null)} />}
        title={`Activate ${branding.name} hub`}
        subtitle="Enter the code from the email to activate your account."
      >
        <OneTimeCodeInput key={attempt} email={codeSentTo} onComplete={completeCode} disabled={link.isPending} autoFocus />
        <Text size="sm" c="dimmed" ta="center">
          Didn't get it?{' '}
          <Anchor component="button" type="button" size="sm" fw={600} disabled={sendCode.isPending} onClick={() => requestCode(codeSentTo)}>
            Send a new code
          </Anchor>
        </Text>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={`Activate ${branding.name} hub`} subtitle="Enter the email address your invitation was sent to. We will email you a 4-digit code.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField value={email} onChange={setEmail} error={error} onClearError={() => setError(null)} autoComplete="email" />
          <Button type="submit" fullWidth loading={sendCode.isPending}>
            Continue
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center">
        Already activated?{' '}
        <Anchor component={Link} to="/sign-in" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
