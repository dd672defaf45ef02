import type { AuthResponse } from '@profilehub/shared';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

type PasskeySignIn = {
  /** After a right password on an account that asks for a second step: only that account's passkeys. */
  ticket?: string;
  /** Conditional UI: the browser offers the passkeys in the email field's autofill instead of a dialog. */
  autofill?: boolean;
};

/** POST /api/auth/passkey/options, the browser's passkey prompt, then POST /api/auth/passkey: a session. */
export async function signInWithPasskey({ ticket, autofill = false }: PasskeySignIn = {}): Promise<AuthResponse> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options', {
    method: 'POST',
    body: ticket ? { ticket } : {},
    auth: false,
  });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiRequest<AuthResponse>('/api/auth/passkey', { method: 'POST', body: ticket ? { response, ticket } : { response }, auth: false });
}

export function usePasskeySignIn() {
  return useAction(signInWithPasskey, { onSuccess: startSession });
}
