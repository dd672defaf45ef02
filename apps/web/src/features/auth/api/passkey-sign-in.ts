import type { AuthResponse } from '@profilehub/shared';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { getPasskey } from '../../../lib/passkeys.ts';
import { useAction } from '../../../lib/use-action.ts';

type PasskeySignIn = {
  /** After a right password on an account that asks for a second step: only that account's passkeys. */
  ticket?: string;
  /** Conditional UI: the browser offers the passkeys in the email field's autofill instead of a dialog. */
  autofill?: boolean;
};

/** POST /api/auth/passkey/options, then the browser's passkey prompt (or autofill): the signed answer. */
export async function askForPasskey({ ticket, autofill = false }: PasskeySignIn = {}): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options', {
    method: 'POST',
    body: ticket ? { ticket } : {},
    auth: false,
  });
  return getPasskey(optionsJSON, { autofill });
}

/** POST /api/auth/passkey: the hub checks the passkey's answer and starts a session. */
export function finishPasskeySignIn(response: AuthenticationResponseJSON, ticket?: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/passkey', { method: 'POST', body: ticket ? { response, ticket } : { response }, auth: false });
}

async function signInWithPasskey(input: PasskeySignIn = {}): Promise<AuthResponse> {
  return finishPasskeySignIn(await askForPasskey(input), input.ticket);
}

export function usePasskeySignIn() {
  return useAction(signInWithPasskey, { onSuccess: startSession });
}
