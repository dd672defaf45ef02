import type { Passkey } from '@profilehub/shared';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { passkeysKey } from './get-passkeys.ts';

/** POST /api/account/passkeys/options, the browser's prompt to make a passkey, then POST /api/account/passkeys. */
async function addPasskey(): Promise<Passkey> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  return apiRequest<Passkey>('/api/account/passkeys', { method: 'POST', body: { response } });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }) });
}
