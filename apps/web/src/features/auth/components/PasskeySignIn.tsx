import { Button } from '@mantine/core';
import { PASSKEY_MESSAGES } from '@profilehub/shared';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { IconPasskey } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/notify.ts';
import { signInWithPasskey, usePasskeySignIn } from '../api/passkey-sign-in.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

/** The browser said no: the person closed its prompt, or it timed out (both NotAllowedError), or another prompt took over. */
const browserRefused = (err: unknown) => err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

/** What a failed passkey sign-in tells the person: the hub's reason, or that the prompt was cancelled. */
export function passkeyProblem(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (browserRefused(err)) return PASSKEY_MESSAGES.cancelled;
  return PASSKEY_MESSAGES.signInFailed;
}

/**
 * Conditional UI: while the sign-in page's email step is open, the browser offers the hub's
 * passkeys in the email field's autofill (its autocomplete says `webauthn`). Choosing one
 * signs in; leaving the step cancels the request.
 */
export function usePasskeyAutofill(returnTo: string | null) {
  const finish = useFinishSignIn(returnTo);
  const latest = useRef(finish);
  latest.current = finish;
  useEffect(() => {
    let live = true;
    (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      try {
        const auth = await signInWithPasskey({ autofill: true });
        if (live) latest.current(auth.user);
      } catch (err) {
        // Cancelled (the button's own prompt, leaving the step) or dismissed: nothing to say.
        if (live && !browserRefused(err)) toastError(passkeyProblem(err));
      }
    })();
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);
}

/** "Sign in with a passkey": the browser's own prompt lists the hub's passkeys on this device or a phone. */
export function PasskeyButton({ returnTo }: { returnTo: string | null }) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const passkey = usePasskeySignIn();
  const finish = useFinishSignIn(returnTo);
  if (!supported) return null;
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconPasskey size={18} />}
      loading={passkey.isPending}
      onClick={() => passkey.mutate({}, { onSuccess: (auth) => finish(auth.user), onError: (err) => toastError(passkeyProblem(err)) })}
    >
      Sign in with a passkey
    </Button>
  );
}
