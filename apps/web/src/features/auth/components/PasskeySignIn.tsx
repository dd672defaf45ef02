import { Button, Divider } from '@mantine/core';
import { PASSKEY_MESSAGES } from '@profilehub/shared';
import { useEffect, useRef, useState } from 'react';
import { IconPasskey } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { toastError } from '../../../lib/notify.ts';
import { cancelPasskeyRequest, passkeyAutofillAvailable, passkeysSupported } from '../../../lib/passkeys.ts';
import { askForPasskey, finishPasskeySignIn, usePasskeySignIn } from '../api/passkey-sign-in.ts';
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
      let answer: Awaited<ReturnType<typeof askForPasskey>>;
      try {
        if (!(await passkeyAutofillAvailable())) return;
        answer = await askForPasskey({ autofill: true });
      } catch {
        // Nobody picked a passkey: cancelled (the button's own prompt, leaving the step), or the hub or
        // the browser could not offer one here (an IP address is no passkey host). Nothing to say.
        return;
      }
      try {
        const auth = await finishPasskeySignIn(answer);
        startSession(auth);
        if (live) latest.current(auth.user);
      } catch (err) {
        toastError(passkeyProblem(err));
      }
    })();
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
  }, []);
}

/** Whether this browser can use passkeys at all (the button shows only then). */
export function usePasskeysSupported(): boolean {
  const [supported] = useState(passkeysSupported);
  return supported;
}

/** 'or' and "Sign in with a passkey": the browser's own prompt lists the hub's passkeys on this device or a phone. */
export function PasskeyButton({ returnTo }: { returnTo: string | null }) {
  const passkey = usePasskeySignIn();
  const finish = useFinishSignIn(returnTo);
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconPasskey size={18} />}
        loading={passkey.isPending}
        onClick={() => passkey.mutate({}, { onSuccess: (auth) => finish(auth.user), onError: (err) => toastError(passkeyProblem(err)) })}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
