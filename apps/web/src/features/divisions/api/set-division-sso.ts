import type { SsoConfig, SsoConfigInput, SsoConfigReply } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionSsoKey } from './get-division-sso.ts';

/** PUT /api/companies/{id}/sso: saved once the issuer answers OpenID discovery, or the SAML metadata reads; no secret (or metadata) keeps the stored one. */
function setDivisionSso({ id, input }: { id: number; input: SsoConfigInput }): Promise<SsoConfig> {
  return apiRequest(`/api/companies/${id}/sso`, { method: 'PUT', body: input });
}

export function useSetDivisionSso(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDivisionSso,
    onSuccess: (config) =>
      client.setQueryData<SsoConfigReply>(divisionSsoKey(id), (before) => before && { ...before, config, redirectUri: config.redirectUri }),
  });
}
