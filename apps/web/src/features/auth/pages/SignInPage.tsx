import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { AUTH_MESSAGES, normalizeEmail, type SecondFactorNeeded, type SsoDiscovery, TOASTS } from '@profilehub/shared';
import { type FormEvent, lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { safeReturnPath } from '../../../lib/auth.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useBranding } from '../../../lib/white-label.ts';
import { checkRegistrationByEmail } from '../api/check-registration.ts';
import { discoverSso } from '../api/discover-sso.ts';
import { useGenerateLoginOtp } from '../api/generate-login-otp.ts';
import { getSetupStatus } from '../api/get-setup-status.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { PasskeyButton, usePasskeyAutofill, usePasskeysSupported } from '../components/PasskeySignIn.tsx';
import { GoogleSignIn, SignUpLink } from '../components/SignInAlternatives.tsx';
import { emailFromQuery, initialSignInView, registerPath, type SignInView, stepForRegistrationStatus } from '../sign-in-flow.ts';

// The page opens on the email step; every later step is its own chunk. The password step
// is fetched as soon as an email is submitted, alongside the check that leads to it.
const loadLoginView = () => import('../components/LoginView.tsx');
const LoginView = lazy(async () => ({ default: (await loadLoginView()).LoginView }));
// Few visits reach these: resetting a password and confirming an email with a code.
const ForgotPasswordView = lazy(async () => ({ default: (await import('../components/ForgotPasswordView.tsx')).ForgotPasswordView }));
// Only people whose company signs them in with SSO (issue #28) see this.
const SsoView = lazy(async () => ({ default: (await import('../components/SsoView.tsx')).SsoView }));
const VerifyView = lazy(async () => ({ default: (await import('../components/VerifyView.tsx')).VerifyView }));
// Only accounts that ask for a second step after the password see this one.
const SecondFactorView = lazy(async () => ({ default: (await import('../components/SecondFactorView.tsx')).SecondFactorView }));
// The first-visit welcome (spec §2) only concerns visitors arriving from a profile page (`_ftv`).
const Welcome = lazy(async () => ({ default: (await import('../components/Welcome.tsx')).Welcome }));

export function SignInPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const branding = useBranding();
  const [view, setViewNow] = useState<SignInView>(() => initialSignInView(search));
  // A transition keeps the current view on screen while the next one's code arrives.
  const setView = (next: SignInView) => startTransition(() => setViewNow(next));
  const [email, setEmail] = useState(() => emailFromQuery(search));
  // Whether a login code went out in this visit: `?verify` from an address has sent none.
  const [codeSent, setCodeSent] = useState(false);
  // The ticket of a right password whose account asks for a passkey or an emailed code next.
  const [secondStep, setSecondStep] = useState<SecondFactorNeeded['secondFactor'] | null>(null);
  const returnTo = safeReturnPath(search.get('params'));
  // What the email's domain offers: its company's single sign-on, and whether only that.
  const [sso, setSso] = useState<SsoDiscovery | null>(null);

  const ftv = search.get('_ftv');
  const welcome = ftv ? (
    <Suspense fallback={null}>
      <Welcome ftv={ftv} whiteLabelled={Boolean(branding.whiteLabel)} />
    </Suspense>
  ) : null;

  if (view === 'login') {
    return (
      <>
        <Suspense fallback={<ViewLoader />}>
          <LoginView
            email={email}
            onEmailChange={setEmail}
            onForgot={() => setView('forgotPassword')}
            returnTo={returnTo}
            ssoAvailable={Boolean(sso?.sso)}
            onSecondFactor={(step) => {
              setSecondStep(step);
              setView('secondFactor');
            }}
          />
        </Suspense>
        {welcome}
      </>
    );
  }
  if (view === 'forgotPassword') {
    return (
      <Suspense fallback={<ViewLoader />}>
        <ForgotPasswordView email={email} onEmailChange={setEmail} onBack={() => setView(email ? 'login' : 'sign-in')} />
      </Suspense>
    );
  }
  if (view === 'sso') {
    return (
      <Suspense fallback={<ViewLoader />}>
        <SsoView email={email} required={Boolean(sso?.required)} onBack={() => setView('sign-in')} />
      </Suspense>
    );
  }
  if (view === 'secondFactor' && secondStep) {
    return (
      <Suspense fallback={<ViewLoader />}>
        <SecondFactorView email={email} step={secondStep} returnTo={returnTo} onBack={() => setView('login')} />
      </Suspense>
    );
  }
  if (view === 'verify') {
    return (
      <Suspense fallback={<ViewLoader />}>
        <VerifyView email={email} codeSent={codeSent} onVerified={() => setView('login')} onBack={() => setView('sign-in')} />
      </Suspense>
    );
  }
  return (
    <>
      <EmailView
        hubName={branding.name}
        returnTo={returnTo}
        email={email}
        onEmailChange={setEmail}
        onNext={(next, sent = false) => {
          setCodeSent(sent);
          setView(next);
        }}
        onRegister={(path) => navigate(path)}
        onSso={setSso}
      />
      {welcome}
    </>
  );
}

/** Shown while a step opened straight from the address (`?email=`, `?forgot-password`, `?verify`) loads. */
function ViewLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** An empty install (no superadmin yet) says how to set it up instead of leaving its operator at a sign-in nobody can pass. */
function useSetupNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    getSetupStatus().then(
      (s) => setNeeded(s.needed),
      () => undefined,
    );
  }, []);
  return needed;
}

type EmailViewProps = {
  hubName: string;
  returnTo: string | null;
  email: string;
  onEmailChange: (email: string) => void;
  /** `codeSent`: the login code of the verify view went out. */
  onNext: (view: SignInView, codeSent?: boolean) => void;
  onRegister: (path: string) => void;
  onSso: (sso: SsoDiscovery | null) => void;
};

/** Step one (view sign-in): the email decides whether a password, a code or registration comes next (spec §4). */
function EmailView({ hubName, returnTo, email, onEmailChange, onNext, onRegister, onSso }: EmailViewProps) {
  usePasskeyAutofill(returnTo);
  const passkeys = usePasskeysSupported();
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const sendCode = useGenerateLoginOtp();
  const setupNeeded = useSetupNeeded();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(AUTH_MESSAGES.emailRequired);
      return;
    }
    setError(null);
    loadLoginView().catch(() => undefined); // a failed download surfaces when the step renders
    // A username cannot be looked up by email; it goes straight to the password.
    if (!value.includes('@')) {
      onNext('login');
      return;
    }
    const address = normalizeEmail(value);
    onEmailChange(address);
    setChecking(true);
    // The company's single sign-on first: when it is required, no password or code is asked for.
    const sso = await discoverSso(address).catch(() => null);
    onSso(sso);
    if (sso?.required) {
      setChecking(false);
      onNext('sso');
      return;
    }
    let status = 200;
    let serverMessage: string | undefined;
    try {
      await checkRegistrationByEmail(address);
    } catch (err) {
      status = err instanceof ApiError ? err.status : 0;
      serverMessage = err instanceof ApiError ? err.message : undefined;
    }
    const step = stepForRegistrationStatus(status, serverMessage);
    if (step.kind === 'stay') {
      setChecking(false);
      setError(step.toast);
      return;
    }
    // Not invited or not registered yet, but the company's provider can sign them in (and make the account).
    if (step.kind === 'register' && sso?.sso) {
      setChecking(false);
      onNext('sso');
      return;
    }
    if (step.kind === 'register') {
      toastError(step.toast, { forNextScreen: true });
      onRegister(registerPath(address, step.view));
      return;
    }
    let sent = false;
    if (step.view === 'verify') {
      try {
        await sendCode.mutateAsync(address);
        toastSuccess(TOASTS.otpSent);
        sent = true;
      } catch (err) {
        toastError(err);
      }
    }
    setChecking(false);
    onNext(step.view, sent);
  };

  return (
    <AuthLayout title={`Sign in to ${hubName} hub`} subtitle="Enter your email address to continue.">
      {setupNeeded ? (
        <Alert color="blue" variant="light" title="This hub has no administrator yet">
          Open the one-time setup link the server printed when it first started. Lost it? Run <code>npm run admin:setup-link</code> on the server.
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField value={email} onChange={onEmailChange} error={error} onClearError={() => setError(null)} autoComplete="username webauthn" />
          <Button type="submit" fullWidth loading={checking}>
            Continue
          </Button>
        </Stack>
      </form>
      {passkeys ? <PasskeyButton returnTo={returnTo} /> : null}
      <GoogleSignIn divider={!passkeys} />
      <SignUpLink />
    </AuthLayout>
  );
}
