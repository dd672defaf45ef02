import type { AccountMessage } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { passkeysKey } from './get-passkeys.ts';

/** PUT /api/account/second-factor {required}: whether a passkey or an emailed code must follow the password. */
function setSecondFactor(required: boolean): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('/api/account/second-factor', { method: 'PUT', body: { required } });
}

export function useSetSecondFactor() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setSecondFactor, onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }) });
}
